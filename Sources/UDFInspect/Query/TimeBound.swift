import Foundation

/// A `--since` or `--until` time as the user wrote it.
///
/// A time of day (`11:49:10`, `11:49:10.123`, `11:49`) is what `log` prints,
/// so it is read on the day the session started, in the zone the times print
/// in. An absolute time is ISO 8601 or Unix seconds; a relative one (`10m`,
/// `2h ago`, `1d`) counts back from now.
struct TimeBound: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case absolute(Date)
        /// Seconds after midnight, and how many fraction digits were written.
        case timeOfDay(seconds: Double, precision: Double)
    }

    let kind: Kind
    /// The text given, for headers.
    let text: String

    init?(_ text: String, now: Date) {
        self.text = text
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let date = TimeFormat.parse(trimmed) {
            kind = .absolute(date)
        } else if let seconds = TimeBound.relativeSeconds(trimmed) {
            kind = .absolute(now.addingTimeInterval(-seconds))
        } else if let time = TimeBound.timeOfDay(trimmed) {
            kind = .timeOfDay(seconds: time.seconds, precision: time.precision)
        } else {
            return nil
        }
    }

    /// The first instant a `--since` bound keeps, or with `upper` the last
    /// instant an `--until` bound keeps.
    ///
    /// Times print rounded to the millisecond, so a bound keeps every step
    /// that prints as it was written: `--since 11:49:10.260` keeps
    /// 11:49:10.2596. A time of day covers its whole last written unit, so
    /// `--until 11:49:10` keeps 11:49:10.999 (and 11:49:10.9994).
    func date(onDayOf reference: Date, in zone: TimeZone, upper: Bool = false) -> Date {
        let halfMillisecond = 0.000_5
        switch kind {
        case .absolute(let date):
            return date.addingTimeInterval(upper ? halfMillisecond - 0.000_001 : -halfMillisecond)
        case .timeOfDay(let seconds, let precision):
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let midnight = calendar.startOfDay(for: reference)
            return midnight.addingTimeInterval(seconds + (upper ? precision - halfMillisecond - 0.000_001 : -halfMillisecond))
        }
    }

    /// `10m`, `90s`, `2h ago`, `1.5d`: units s, m, h, d, w.
    static func relativeSeconds(_ text: String) -> Double? {
        var body = Substring(text)
        if body.hasSuffix(" ago") { body = body.dropLast(4).drop { $0 == " " } }
        body = Substring(body.trimmingCharacters(in: .whitespaces))
        guard let unit = body.last else { return nil }
        let scale: Double
        switch unit {
        case "s": scale = 1
        case "m": scale = 60
        case "h": scale = 3_600
        case "d": scale = 86_400
        case "w": scale = 604_800
        default: return nil
        }
        let number = body.dropLast().trimmingCharacters(in: .whitespaces)
        guard !number.isEmpty, number.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let value = Double(number), value.isFinite else { return nil }
        return value * scale
    }

    /// `HH:MM`, `HH:MM:SS` or `HH:MM:SS.fff`, as seconds after midnight and the
    /// length of the last written unit.
    static func timeOfDay(_ text: String) -> (seconds: Double, precision: Double)? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3 else { return nil }
        func field(_ part: Substring, below limit: Int) -> Int? {
            guard part.count == 2, part.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(part), value < limit else { return nil }
            return value
        }
        guard let hours = field(parts[0], below: 24) else { return nil }
        var seconds = Double(hours * 3_600)
        var precision = 60.0
        if parts.count == 2 {
            guard let minutes = field(parts[1], below: 60) else { return nil }
            return (seconds + Double(minutes * 60), precision)
        }
        guard let minutes = field(parts[1], below: 60) else { return nil }
        seconds += Double(minutes * 60)
        let secondParts = parts[2].split(separator: ".", omittingEmptySubsequences: false)
        guard secondParts.count <= 2, let whole = field(secondParts[0], below: 60) else { return nil }
        seconds += Double(whole)
        precision = 1
        if secondParts.count == 2 {
            let fraction = secondParts[1]
            guard !fraction.isEmpty, fraction.count <= 9, fraction.allSatisfy({ $0.isASCII && $0.isNumber }),
                  let value = Double("0." + fraction) else { return nil }
            seconds += value
            precision = pow(10, -Double(fraction.count))
        }
        return (seconds, precision)
    }
}

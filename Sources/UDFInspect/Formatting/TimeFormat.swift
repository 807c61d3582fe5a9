import Foundation
import UDFJSON

/// Times as the inspector prints them: ISO 8601 in UTC, to the millisecond,
/// in the same format the encoder writes dates (`JSONDateFormat`), so output
/// is the same on every machine.
enum TimeFormat {
    /// `2026-11-30T02:42:57.123Z`; a time outside years 0000–9999 prints as
    /// Unix seconds.
    static func iso(_ date: Date) -> String {
        JSONDateFormat.string(from: date) ?? "\(date.timeIntervalSince1970)"
    }

    /// `2026-11-30T03:42:57.123+01:00`: ISO 8601 in `zone`, or in UTC (`Z`) when nil.
    static func iso(_ date: Date, in zone: TimeZone?) -> String {
        guard let zone else { return iso(date) }
        let offset = zone.secondsFromGMT(for: date)
        let text = iso(date.addingTimeInterval(TimeInterval(offset)))
        guard text.hasSuffix("Z") else { return text }
        let sign = offset < 0 ? "-" : "+"
        let minutes = abs(offset) / 60
        return String(text.dropLast()) + sign + String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    /// `02:42:57.123`, for tables whose session header gives the date; in
    /// UTC unless another zone is asked for (`--local-time`).
    static func timeOfDay(_ date: Date, in zone: TimeZone? = nil) -> String {
        // Shifting by the zone's offset lets the one UTC formatter print local wall-clock time.
        let shifted = zone.map { date.addingTimeInterval(TimeInterval($0.secondsFromGMT(for: date))) } ?? date
        // Outside years 0000–9999 the time prints as `iso` prints it, Unix seconds.
        return JSONDateFormat.timeOfDay(from: shifted) ?? iso(shifted)
    }

    /// A reducer duration: `850ns`, `12µs`, `3.4ms`.
    static func duration(nanoseconds: Int) -> String {
        switch nanoseconds {
        case ..<1_000: "\(nanoseconds)ns"
        case ..<1_000_000: "\(nanoseconds / 1_000)µs"
        default: String(format: "%.1fms", Double(nanoseconds) / 1_000_000)
        }
    }

    /// Parses `2026-11-30T02:42:57Z`, with or without a fraction or with an
    /// offset such as `+01:00`, or a number of Unix seconds.
    static func parse(_ text: String) -> Date? {
        if let seconds = Double(text) { return Date(timeIntervalSince1970: seconds) }
        return JSONDateFormat.date(from: text)
    }
}

import Foundation

/// The one date format of this module: ISO 8601 in UTC with milliseconds,
/// for example `2026-11-30T02:42:57.123Z`.
///
/// Written by hand rather than with `ISO8601DateFormatter` because encoding
/// runs on every recorded action and the formatter is slow and not `Sendable`.
/// Dates are rounded to the nearest millisecond; years 0000 to 9999 only.
public enum JSONDateFormat {
    private static let millisecondsPerDay: Int64 = 86_400_000
    /// Milliseconds from 1970-01-01 to 2001-01-01, `Date`'s reference date.
    private static let referenceDateOffset: Int64 = 978_307_200_000
    /// 0000-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z in Unix milliseconds.
    private static let earliest: Int64 = -62_167_219_200_000
    private static let latest: Int64 = 253_402_300_799_999

    /// The text for `date`, or nil when it is not finite or outside years 0–9999.
    public static func string(from date: Date) -> String? {
        guard let parts = Parts(date) else { return nil }
        let (year, month, day) = civilDate(fromDays: parts.days)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        appendFields(year, month, day, widths: (4, 2, 2), separator: "-", to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        parts.appendTime(to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The time of day of `string(from:)`, `02:42:57.123`, written alone:
    /// tables of a million steps print one a row. Nil where `string(from:)` is.
    public static func timeOfDay(from date: Date) -> String? {
        guard let parts = Parts(date) else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(12)
        parts.appendTime(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A date rounded to the millisecond: its day since 1970 and the
    /// milliseconds into that day.
    private struct Parts {
        let days: Int64
        let millisecondOfDay: Int64

        init?(_ date: Date) {
            let interval = date.timeIntervalSinceReferenceDate * 1000
            guard interval.isFinite else { return nil }
            let rounded = interval.rounded()
            guard rounded > Double(earliest - referenceDateOffset) - 1,
                rounded < Double(latest - referenceDateOffset) + 1
            else { return nil }
            let unixMilliseconds = Int64(rounded) + referenceDateOffset
            guard unixMilliseconds >= earliest, unixMilliseconds <= latest else { return nil }
            days = floorDivide(unixMilliseconds, millisecondsPerDay)
            millisecondOfDay = unixMilliseconds - days * millisecondsPerDay
        }

        /// `HH:MM:SS.mmm`.
        func appendTime(to bytes: inout [UInt8]) {
            var remainder = millisecondOfDay
            let millisecond = remainder % 1000
            remainder /= 1000
            let second = remainder % 60
            remainder /= 60
            let minute = remainder % 60
            let hour = remainder / 60
            appendFields(hour, minute, second, widths: (2, 2, 2), separator: ":", to: &bytes)
            bytes.append(UInt8(ascii: "."))
            appendDigits(millisecond, count: 3, to: &bytes)
        }
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; nil for anything else.
    public static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        var position = 0
        func number(_ count: Int) -> Int64? {
            guard position + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for _ in 0..<count {
                let byte = bytes[position]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int64(byte - UInt8(ascii: "0"))
                position += 1
            }
            return value
        }
        func expect(_ character: Unicode.Scalar) -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"),
            let day = number(2), expect("T"), let hour = number(2), expect(":"),
            let minute = number(2), expect(":"), let second = number(2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour < 24, minute < 60, second < 60
        else { return nil }

        var milliseconds: Int64 = 0
        var extraFraction = 0.0
        if expect(".") {
            var digitCount = 0
            var scale = 0.1
            while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
                let digit = Int64(bytes[position] - UInt8(ascii: "0"))
                if digitCount < 3 {
                    milliseconds = milliseconds * 10 + digit
                } else {
                    extraFraction += Double(digit) * scale
                    scale /= 10
                }
                digitCount += 1
                position += 1
            }
            guard digitCount > 0 else { return nil }
            for _ in digitCount..<max(digitCount, 3) {
                milliseconds *= 10
            }
        }

        var offsetMinutes: Int64 = 0
        if expect("Z") {
            offsetMinutes = 0
        } else if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") {
            let sign: Int64 = bytes[position] == UInt8(ascii: "-") ? -1 : 1
            position += 1
            guard let offsetHours = number(2), expect(":"), let offsetMinute = number(2),
                offsetHours < 24, offsetMinute < 60
            else { return nil }
            offsetMinutes = sign * (offsetHours * 60 + offsetMinute)
        } else {
            return nil
        }
        guard position == bytes.count else { return nil }

        let days = daysFromCivil(year: year, month: month, day: day)
        let unixMilliseconds = days * millisecondsPerDay
            + ((hour * 60 + minute - offsetMinutes) * 60 + second) * 1000 + milliseconds
        let sinceReference = Double(unixMilliseconds - referenceDateOffset) + extraFraction
        return Date(timeIntervalSinceReferenceDate: sinceReference / 1000)
    }

    private static func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    /// Year, month and day of the proleptic Gregorian calendar for a count of
    /// days since 1970-01-01, computed in 400-year eras of 146,097 days.
    private static func civilDate(fromDays days: Int64) -> (Int64, Int64, Int64) {
        let shifted = days + 719_468  // days since 0000-03-01: leap day falls at the end of a year
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// The inverse of `civilDate(fromDays:)`.
    private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let marchYear = month <= 2 ? year - 1 : year
        let era = floorDivide(marchYear, 400)
        let yearOfEra = marchYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2:
            let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
            return leap ? 29 : 28
        case 4, 6, 9, 11:
            return 30
        default:
            return 31
        }
    }

    /// Three values as `appendDigits` writes them, `separator` between two;
    /// three plain arguments, so that no array is made for each date encoded.
    private static func appendFields(
        _ first: Int64, _ second: Int64, _ third: Int64, widths: (Int, Int, Int), separator: Unicode.Scalar, to bytes: inout [UInt8]
    ) {
        appendDigits(first, count: widths.0, to: &bytes)
        bytes.append(UInt8(ascii: separator))
        appendDigits(second, count: widths.1, to: &bytes)
        bytes.append(UInt8(ascii: separator))
        appendDigits(third, count: widths.2, to: &bytes)
    }

    private static func appendDigits(_ value: Int64, count: Int, to bytes: inout [UInt8]) {
        var divisor: Int64 = 1
        for _ in 1..<count {
            divisor *= 10
        }
        var remaining = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(remaining / divisor))
            remaining %= divisor
            divisor /= 10
        }
    }
}

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

    /// `02:42:57.123`, for tables whose session header gives the date.
    static func timeOfDay(_ date: Date) -> String {
        let text = iso(date)
        guard let t = text.firstIndex(of: "T") else { return text }
        return String(text[text.index(after: t)...].dropLast())
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

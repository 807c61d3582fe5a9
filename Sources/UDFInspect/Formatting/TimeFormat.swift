import Foundation

/// Times as the inspector prints them: ISO 8601 in UTC, to the millisecond,
/// so output is the same on every machine.
enum TimeFormat {
    /// `2026-11-30T02:42:57.123Z`.
    static func iso(_ date: Date) -> String {
        let parts = components(date)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ",
            parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second, parts.millisecond
        )
    }

    /// `02:42:57.123`, for tables whose session header gives the date.
    static func timeOfDay(_ date: Date) -> String {
        let parts = components(date)
        return String(format: "%02d:%02d:%02d.%03d", parts.hour, parts.minute, parts.second, parts.millisecond)
    }

    /// A reducer duration: `850ns`, `12µs`, `3.4ms`.
    static func duration(nanoseconds: Int) -> String {
        switch nanoseconds {
        case ..<1_000: "\(nanoseconds)ns"
        case ..<1_000_000: "\(nanoseconds / 1_000)µs"
        default: String(format: "%.1fms", Double(nanoseconds) / 1_000_000)
        }
    }

    /// Parses `2026-11-30T02:42:57Z`, with or without milliseconds, or a
    /// number of Unix seconds.
    static func parse(_ text: String) -> Date? {
        if let seconds = Double(text) { return Date(timeIntervalSince1970: seconds) }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.date(from: text)
    }

    private static func components(_ date: Date) -> (year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, millisecond: Int) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
        let milliseconds = (date.timeIntervalSince1970 * 1_000).rounded(.down)
        let whole = Date(timeIntervalSince1970: (milliseconds / 1_000).rounded(.down))
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: whole)
        let millisecond = Int(milliseconds) - Int((milliseconds / 1_000).rounded(.down)) * 1_000
        return (parts.year ?? 0, parts.month ?? 0, parts.day ?? 0, parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, millisecond)
    }
}

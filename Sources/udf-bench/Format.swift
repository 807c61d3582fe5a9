import Foundation

/// Human-readable figures with three significant digits.
enum Format {
    static func duration(_ seconds: Double) -> String {
        if seconds.isNaN { return "n/a" }
        let magnitude = abs(seconds)
        if magnitude < 1e-6 { return "\(digits(seconds * 1e9)) ns" }
        if magnitude < 1e-3 { return "\(digits(seconds * 1e6)) µs" }
        if magnitude < 1 { return "\(digits(seconds * 1e3)) ms" }
        return "\(digits(seconds)) s"
    }

    static func bytes(_ count: Double) -> String {
        if count < 1_024 { return "\(Int(count.rounded())) B" }
        if count < 1_048_576 { return "\(digits(count / 1_024)) KB" }
        return "\(digits(count / 1_048_576)) MB"
    }

    static func rate(_ perSecond: Double) -> String {
        perSecond >= 100 ? "\(Int(perSecond.rounded()))/s" : "\(digits(perSecond))/s"
    }

    static func digits(_ value: Double) -> String {
        let magnitude = abs(value)
        let decimals = magnitude >= 100 ? 0 : magnitude >= 10 ? 1 : 2
        return String(format: "%.\(decimals)f", value)
    }

    /// Ours against an anchor's time, said the way round that reads as more
    /// than 1: `ours 3.10× faster`, or `ours 1.48× slower`.
    static func speedup(ours: Double, anchor: Double) -> String {
        anchor >= ours ? "ours \(digits(anchor / ours))× faster" : "ours \(digits(ours / anchor))× slower"
    }
}

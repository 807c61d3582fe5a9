/// The Swift names a generated test is built from: checked, because they
/// are spliced into source, or derived from a timeline's name.
enum SwiftName {
    /// Whether `name` is an ASCII Swift identifier: a letter or `_`, then letters, digits or `_`.
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, isLetter(first) else { return false }
        return name.utf8.allSatisfy { isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) }
    }

    /// Whether `name` is identifiers joined by dots, such as `App.State`.
    static func isQualified(_ name: String) -> Bool {
        name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { isIdentifier(String($0)) }
    }

    /// The suite's type name for a timeline: `fix` gives `FixTimelineTests`,
    /// `no-swipe` gives `NoSwipeTimelineTests`.
    static func suite(forTimeline timeline: String) -> String {
        let words = timeline.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }
        let joined = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        guard let first = joined.first, first.isLetter else { return "Timeline\(joined)Tests" }
        return joined + "TimelineTests"
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_")
    }
}

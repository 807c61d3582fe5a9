import Foundation

/// A compiled regular expression for `matches /…/`, compared by its source.
public struct RegexPattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern between the slashes, with `\/` already unescaped.
    public let source: String
    public let caseInsensitive: Bool
    private let regex: NSRegularExpression

    /// Compiles `source`; nil when it is not a valid ICU regular expression.
    public init?(_ source: String, caseInsensitive: Bool = false) {
        guard let regex = try? NSRegularExpression(
            pattern: source, options: caseInsensitive ? [.caseInsensitive] : []) else { return nil }
        self.source = source
        self.caseInsensitive = caseInsensitive
        self.regex = regex
    }

    /// Whether the pattern matches anywhere in `string`.
    public func matches(_ string: String) -> Bool {
        let range = NSRange(string.startIndex..<string.endIndex, in: string)
        return regex.firstMatch(in: string, options: [], range: range) != nil
    }

    public var description: String {
        "/" + source.replacingOccurrences(of: "/", with: "\\/") + "/" + (caseInsensitive ? "i" : "")
    }

    public static func == (lhs: RegexPattern, rhs: RegexPattern) -> Bool {
        lhs.source == rhs.source && lhs.caseInsensitive == rhs.caseInsensitive
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(caseInsensitive)
    }
}

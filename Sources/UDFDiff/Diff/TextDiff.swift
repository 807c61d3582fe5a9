/// A line-by-line difference of two strings.
public struct TextDiff: Sendable, Equatable {
    /// One line of either string.
    public enum Line: Sendable, Equatable {
        case unchanged(String)
        case removed(String)
        case inserted(String)
    }

    public var old: String
    public var new: String
    public var lines: [Line]

    public init(old: String, new: String, lines: [Line]) {
        self.old = old
        self.new = new
        self.lines = lines
    }
}

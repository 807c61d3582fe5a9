/// A titled list of entries a command's help shows besides its arguments and
/// options, such as the stepper's KEYS or a command's EXIT CODES.
///
/// For example:
///
/// ```swift
/// HelpSection(title: "EXIT CODES", entries: [("0", "Success."), ("64", "A usage error.")])
/// ```
public struct HelpSection: Sendable, Equatable {
    /// One row: the label in the left column, its description beside it.
    public struct Entry: Sendable, Equatable {
        public var label: String
        public var description: String

        public init(_ label: String, _ description: String) {
            self.label = label
            self.description = description
        }
    }

    /// The heading, in capitals, without the colon.
    public var title: String
    public var entries: [Entry]

    public init(title: String, entries: [Entry]) {
        self.title = title
        self.entries = entries
    }

    public init(title: String, entries: [(String, String)]) {
        self.init(title: title, entries: entries.map { Entry($0.0, $0.1) })
    }
}

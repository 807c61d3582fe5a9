/// Which of a session's values were recorded by reflection, because their
/// Swift types are not `Encodable` (format v3, `sessions.reflected`).
///
/// Such a recording reads, diffs and exports like any other, but its JSON
/// is reflection's description of the values, not what `Codable` would
/// decode: resuming, replaying and generating tests need `Codable` types,
/// and refuse it.
public struct ReflectedParts: OptionSet, Sendable, Hashable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    public static let state = ReflectedParts(rawValue: 1)
    public static let actions = ReflectedParts(rawValue: 2)

    /// The column's text: null for none, else `state`, `actions` or `state,actions`.
    public var storedText: String? {
        isEmpty ? nil : words.joined(separator: ",")
    }

    public init(storedText: String?) {
        let words = storedText?.split(separator: ",") ?? []
        self = []
        if words.contains("state") { insert(.state) }
        if words.contains("actions") { insert(.actions) }
    }

    /// For messages: "state", "actions", or "state and actions".
    public var description: String {
        words.joined(separator: " and ")
    }

    /// The one message every consumer that needs `Codable` gives, for
    /// example: "session 2 recorded its state by reflection (the type is not
    /// Codable); replay needs Codable state and action types".
    public static func refusal(session: Int, parts: ReflectedParts, needs consumer: String) -> String {
        let types = parts == [.state, .actions] ? "the types are" : "the type is"
        return "session \(session) recorded its \(parts.description) by reflection (\(types) not Codable); \(consumer) Codable state and action types"
    }

    private var words: [String] {
        (contains(.state) ? ["state"] : []) + (contains(.actions) ? ["actions"] : [])
    }
}

import UDFJSON

/// The name of an action: its enum case, usable as a filter.
///
/// Swift's synthesized `Codable` writes a case as a one-member object,
/// `{"addTodo":{"_0":"Buy milk"}}`, so the name is that member's key. An
/// action that encodes as a plain string uses the string. A Redux-style
/// action, an object with a string `type`, is named by its type: Swift never
/// writes an enum case that way, since a case's payload is always an object.
public enum ActionName {
    public static func of(_ action: JSONValue) -> String {
        switch action {
        case .object(let members) where members["type"]?.stringValue != nil:
            return members["type"]?.stringValue ?? "action"
        case .object(let members) where members.count == 1:
            return members.keys.first ?? "action"
        case .string(let name):
            return name
        default:
            return "action"
        }
    }
}

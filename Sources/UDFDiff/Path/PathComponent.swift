import UDFJSON

/// One step of a `JSONPath`.
public enum PathComponent: Hashable, Sendable, CustomStringConvertible {
    /// An object member: `.name` or `.["name with spaces"]`.
    case key(String)
    /// An array element by position: `[3]`.
    case index(Int)
    /// The array element whose `id` member equals the value: `[id=42]`, `[id="abc"]`.
    case identity(JSONValue)
    /// Every element of an array or every member of an object: `[*]`.
    case wildcard

    public var description: String {
        switch self {
        case .key(let key):
            PathComponent.isPlainKey(key) ? "." + key : ".[" + quotedJSONString(key) + "]"
        case .index(let index):
            "[\(index)]"
        case .identity(let id):
            "[id=\(compactJSON(id))]"
        case .wildcard:
            "[*]"
        }
    }

    /// Keys that can follow a `.` without quotes.
    static func isPlainKey(_ key: String) -> Bool {
        guard let first = key.first, !first.isNumber else { return false }
        return key.allSatisfy(isKeyCharacter)
    }

    static func isKeyCharacter(_ character: Character) -> Bool {
        character == "_" || character == "$" || (character.isASCII && (character.isLetter || character.isNumber))
    }
}

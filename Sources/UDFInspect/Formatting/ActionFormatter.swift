import UDFJSON

/// Prints a recorded action the way Swift would write it.
///
/// Swift's synthesized `Codable` stores `.addTodo("Buy milk")` as
/// `{"addTodo":{"_0":"Buy milk"}}`; this turns it back into
/// `addTodo("Buy milk")`, `toggleTodo(id: 1)` or `submitLogin`.
///
/// A Redux action, an object with a string `type`, reads as Redux users
/// write it: its type, then its other members as an object literal, as in
/// `counter/incrementByAmount {payload: 5}`. Swift never encodes an enum
/// case as `{"type": "…"}` (a payload is always an object), so the two
/// cannot be confused.
///
/// Names and labels come from the recording as they are, so a line break,
/// a terminal control or a bidirectional control in one is shown escaped
/// (`HiddenScalars`), as the JSON of a value shows it.
enum ActionFormatter {
    static func format(_ action: JSONValue?, maxWidth: Int? = nil) -> String {
        shortened(whole(action), maxWidth: maxWidth)
    }

    /// The action's whole text, escaped, before any shortening.
    static func whole(_ action: JSONValue?) -> String {
        guard let action else { return "(initial state)" }
        let written: String
        switch action {
        case .object(let members) where members["type"]?.stringValue != nil:
            written = redux(members)
        case .object(let members) where members.count == 1:
            written = members.map { name, payload in name + arguments(payload) }.joined()
        case .string(let name):
            written = name
        default:
            written = action.canonicalText
        }
        return HiddenScalars.escaped(written)
    }

    /// `text` cut to `maxWidth` characters, its last one an ellipsis.
    static func shortened(_ text: String, maxWidth: Int?) -> String {
        guard let maxWidth, text.count > maxWidth, maxWidth > 1 else { return text }
        return String(text.prefix(maxWidth - 1)) + "…"
    }

    private static func redux(_ members: [String: JSONValue]) -> String {
        let type = members["type"]?.stringValue ?? ""
        let rest = members.filter { $0.key != "type" }
        guard !rest.isEmpty else { return type }
        return type + " " + literal(.object(rest))
    }

    /// A value as a JavaScript object literal: identifier keys unquoted.
    private static func literal(_ value: JSONValue) -> String {
        switch value {
        case .object(let members):
            let fields = members.keys.sorted().map { key in
                "\(isIdentifier(key) ? key : JSONValue.string(key).canonicalText): \(literal(members[key] ?? .null))"
            }
            return "{" + fields.joined(separator: ", ") + "}"
        case .array(let elements):
            return "[" + elements.map(literal).joined(separator: ", ") + "]"
        default:
            return value.canonicalText
        }
    }

    /// A key JavaScript takes unquoted in an object literal.
    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, !("0"..."9").contains(first) else { return false }
        return key.unicodeScalars.allSatisfy { scalar in
            ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "$"
        }
    }

    private static func arguments(_ payload: JSONValue) -> String {
        guard case .object(let members) = payload else {
            return "(\(payload.canonicalText))"
        }
        if members.isEmpty { return "" }
        let labels = members.keys.sorted { position($0) < position($1) }
        let parts = labels.map { label in
            let value = members[label]?.canonicalText ?? "null"
            return isPositional(label) ? value : "\(label): \(value)"
        }
        return "(" + parts.joined(separator: ", ") + ")"
    }

    /// `_0`, `_1`… keep their order; labelled arguments sort after them by name.
    private static func position(_ label: String) -> (Int, String) {
        if isPositional(label), let index = Int(label.dropFirst()) { return (index, "") }
        return (Int.max, label)
    }

    private static func isPositional(_ label: String) -> Bool {
        label.hasPrefix("_") && Int(label.dropFirst()) != nil
    }
}

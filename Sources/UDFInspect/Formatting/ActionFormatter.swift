import UDFJSON

/// Prints a recorded action the way Swift would write it.
///
/// Swift's synthesized `Codable` stores `.addTodo("Buy milk")` as
/// `{"addTodo":{"_0":"Buy milk"}}`; this turns it back into
/// `addTodo("Buy milk")`, `toggleTodo(id: 1)` or `submitLogin`.
enum ActionFormatter {
    static func format(_ action: JSONValue?, maxWidth: Int? = nil) -> String {
        guard let action else { return "(initial state)" }
        let text: String
        switch action {
        case .object(let members) where members.count == 1:
            text = members.map { name, payload in name + arguments(payload) }.joined()
        case .string(let name):
            text = name
        default:
            text = action.canonicalText
        }
        guard let maxWidth, text.count > maxWidth, maxWidth > 1 else { return text }
        return String(text.prefix(maxWidth - 1)) + "…"
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

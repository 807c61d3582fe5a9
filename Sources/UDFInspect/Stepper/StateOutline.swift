import UDFJSON

/// A state as the stepper prints it, one line per member, each line knowing
/// the path of the value it shows, so that the view can keep its place by
/// path across steps and fold subtrees.
///
/// Unfolded, the lines are those of `JSONValue.prettyText(indent: 2)`. A
/// folded object or array prints on one line, `"login": {… 4 keys},` or
/// `"todos": [… 3 elements],`. Array elements that carry an `id` are named
/// `[id=3]` rather than by index, so a place survives an insertion before it.
struct StateOutline: Equatable, Sendable {
    struct Line: Equatable, Sendable {
        var text: String
        /// The path's components, such as `[".todos", "[id=2]"]`; empty for the root.
        var components: [String]
        /// Whether the line opens an object or an array, or shows one folded.
        var isContainer: Bool
        /// Whether the line closes an object or an array.
        var isClosing = false

        var path: String { components.isEmpty ? "." : components.joined() }
    }

    private(set) var lines: [Line] = []

    /// Outlines `value`, whose own path is `base`, with the subtrees at `folded` folded.
    init(_ value: JSONValue, base: [String] = [], folded: Set<String>) {
        append(value, prefix: "", components: base, level: 0, comma: false, folded: folded)
    }

    private mutating func append(
        _ value: JSONValue,
        prefix: String,
        components: [String],
        level: Int,
        comma: Bool,
        folded: Set<String>
    ) {
        let indent = String(repeating: "  ", count: level)
        let end = comma ? "," : ""
        let path = components.isEmpty ? "." : components.joined()
        switch value {
        case .object(let members) where !members.isEmpty:
            if folded.contains(path) {
                let noun = members.count == 1 ? "key" : "keys"
                lines.append(Line(text: indent + prefix + "{… \(members.count) \(noun)}" + end, components: components, isContainer: true))
                return
            }
            lines.append(Line(text: indent + prefix + "{", components: components, isContainer: true))
            let sorted = JSONWriter.sortedMembers(members)
            for (offset, member) in sorted.enumerated() {
                append(
                    member.value,
                    prefix: JSONValue.string(member.key).canonicalText + ": ",
                    components: components + [Self.component(key: member.key)],
                    level: level + 1,
                    comma: offset < sorted.count - 1,
                    folded: folded
                )
            }
            lines.append(Line(text: indent + "}" + end, components: components, isContainer: false, isClosing: true))
        case .array(let elements) where !elements.isEmpty:
            if folded.contains(path) {
                let noun = elements.count == 1 ? "element" : "elements"
                lines.append(Line(text: indent + prefix + "[… \(elements.count) \(noun)]" + end, components: components, isContainer: true))
                return
            }
            lines.append(Line(text: indent + prefix + "[", components: components, isContainer: true))
            for (index, element) in elements.enumerated() {
                append(
                    element,
                    prefix: "",
                    components: components + [Self.component(index: index, element: element)],
                    level: level + 1,
                    comma: index < elements.count - 1,
                    folded: folded
                )
            }
            lines.append(Line(text: indent + "]" + end, components: components, isContainer: false, isClosing: true))
        default:
            lines.append(Line(text: indent + prefix + value.canonicalText + end, components: components, isContainer: false))
        }
    }

    /// `.name` for a plain key, `.["a key"]` for any other.
    static func component(key: String) -> String {
        let isPlain = !key.isEmpty && key.first.map { $0.isLetter || $0 == "_" } == true
            && key.allSatisfy { ($0.isLetter || $0.isNumber || $0 == "_") && $0.isASCII }
        return isPlain ? "." + key : ".[" + JSONValue.string(key).canonicalText + "]"
    }

    /// `[id=3]` for an element with a number or string `id`, else `[index]`.
    static func component(index: Int, element: JSONValue) -> String {
        switch element.objectValue?["id"] {
        case .number(let number)?: "[id=\(JSONValue.number(number).canonicalText)]"
        case .string(let text)?: "[id=\(JSONValue.string(text).canonicalText)]"
        default: "[\(index)]"
        }
    }

    /// The index of the first line at `components`, or else at its nearest
    /// ancestor that the outline shows; nil when none is shown.
    func index(nearest components: [String]) -> Int? {
        var target = components
        while true {
            if let found = lines.firstIndex(where: { $0.components == target }) { return found }
            guard !target.isEmpty else { return nil }
            target.removeLast()
        }
    }
}

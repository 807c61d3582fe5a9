import UDFJSON

/// Renders a diff as an indented tree in the style of swift-custom-dump.
///
/// Every line starts with `-`, `+` or a space, then a space. Keys are sorted,
/// runs of unchanged siblings collapse to `… (N unchanged)`, a lone unchanged
/// container prints as `{…}` or `[…]`, and a value that changed type prints
/// as a whole `-` block then a whole `+` block. For example:
/// ```
///   {
/// -   "filter": "all"
/// +   "filter": "active"
///     "todos": [
///       [id=2] moved 4 → 0
///       … (4 unchanged)
///     ]
///   }
/// ```
public struct TreeDiffRenderer: Sendable {
    /// Whether `-` lines are red and `+` lines green (ANSI escapes).
    public var colour: Bool

    public init(colour: Bool = false) {
        self.colour = colour
    }

    public func render(_ node: DiffNode) -> String {
        var lines: [Line] = []
        appendDiff(node, label: "", indent: 0, to: &lines)
        // A `-` and a `+` line that read alike differ in scalars only: spell them.
        let lookAlike = LookAlikes.marks(lines.map { String(repeating: "  ", count: $0.indent) + $0.text })
        for index in lines.indices where lookAlike[index] {
            lines[index].text = JSONCodingPath.spellingScalars(lines[index].text)
        }
        return lines.map(format).joined(separator: "\n")
    }

    private struct Line {
        var marker: Character
        var indent: Int
        var text: String
    }

    private func format(_ line: Line) -> String {
        let text = "\(line.marker) " + String(repeating: "  ", count: line.indent) + line.text
        guard colour else { return text }
        switch line.marker {
        case "-": return "\u{1B}[31m" + text + "\u{1B}[0m"
        case "+": return "\u{1B}[32m" + text + "\u{1B}[0m"
        default: return text
        }
    }

    private func appendDiff(_ node: DiffNode, label: String, indent: Int, to lines: inout [Line]) {
        switch node {
        case .replaced(let old, let new):
            appendValue(old, marker: "-", label: label, indent: indent, to: &lines)
            appendValue(new, marker: "+", label: label, indent: indent, to: &lines)
        case .text(let text):
            lines.append(Line(marker: " ", indent: indent, text: label + "\"\"\""))
            for line in text.lines {
                switch line {
                case .unchanged(let content): lines.append(Line(marker: " ", indent: indent + 1, text: content))
                case .removed(let content): lines.append(Line(marker: "-", indent: indent + 1, text: content))
                case .inserted(let content): lines.append(Line(marker: "+", indent: indent + 1, text: content))
                }
            }
            lines.append(Line(marker: " ", indent: indent, text: "\"\"\""))
        case .object(let object):
            lines.append(Line(marker: " ", indent: indent, text: label + "{"))
            appendObjectEntries(object.entries, indent: indent + 1, to: &lines)
            lines.append(Line(marker: " ", indent: indent, text: "}"))
        case .array(let array):
            lines.append(Line(marker: " ", indent: indent, text: label + "["))
            appendArrayEntries(array, indent: indent + 1, to: &lines)
            lines.append(Line(marker: " ", indent: indent, text: "]"))
        }
    }

    private func appendObjectEntries(_ entries: [ObjectDiff.Entry], indent: Int, to lines: inout [Line]) {
        var unchanged: [(key: String, value: JSONValue)] = []
        func flushUnchanged() {
            if unchanged.count == 1, let only = unchanged.first {
                lines.append(Line(marker: " ", indent: indent, text: Self.keyLabel(only.key) + Self.collapsed(only.value)))
            } else if unchanged.count > 1 {
                lines.append(Line(marker: " ", indent: indent, text: "… (\(unchanged.count) unchanged)"))
            }
            unchanged.removeAll()
        }
        for entry in entries {
            switch entry {
            case .unchanged(let key, let value):
                unchanged.append((key, value))
                continue
            default:
                flushUnchanged()
            }
            switch entry {
            case .unchanged:
                break
            case .changed(let key, let diff):
                appendDiff(diff, label: Self.keyLabel(key), indent: indent, to: &lines)
            case .added(let key, let value):
                appendValue(value, marker: "+", label: Self.keyLabel(key), indent: indent, to: &lines)
            case .removed(let key, let value):
                appendValue(value, marker: "-", label: Self.keyLabel(key), indent: indent, to: &lines)
            }
        }
        flushUnchanged()
    }

    private func appendArrayEntries(_ array: ArrayDiff, indent: Int, to lines: inout [Line]) {
        func label(_ index: Int, _ id: JSONValue?) -> String {
            if let id { return "[id=\(compactJSON(id))]: " }
            return "[\(index)]: "
        }
        // Identity runs may be split by moved elements; count them as one run.
        var unchangedCount = 0
        var unchangedSample: (index: Int, value: JSONValue)?
        func flushUnchanged() {
            if unchangedCount == 1, let sample = unchangedSample {
                let id = array.matching == .identity ? sample.value["id"] : nil
                lines.append(Line(marker: " ", indent: indent, text: label(sample.index, id) + Self.collapsed(sample.value)))
            } else if unchangedCount > 1 {
                lines.append(Line(marker: " ", indent: indent, text: "… (\(unchangedCount) unchanged)"))
            }
            unchangedCount = 0
            unchangedSample = nil
        }
        for entry in array.entries {
            if case .unchanged(_, let newIndex, let elements) = entry {
                if let first = elements.first { unchangedSample = (newIndex, first) }
                unchangedCount += elements.count
                continue
            }
            flushUnchanged()
            switch entry {
            case .unchanged:
                break
            case .inserted(let newIndex, let id, let value):
                appendValue(value, marker: "+", label: label(newIndex, id), indent: indent, to: &lines)
            case .removed(let oldIndex, let id, let value):
                appendValue(value, marker: "-", label: label(oldIndex, id), indent: indent, to: &lines)
            case .changed(_, let newIndex, let id, let diff):
                appendDiff(diff, label: label(newIndex, id), indent: indent, to: &lines)
            case .moved(let oldIndex, let newIndex, let id, let diff):
                let move = "[id=\(compactJSON(id))] moved \(oldIndex) → \(newIndex)"
                if let diff {
                    appendDiff(diff, label: move + ": ", indent: indent, to: &lines)
                } else {
                    lines.append(Line(marker: " ", indent: indent, text: move))
                }
            }
        }
        flushUnchanged()
    }

    /// A whole value, one member or element per line, every line with `marker`.
    private func appendValue(_ value: JSONValue, marker: Character, label: String, indent: Int, to lines: inout [Line]) {
        switch value {
        case .object(let members) where !members.isEmpty:
            lines.append(Line(marker: marker, indent: indent, text: label + "{"))
            for key in members.keys.sorted(by: JSONWriter.utf8Precedes) {
                appendValue(members.value(exactlyAt: key) ?? .null, marker: marker, label: Self.keyLabel(key), indent: indent + 1, to: &lines)
            }
            lines.append(Line(marker: marker, indent: indent, text: "}"))
        case .array(let elements) where !elements.isEmpty:
            lines.append(Line(marker: marker, indent: indent, text: label + "["))
            for element in elements {
                appendValue(element, marker: marker, label: "", indent: indent + 1, to: &lines)
            }
            lines.append(Line(marker: marker, indent: indent, text: "]"))
        default:
            lines.append(Line(marker: marker, indent: indent, text: label + compactJSON(value)))
        }
    }

    private static func keyLabel(_ key: String) -> String {
        quotedJSONString(key) + ": "
    }

    /// An unchanged value in one line: scalars in full, non-empty containers elided.
    private static func collapsed(_ value: JSONValue) -> String {
        switch value {
        case .object(let members) where !members.isEmpty: "{…}"
        case .array(let elements) where !elements.isEmpty: "[…]"
        default: compactJSON(value)
        }
    }
}

/// Writes any `Encodable` value's JSON text straight from its `encode(to:)`,
/// the same bytes `JSONWriter` writes of `JSONValueEncoder`'s value, without
/// building that value: no dictionary per object, no tree to free.
///
/// The rules are `JSONValueEncoder`'s. Where the text alone cannot decide
/// what the tree would (a container that switches between object and array,
/// keys equal but spelled apart, a container written to after its value
/// ended), and on any error, it encodes the value again the plain way and
/// writes or throws what that gives; `encode(to:)` then runs twice.
///
/// For example:
/// ```swift
/// var bytes: [UInt8] = []
/// try JSONTextEncoder(style: .pretty(indent: 2)).append(report, to: &bytes)
/// ```
public struct JSONTextEncoder: Sendable {
    public enum Style: Sendable, Equatable {
        /// `JSONWriter.appendCanonical`'s: compact, keys sorted.
        case canonical
        /// `JSONWriter.appendPretty`'s, the value starting at `level`.
        case pretty(indent: Int, level: Int = 0)
    }

    public let style: Style

    public init(style: Style) {
        self.style = style
    }

    /// Appends `value`'s text to `bytes`.
    ///
    /// - Throws: `JSONEncodingError`, as `JSONValueEncoder.encode` throws it.
    public func append<T: Encodable>(_ value: T, to bytes: inout [UInt8]) throws(JSONEncodingError) {
        let before = bytes.count
        let buffer = JSONTextNode.Buffer()
        swap(&buffer.bytes, &bytes)
        let run = JSONTextNode.Run()
        let (indent, level): (Int?, Int) = switch style {
        case .canonical: (nil, 0)
        case .pretty(let indent, let level): (indent, level)
        }
        let root = JSONTextNode(parent: nil, component: nil, run: run, buffer: buffer, indent: indent, level: level)
        var written = true
        do {
            try root.encodeHere(value)
            try root.finish()
        } catch {
            written = false
        }
        swap(&buffer.bytes, &bytes)
        if written && !run.irregular { return }
        bytes.removeSubrange(before...)
        let tree = try JSONValueEncoder().encode(value)
        if let indent {
            JSONWriter.appendPretty(tree, indent: indent, level: level, to: &bytes)
        } else {
            JSONWriter.appendCanonical(tree, to: &bytes)
        }
    }
}

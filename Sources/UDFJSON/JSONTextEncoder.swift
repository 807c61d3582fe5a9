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
        if appendText(value, to: &bytes) == .written { return }
        bytes.removeSubrange(before...)
        let tree = try JSONValueEncoder().encode(value)
        switch style {
        case .canonical: JSONWriter.appendCanonical(tree, to: &bytes)
        case .pretty(let indent, let level): JSONWriter.appendPretty(tree, indent: indent, level: level, to: &bytes)
        }
    }

    /// What the text path alone did.
    enum TextOutcome: Equatable {
        case written
        /// The text cannot say what the tree would: take the plain path.
        case irregular
        case failed
    }

    /// The text path alone: appends `value`'s text, or something to be cut
    /// off again when the outcome is not `.written`.
    func appendText<T: Encodable>(_ value: T, to bytes: inout [UInt8]) -> TextOutcome {
        let buffer = JSONTextNode.Buffer()
        swap(&buffer.bytes, &bytes)
        defer { swap(&buffer.bytes, &bytes) }
        let run = JSONTextNode.Run()
        let root = switch style {
        case .canonical:
            JSONTextNode(parent: nil, component: nil, run: run, buffer: buffer, indent: nil, level: 0)
        case .pretty(let indent, let level):
            JSONTextNode(parent: nil, component: nil, run: run, buffer: buffer, indent: indent, level: level)
        }
        do {
            try root.encodeHere(value)
            try root.finish()
        } catch {
            return .failed
        }
        return run.irregular ? .irregular : .written
    }
}

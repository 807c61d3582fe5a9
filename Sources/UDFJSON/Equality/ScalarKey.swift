/// A string as a dictionary key by its Unicode scalars, so by its UTF-8
/// bytes: `caf\u{E9}` and `cafe\u{301}` are two keys, as they are two names
/// in a recording. A `[String: …]` would merge them, by canonical
/// equivalence.
public struct ScalarKey: Hashable, Comparable, Sendable {
    public let string: String

    public init(_ string: String) {
        self.string = string
    }

    public static func == (a: ScalarKey, b: ScalarKey) -> Bool {
        a.string.hasSameScalars(as: b.string)
    }

    public func hash(into hasher: inout Hasher) {
        var string = string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// By UTF-8 bytes, which is code point order: the canonical writer's.
    public static func < (a: ScalarKey, b: ScalarKey) -> Bool {
        JSONWriter.utf8Precedes(a.string, b.string)
    }
}

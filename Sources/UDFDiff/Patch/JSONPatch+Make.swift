import UDFJSON

extension JSONPatch {
    /// The patch that turns `a` into `b`: empty when they are equal.
    ///
    /// For example:
    /// ```swift
    /// let patch = JSONPatch.make(from: before, to: after)
    /// try patch.apply(to: before) == after // true
    /// ```
    public static func make(from a: JSONValue, to b: JSONValue) -> JSONPatch {
        JSONDiff.diff(a, b)?.patch() ?? JSONPatch([])
    }
}

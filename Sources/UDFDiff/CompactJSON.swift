import UDFJSON

/// Compact JSON text of `value`, as used in path and patch lines: the
/// canonical form, so equal values always read the same.
func compactJSON(_ value: JSONValue) -> String {
    value.canonicalText
}

/// `string` as a JSON string literal, escaped as the canonical writer does.
func quotedJSONString(_ string: String) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(string.utf8.count + 2)
    JSONWriter.appendString(string, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
}

/// Two strings that read alike but differ in their scalars (`"caf\u{E9}"`
/// against `"cafe\u{301}"`), spelled scalar by scalar so a reader sees the
/// change; nil for any other pair.
func respelledStrings(_ old: JSONValue, _ new: JSONValue) -> (String, String)? {
    guard case .string(let before) = old, case .string(let after) = new,
          before == after, !before.hasSameScalars(as: after) else { return nil }
    return (JSONCodingPath.quotedScalars(before), JSONCodingPath.quotedScalars(after))
}

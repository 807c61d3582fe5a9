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


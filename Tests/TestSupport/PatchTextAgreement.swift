import UDFDiff
import UDFJSON

/// How `JSONPatch(text:)` and the plain way (`JSONParser`, then
/// `JSONPatch(jsonValue:)`) differ on `text`: nil when they give the same
/// operations or the same error. fuzz/json-patch/main.swift checks the same
/// (it is built without the test modules).
public func patchTextDisagreement(_ text: [UInt8], limits: JSONParser.Limits = .default) -> String? {
    let plain = Result { try JSONPatch(jsonValue: try JSONParser(limits: limits).parse(text)) }
    let read = Result { try JSONPatch(text: text, limits: limits) }
    switch (plain, read) {
    case (.success(let plain), .success(let read)):
        guard read != plain || read.jsonValue.canonicalBytes != plain.jsonValue.canonicalBytes else { return nil }
        return "read \(read), plain \(plain)"
    case (.failure(let plain), .failure(let read)):
        return "\(read)" == "\(plain)" ? nil : "read error \(read), plain error \(plain)"
    default:
        return "read \(read), plain \(plain)"
    }
}

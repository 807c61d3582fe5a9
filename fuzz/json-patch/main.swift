import UDFDiff
import UDFJSON

/// libFuzzer entry: the input is a JSON array `[document, patch]` or
/// `[a, b]`. The patch is applied to the document; a made patch from a to b
/// must turn a into b; `JSONPatch(text:)` must read every text as the plain
/// way does; splicing either patch into the canonical text must give the
/// plain result's canonical text, or refuse. Throwing is fine; trapping or
/// a wrong result is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard case .array(let pair)? = try? JSONParser(limits: .init(maxDepth: 64, maxBytes: 1 << 16)).parse(bytes),
          pair.count == 2 else { return 0 }
    if let patch = try? JSONPatch(jsonValue: pair[1]) {
        guard splicesAsThePlainWay(patch, into: pair[0]) else {
            fatalError("splicing disagrees with the plain way: \(patch) into \(pair[0].canonicalText)")
        }
    }
    let made = JSONPatch.make(from: pair[0], to: pair[1])
    guard let result = try? made.apply(to: pair[0]), result == pair[1] else {
        fatalError("the patch made from a to b does not turn a into b: \(made)")
    }
    guard splicesAsThePlainWay(made, into: pair[0]) else {
        fatalError("splicing the made patch disagrees with the plain way: \(made)")
    }
    // The stored-text reader reads the raw input, the second value's
    // canonical text and the made patch's text as the plain way does.
    for text in [bytes, pair[1].canonicalBytes, made.jsonValue.canonicalBytes] {
        guard readsAsThePlainWay(text) else {
            fatalError("JSONPatch(text:) and the plain way disagree on \(String(decoding: text, as: UTF8.self))")
        }
    }
    return 0
}

/// The same operations, or the same error.
func readsAsThePlainWay(_ text: [UInt8]) -> Bool {
    let limits = JSONParser.Limits(maxDepth: 64, maxBytes: 1 << 16)
    let plain = Result { try JSONPatch(jsonValue: try JSONParser(limits: limits).parse(text)) }
    let read = Result { try JSONPatch(text: text, limits: limits) }
    switch (plain, read) {
    case (.success(let plain), .success(let read)): return plain == read
    case (.failure(let plain), .failure(let read)): return "\(plain)" == "\(read)"
    default: return false
    }
}

/// The plain result's canonical text, or a refusal; never a text where the
/// plain way fails.
func splicesAsThePlainWay(_ patch: JSONPatch, into document: JSONValue) -> Bool {
    let plain = try? patch.apply(to: document)
    guard let spliced = patch.splicing(intoCanonical: document.canonicalBytes) else { return true }
    return plain?.canonicalBytes == spliced
}

import UDFDiff
import UDFJSON

/// A state with the shapes paths and predicates usually meet.
let sample: JSONValue = (try? JSONParser().parse("""
    {"todos": [{"id": 1, "title": "Buy milk", "done": false}, {"id": 2, "title": "Walk the dog", "done": true}],
     "filter": "active", "count": 2, "login": {"email": "a@b.c", "token": null}, "tags": ["a", "b"]}
    """)) ?? .null

/// libFuzzer entry: the input, as text, is parsed as a path and as a
/// predicate; whatever parses is run on a sample state.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    if let path = try? JSONPath(parsing: text) {
        _ = path.select(in: sample)
        // A path prints as text that parses back to the same path.
        guard let again = try? JSONPath(parsing: path.description), again.description == path.description else {
            fatalError("path '\(path)' does not round-trip")
        }
    }
    if let predicate = try? Predicate.parse(text) {
        _ = predicate.evaluate(on: sample)
    }
    return 0
}

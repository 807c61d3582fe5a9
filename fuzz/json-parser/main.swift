import UDFJSON

/// libFuzzer entry: any bytes go through the JSON parser with its default
/// limits. Throwing is fine; trapping, hanging or leaking is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let value = try? JSONParser(limits: .init(maxDepth: 256, maxBytes: 1 << 20)).parse(bytes) {
        // What parses must print and parse back to the same value.
        let again = try? JSONParser().parse(value.canonicalText)
        if again != value {
            fatalError("canonical text does not round-trip: \(value.canonicalText)")
        }
    }
    return 0
}

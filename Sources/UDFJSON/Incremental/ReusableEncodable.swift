/// A collection that `IncrementalJSONEncoder` can encode by reusing what it
/// encoded at the same coding path in the previous pass: arrays
/// (`ReusableEncodableArray.swift`) and dictionaries keyed by strings or
/// integers (`ReusableEncodableDictionary.swift`).
protocol ReusableEncodable {
    /// The same value the plain encoder gives.
    func encodeReusing(
        below parent: JSONEncodingNode, at component: JSONCodingPathComponent, memo: EncodingReuseMemo
    ) throws -> JSONValue
}

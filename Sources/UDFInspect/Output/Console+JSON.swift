import UDFJSON

extension Console {
    /// Prints a `--json` model as indented JSON with sorted keys.
    func json(_ model: some Encodable) throws(InspectError) {
        write(try Self.jsonValue(model).prettyText(indent: 2) + "\n")
    }

    /// A model as one line of compact JSON, for JSON Lines and streamed arrays.
    static func compactJSON(_ model: some Encodable) throws(InspectError) -> String {
        try jsonValue(model).canonicalText
    }

    static func jsonValue(_ model: some Encodable) throws(InspectError) -> JSONValue {
        do {
            return try JSONValueEncoder().encode(model)
        } catch {
            throw InspectError.invalidData("cannot write the JSON output: \(error)")
        }
    }
}

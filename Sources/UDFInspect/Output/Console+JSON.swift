import UDFJSON

extension Console {
    /// Prints a `--json` model as indented JSON with sorted keys.
    func json(_ model: some Encodable) throws(InspectError) {
        var text = try Self.jsonText(model, style: .pretty(indent: 2))
        text.append(UInt8(ascii: "\n"))
        write(String(decoding: text, as: UTF8.self))
    }

    /// A model as one line of compact JSON, for JSON Lines and streamed arrays.
    static func compactJSON(_ model: some Encodable) throws(InspectError) -> String {
        String(decoding: try jsonText(model, style: .canonical), as: UTF8.self)
    }

    /// A model's text, written straight from it (`JSONTextEncoder`): the
    /// bytes `jsonValue`'s value would be written as.
    static func jsonText(_ model: some Encodable, style: JSONTextEncoder.Style) throws(InspectError) -> [UInt8] {
        var text: [UInt8] = []
        do {
            try JSONTextEncoder(style: style).append(model, to: &text)
        } catch {
            throw InspectError.invalidData("cannot write the JSON output: \(error)")
        }
        return text
    }

    static func jsonValue(_ model: some Encodable) throws(InspectError) -> JSONValue {
        do {
            return try JSONValueEncoder().encode(model)
        } catch {
            throw InspectError.invalidData("cannot write the JSON output: \(error)")
        }
    }
}

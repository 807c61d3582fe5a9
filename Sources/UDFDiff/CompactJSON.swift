import UDFJSON

/// Compact JSON text of `value` with sorted keys, as used in path and patch lines.
///
/// Kept internal and small on purpose: UDFJSON's canonical writer replaces it.
func compactJSON(_ value: JSONValue) -> String {
    var output = ""
    writeCompactJSON(value, into: &output)
    return output
}

private func writeCompactJSON(_ value: JSONValue, into output: inout String) {
    switch value {
    case .null:
        output += "null"
    case .bool(let bool):
        output += bool ? "true" : "false"
    case .number(let number):
        output += number.text
    case .string(let string):
        output += quotedJSONString(string)
    case .array(let elements):
        output += "["
        for (offset, element) in elements.enumerated() {
            if offset > 0 { output += "," }
            writeCompactJSON(element, into: &output)
        }
        output += "]"
    case .object(let members):
        output += "{"
        for (offset, key) in members.keys.sorted().enumerated() {
            if offset > 0 { output += "," }
            output += quotedJSONString(key)
            output += ":"
            if let member = members[key] { writeCompactJSON(member, into: &output) }
        }
        output += "}"
    }
}

/// `string` as a JSON string literal, escaping quotes, backslashes and control characters.
func quotedJSONString(_ string: String) -> String {
    var output = "\""
    for scalar in string.unicodeScalars {
        switch scalar {
        case "\"": output += "\\\""
        case "\\": output += "\\\\"
        case "\n": output += "\\n"
        case "\r": output += "\\r"
        case "\t": output += "\\t"
        case "\u{08}": output += "\\b"
        case "\u{0C}": output += "\\f"
        default:
            if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
    }
    output += "\""
    return output
}

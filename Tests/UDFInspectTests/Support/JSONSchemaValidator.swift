import Foundation
import UDFJSON

/// Checks a JSON value against a JSON Schema (draft 2020-12), in the subset
/// the schemas under docs/schemas/ use: `type` (a name or an array of names,
/// so `["string", "null"]` is nullable), `properties`, `required`,
/// `additionalProperties: false`, `items`, `enum`, `const`, `$ref` into
/// `$defs` of the same schema or of another one (`common.schema.json#/$defs/step`),
/// `oneOf` and `anyOf`. Any other keyword is reported, so a schema cannot
/// silently rely on one the validator ignores.
struct JSONSchemaValidator {
    /// Every schema a `$ref` may name, by file name.
    let schemas: [String: JSONValue]

    /// Loads every `*.schema.json` in `directory`.
    init(directory: String) throws {
        var schemas: [String: JSONValue] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) where name.hasSuffix(".schema.json") {
            let text = try String(contentsOfFile: directory + "/" + name, encoding: .utf8)
            schemas[name] = try JSONParser().parse(Array(text.utf8))
        }
        self.schemas = schemas
    }

    init(schemas: [String: JSONValue]) {
        self.schemas = schemas
    }

    /// Every way `value` breaks the schema in file `name`, each naming its place; empty when it conforms.
    func problems(_ value: JSONValue, against name: String) -> [String] {
        guard let schema = schemas[name] else { return ["no schema named \(name)"] }
        var problems: [String] = []
        check(value, schema, file: name, at: "$", into: &problems)
        return problems
    }

    private static let known: Set<String> = [
        "$schema", "$id", "$defs", "$comment", "title", "description",
        "type", "properties", "required", "additionalProperties", "items", "enum", "const", "$ref", "oneOf", "anyOf",
    ]

    private func check(_ value: JSONValue, _ schema: JSONValue, file: String, at place: String, into problems: inout [String]) {
        guard case .object(let keywords) = schema else {
            if schema == .bool(true) { return }
            problems.append("\(place): the schema is not an object")
            return
        }
        for keyword in keywords.keys where !Self.known.contains(keyword) {
            problems.append("\(place): the schema uses '\(keyword)', which this validator does not check")
        }
        if case .string(let reference)? = keywords["$ref"] {
            guard let (target, targetFile) = resolve(reference, from: file) else {
                problems.append("\(place): cannot resolve $ref '\(reference)'")
                return
            }
            check(value, target, file: targetFile, at: place, into: &problems)
        }
        if let type = keywords["type"] {
            let names: [String] = switch type {
            case .string(let name): [name]
            case .array(let items): items.compactMap(\.stringValue)
            default: []
            }
            if !names.contains(where: { Self.value(value, is: $0) }) {
                problems.append("\(place): expected \(names.joined(separator: " or ")), found \(Self.describe(value))")
                return
            }
        }
        if let allowed = keywords["enum"]?.arrayValue, !allowed.contains(value) {
            problems.append("\(place): \(value.canonicalText) is not one of \(JSONValue.array(allowed).canonicalText)")
        }
        if let constant = keywords["const"], constant != value {
            problems.append("\(place): expected \(constant.canonicalText), found \(value.canonicalText)")
        }
        if case .object(let members) = value {
            let properties = keywords["properties"]?.objectValue ?? [:]
            for required in keywords["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where members[required] == nil {
                problems.append("\(place): missing required field '\(required)'")
            }
            for (key, member) in members.sorted(by: { $0.key < $1.key }) {
                if let property = properties[key] {
                    check(member, property, file: file, at: "\(place).\(key)", into: &problems)
                } else if keywords["additionalProperties"] == .bool(false) {
                    problems.append("\(place): unknown field '\(key)'")
                }
            }
        }
        if case .array(let elements) = value, let items = keywords["items"] {
            for (index, element) in elements.enumerated() {
                check(element, items, file: file, at: "\(place)[\(index)]", into: &problems)
            }
        }
        if let choices = keywords["oneOf"]?.arrayValue {
            let matching = choices.filter { self.problems(of: value, $0, file: file).isEmpty }.count
            if matching != 1 {
                problems.append("\(place): matches \(matching) of the oneOf schemas, not exactly one")
            }
        }
        if let choices = keywords["anyOf"]?.arrayValue, !choices.contains(where: { self.problems(of: value, $0, file: file).isEmpty }) {
            problems.append("\(place): matches none of the anyOf schemas")
        }
    }

    private func problems(of value: JSONValue, _ schema: JSONValue, file: String) -> [String] {
        var found: [String] = []
        check(value, schema, file: file, at: "$", into: &found)
        return found
    }

    /// `#/$defs/name` in `file`, or `other.schema.json#/$defs/name`.
    private func resolve(_ reference: String, from file: String) -> (JSONValue, String)? {
        let parts = reference.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let targetFile = parts[0].isEmpty ? file : String(parts[0])
        guard var node = schemas[targetFile] else { return nil }
        let pointer = parts.count == 2 ? parts[1] : ""
        for component in pointer.split(separator: "/") {
            guard let next = node.objectValue?[String(component)] else { return nil }
            node = next
        }
        return (node, targetFile)
    }

    private static func value(_ value: JSONValue, is type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object), ("number", .number):
            true
        case ("integer", .number(let number)):
            number.intValue != nil
        default:
            false
        }
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "boolean"
        case .number(let number): number.intValue != nil ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

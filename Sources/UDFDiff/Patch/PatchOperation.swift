import UDFJSON

/// One operation of an RFC 6902 JSON Patch.
public enum PatchOperation: Sendable, Equatable {
    case add(path: JSONPointer, value: JSONValue)
    case remove(path: JSONPointer)
    case replace(path: JSONPointer, value: JSONValue)
    case move(from: JSONPointer, path: JSONPointer)
    case copy(from: JSONPointer, path: JSONPointer)
    case test(path: JSONPointer, value: JSONValue)

    /// The `op` member of the operation's JSON form.
    public var name: String {
        switch self {
        case .add: "add"
        case .remove: "remove"
        case .replace: "replace"
        case .move: "move"
        case .copy: "copy"
        case .test: "test"
        }
    }

    /// The pointer the operation writes to or tests.
    public var path: JSONPointer {
        switch self {
        case .add(let path, _), .remove(let path), .replace(let path, _),
             .move(_, let path), .copy(_, let path), .test(let path, _):
            path
        }
    }

    /// The operation's JSON form, such as `{"op":"remove","path":"/a"}`.
    public var jsonValue: JSONValue {
        var members: [String: JSONValue] = ["op": .string(name), "path": .string(path.description)]
        switch self {
        case .add(_, let value), .replace(_, let value), .test(_, let value):
            members["value"] = value
        case .move(let from, _), .copy(let from, _):
            members["from"] = .string(from.description)
        case .remove:
            break
        }
        return .object(members)
    }

    /// Reads one operation from its JSON form.
    ///
    /// - Throws: `JSONPatchError` with `operationIndex` set to `index` when
    ///   the object lacks a member or holds an unknown `op`.
    public init(jsonValue: JSONValue, index: Int) throws(JSONPatchError) {
        guard let members = jsonValue.objectValue else {
            throw JSONPatchError(.invalidDocument("expected an object, found \(jsonValue.typeName)"), operationIndex: index)
        }
        guard let name = members["op"]?.stringValue else {
            throw JSONPatchError(.invalidDocument("missing string member \"op\""), operationIndex: index)
        }
        func pointer(_ key: String) throws(JSONPatchError) -> JSONPointer {
            guard let text = members[key]?.stringValue else {
                throw JSONPatchError(.invalidDocument("missing string member \(quotedJSONString(key))"),
                                     operationIndex: index, operationName: name)
            }
            do {
                return try JSONPointer(parsing: text)
            } catch {
                throw JSONPatchError(error.reason, operationIndex: index, operationName: name)
            }
        }
        func value() throws(JSONPatchError) -> JSONValue {
            guard let value = members["value"] else {
                throw JSONPatchError(.invalidDocument("missing member \"value\""),
                                     operationIndex: index, operationName: name)
            }
            return value
        }
        switch name {
        case "add": self = .add(path: try pointer("path"), value: try value())
        case "remove": self = .remove(path: try pointer("path"))
        case "replace": self = .replace(path: try pointer("path"), value: try value())
        case "move": self = .move(from: try pointer("from"), path: try pointer("path"))
        case "copy": self = .copy(from: try pointer("from"), path: try pointer("path"))
        case "test": self = .test(path: try pointer("path"), value: try value())
        default:
            throw JSONPatchError(.invalidDocument("unknown op \(quotedJSONString(name))"), operationIndex: index)
        }
    }
}

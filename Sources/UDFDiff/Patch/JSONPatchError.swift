import UDFJSON

/// Why a JSON Patch could not be read or applied, as one line of text.
///
/// For example: `patch operation 2 (remove): path /todos/7 does not exist`.
/// Operation indices count from 0, like the patch document's array.
public struct JSONPatchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, independent of which operation hit it.
    public enum Reason: Error, Sendable, Equatable {
        case invalidPointer(String, reason: String)
        case pathNotFound(JSONPointer)
        case testFailed(JSONPointer, expected: JSONValue, actual: JSONValue)
        case indexOutOfRange(JSONPointer, index: Int, count: Int)
        case invalidArrayIndex(JSONPointer, token: String)
        case endOfArrayNotAllowed(JSONPointer)
        case notAContainer(JSONPointer, typeName: String)
        case cannotRemoveRoot
        case moveIntoOwnChild(from: JSONPointer, path: JSONPointer)
        /// An `add` of a key beside one that differs from it only in Unicode
        /// normalization; one object cannot keep both apart.
        case equivalentKey(JSONPointer, existing: String)
        case invalidDocument(String)
    }

    public var reason: Reason
    /// The position of the failing operation in the patch, when one is known.
    public var operationIndex: Int?
    /// The `op` name of the failing operation, when one is known.
    public var operationName: String?

    public init(_ reason: Reason, operationIndex: Int? = nil, operationName: String? = nil) {
        self.reason = reason
        self.operationIndex = operationIndex
        self.operationName = operationName
    }

    public var description: String {
        var prefix = ""
        if let operationIndex {
            prefix = "patch operation \(operationIndex)"
            if let operationName { prefix += " (\(operationName))" }
            prefix += ": "
        }
        return prefix + reasonText
    }

    private var reasonText: String {
        switch reason {
        case .invalidPointer(let text, let reason):
            "invalid JSON pointer \(quotedJSONString(text)): \(reason)"
        case .pathNotFound(let pointer):
            "path \(pointer) does not exist"
        case .testFailed(let pointer, let expected, let actual):
            "test failed at \(pointer): expected \(compactJSON(expected)), found \(compactJSON(actual))"
        case .indexOutOfRange(let pointer, let index, let count):
            "index \(index) at \(pointer) is out of range for an array of \(count) elements"
        case .invalidArrayIndex(let pointer, let token):
            "invalid array index \(quotedJSONString(token)) at \(pointer)"
        case .endOfArrayNotAllowed(let pointer):
            "'-' (the end of the array) is only valid for add, at \(pointer)"
        case .notAContainer(let pointer, let typeName):
            "\(pointer.tokens.isEmpty ? "the document" : "path \(pointer)") is a \(typeName), not an object or array"
        case .cannotRemoveRoot:
            "cannot remove the whole document"
        case .moveIntoOwnChild(let from, let path):
            "cannot move \(from) into its own child \(path)"
        case .invalidDocument(let message):
            message
        case .equivalentKey(let pointer, let existing):
            "cannot add \(pointer): the object holds \(JSONCodingPath.quotedScalars(existing)), which differs from it only in Unicode normalization"
        }
    }
}

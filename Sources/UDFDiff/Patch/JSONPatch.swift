import UDFJSON

/// An RFC 6902 JSON Patch: a list of operations applied in order, all or nothing.
///
/// For example:
/// ```swift
/// let patch = JSONPatch([.replace(path: try JSONPointer(parsing: "/filter"), value: "active")])
/// let next = try patch.apply(to: state)
/// ```
public struct JSONPatch: Sendable, Equatable {
    public var operations: [PatchOperation]

    public init(_ operations: [PatchOperation]) {
        self.operations = operations
    }

    /// The patch document: an array of operation objects.
    public var jsonValue: JSONValue {
        .array(operations.map(\.jsonValue))
    }

    /// Reads a patch document.
    ///
    /// - Throws: `JSONPatchError` naming the first malformed operation.
    public init(jsonValue: JSONValue) throws(JSONPatchError) {
        guard let elements = jsonValue.arrayValue else {
            throw JSONPatchError(.invalidDocument("a JSON Patch must be an array, found \(jsonValue.typeName)"))
        }
        var operations: [PatchOperation] = []
        operations.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            operations.append(try PatchOperation(jsonValue: element, index: index))
        }
        self.operations = operations
    }

    /// Applies every operation to a copy of `document` and returns the result.
    ///
    /// The patch is atomic: when an operation fails, the error is thrown and
    /// no result exists, so callers never see a half-applied document.
    ///
    /// - Throws: `JSONPatchError` naming the failing operation and why it failed.
    public func apply(to document: JSONValue) throws(JSONPatchError) -> JSONValue {
        var result = document
        try apply(inPlace: &result)
        return result
    }

    /// Applies every operation to `document` itself, so that a caller holding
    /// the only reference to it changes the containers on the operations'
    /// paths in place instead of copying them (a rebuild applies up to a
    /// keyframe interval of patches to one large state).
    ///
    /// Not atomic, unlike `apply(to:)`: after an error `document` is left
    /// partly changed (containers on the failing path may be null), so a
    /// caller discards it.
    ///
    /// - Throws: `JSONPatchError` naming the failing operation and why it failed.
    public func apply(inPlace document: inout JSONValue) throws(JSONPatchError) {
        for (index, operation) in operations.enumerated() {
            do {
                try PatchApplier.apply(operation, to: &document)
            } catch {
                throw JSONPatchError(error, operationIndex: index, operationName: operation.name)
            }
        }
    }
}

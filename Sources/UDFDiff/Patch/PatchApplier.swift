import UDFJSON

/// Applies single RFC 6902 operations in place.
///
/// A pointer's tokens name keys by their scalars: `/caf\u{E9}` does not reach
/// a key spelled `cafe\u{301}`, though a `Dictionary` would find it.
///
/// Values are mutated through `inout` after moving each container out of its
/// parent (`takeObject`, `takeElements`), the last one included, so that
/// copy-on-write does not copy a large state, or a long list, per operation.
enum PatchApplier {
    typealias Reason = JSONPatchError.Reason

    static func apply(_ operation: PatchOperation, to document: inout JSONValue) throws(Reason) {
        switch operation {
        case .add(let path, let value):
            try add(value, at: path, in: &document)
        case .remove(let path):
            _ = try remove(at: path, in: &document)
        case .replace(let path, let value):
            guard !path.tokens.isEmpty else {
                document = value
                return
            }
            try withParent(of: path, in: &document) { (parent: inout JSONValue, token: String) throws(Reason) in
                if var members = takeObject(&parent) {
                    guard let index = members.index(exactlyAt: token) else { throw .pathNotFound(path) }
                    members.values[index] = value
                    parent = .object(members)
                } else if var elements = takeElements(&parent) {
                    let index = try existingIndex(token, count: elements.count, path: path)
                    elements[index] = value
                    parent = .array(elements)
                } else {
                    throw .notAContainer(JSONPointer(tokens: Array(path.tokens.dropLast())), typeName: parent.typeName)
                }
            }
        case .move(let from, let path):
            if from.isProperPrefix(of: path) { throw .moveIntoOwnChild(from: from, path: path) }
            let value = try self.value(at: from, in: document)
            if from == path { return }
            _ = try remove(at: from, in: &document)
            try add(value, at: path, in: &document)
        case .copy(let from, let path):
            let value = try self.value(at: from, in: document)
            try add(value, at: path, in: &document)
        case .test(let path, let expected):
            let actual = try value(at: path, in: document)
            guard actual.isValueEqual(to: expected) else {
                throw .testFailed(path, expected: expected, actual: actual)
            }
        }
    }

    /// The value `pointer` refers to.
    static func value(at pointer: JSONPointer, in document: JSONValue) throws(Reason) -> JSONValue {
        var current = document
        for (depth, token) in pointer.tokens.enumerated() {
            func here() -> JSONPointer { JSONPointer(tokens: Array(pointer.tokens.prefix(depth + 1))) }
            switch current {
            case .object(let members):
                guard let member = members.value(exactlyAt: token) else { throw .pathNotFound(here()) }
                current = member
            case .array(let elements):
                current = elements[try existingIndex(token, count: elements.count, path: here())]
            default:
                throw .pathNotFound(here())
            }
        }
        return current
    }

    private static func add(_ value: JSONValue, at path: JSONPointer, in document: inout JSONValue) throws(Reason) {
        guard !path.tokens.isEmpty else {
            document = value
            return
        }
        try withParent(of: path, in: &document) { (parent: inout JSONValue, token: String) throws(Reason) in
            if var members = takeObject(&parent) {
                if let existing = members.equivalentKey(to: token) { throw .equivalentKey(path, existing: existing) }
                members[token] = value
                parent = .object(members)
            } else if var elements = takeElements(&parent) {
                let index: Int
                if token == "-" {
                    index = elements.count
                } else {
                    index = try parseIndex(token, path: path)
                    guard index <= elements.count else {
                        throw .indexOutOfRange(path, index: index, count: elements.count)
                    }
                }
                elements.insert(value, at: index)
                parent = .array(elements)
            } else {
                throw .notAContainer(JSONPointer(tokens: Array(path.tokens.dropLast())), typeName: parent.typeName)
            }
        }
    }

    private static func remove(at path: JSONPointer, in document: inout JSONValue) throws(Reason) -> JSONValue {
        guard !path.tokens.isEmpty else { throw .cannotRemoveRoot }
        var removed = JSONValue.null
        try withParent(of: path, in: &document) { (parent: inout JSONValue, token: String) throws(Reason) in
            if var members = takeObject(&parent) {
                guard let index = members.index(exactlyAt: token) else { throw .pathNotFound(path) }
                removed = members.remove(at: index).value
                parent = .object(members)
            } else if var elements = takeElements(&parent) {
                let index = try existingIndex(token, count: elements.count, path: path)
                removed = elements.remove(at: index)
                parent = .array(elements)
            } else {
                throw .notAContainer(JSONPointer(tokens: Array(path.tokens.dropLast())), typeName: parent.typeName)
            }
        }
        return removed
    }

    /// Runs `body` on the container that holds the last token of `path`.
    private static func withParent(
        of path: JSONPointer,
        in document: inout JSONValue,
        _ body: (inout JSONValue, String) throws(Reason) -> Void
    ) throws(Reason) {
        guard let last = path.tokens.last else { return }
        try descend(&document, tokens: path.tokens.dropLast()[...], depth: 0, path: path) { (parent: inout JSONValue) throws(Reason) in
            try body(&parent, last)
        }
    }

    private static func descend(
        _ value: inout JSONValue,
        tokens: ArraySlice<String>,
        depth: Int,
        path: JSONPointer,
        _ body: (inout JSONValue) throws(Reason) -> Void
    ) throws(Reason) {
        guard let token = tokens.first else {
            try body(&value)
            return
        }
        // Made only for an error: building it on every level of every patch
        // was a tenth of a walk that applies patches.
        func here() -> JSONPointer { JSONPointer(tokens: Array(path.tokens.prefix(depth + 1))) }
        // Move the container out of `value` first: matching on `value` in
        // place keeps a second reference to it, so every change below would
        // copy the whole container.
        if var members = takeObject(&value) {
            // Found once, then read and written by index, with no second lookup.
            guard let index = members.index(exactlyAt: token) else { throw .pathNotFound(here()) }
            // Detach the child so that it is uniquely referenced while mutated.
            var child = members.values[index]
            members.values[index] = .null
            try descend(&child, tokens: tokens.dropFirst(), depth: depth + 1, path: path, body)
            members.values[index] = child
            value = .object(members)
        } else if var elements = takeElements(&value) {
            let index = try existingIndex(token, count: elements.count, path: here())
            var child = elements[index]
            elements[index] = .null
            try descend(&child, tokens: tokens.dropFirst(), depth: depth + 1, path: path, body)
            elements[index] = child
            value = .array(elements)
        } else {
            throw .pathNotFound(here())
        }
    }

    /// An object's members, leaving null in `value`; nil for anything else.
    private static func takeObject(_ value: inout JSONValue) -> [String: JSONValue]? {
        guard case .object(let members) = value else { return nil }
        value = .null
        return members
    }

    /// An array's elements, leaving null in `value`; nil for anything else.
    private static func takeElements(_ value: inout JSONValue) -> [JSONValue]? {
        guard case .array(let elements) = value else { return nil }
        value = .null
        return elements
    }

    /// The index `token` names in an array of `count` elements that must exist.
    private static func existingIndex(_ token: String, count: Int, path: @autoclosure () -> JSONPointer) throws(Reason) -> Int {
        if token == "-" { throw .endOfArrayNotAllowed(path()) }
        let index = try parseIndex(token, path: path())
        guard index < count else { throw .pathNotFound(path()) }
        return index
    }

    private static func parseIndex(_ token: String, path: @autoclosure () -> JSONPointer) throws(Reason) -> Int {
        guard let index = PointerToken.arrayIndex(token) else { throw .invalidArrayIndex(path(), token: token) }
        return index
    }
}

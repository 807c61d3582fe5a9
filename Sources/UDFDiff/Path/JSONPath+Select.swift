import UDFJSON

extension JSONPath {
    /// The values this path selects in `value`, each with its concrete path.
    ///
    /// A wildcard expands to every array element (as `[i]`) or object member
    /// (sorted by key); an identity picks the element whose `id` equals the
    /// literal, numbers compared by value. Missing members select nothing.
    public func select(in value: JSONValue) -> [(path: JSONPath, value: JSONValue)] {
        var results: [(path: JSONPath, value: JSONValue)] = []
        select(components[...], in: value, at: .root, into: &results)
        return results
    }

    private func select(
        _ remaining: ArraySlice<PathComponent>,
        in value: JSONValue,
        at path: JSONPath,
        into results: inout [(path: JSONPath, value: JSONValue)]
    ) {
        guard let component = remaining.first else {
            results.append((path, value))
            return
        }
        let rest = remaining.dropFirst()
        switch (component, value) {
        case (.key(let key), .object(let members)):
            if let member = members.value(exactlyAt: key) { select(rest, in: member, at: path.appending(component), into: &results) }
        case (.index(let index), .array(let elements)):
            if elements.indices.contains(index) {
                select(rest, in: elements[index], at: path.appending(component), into: &results)
            }
        case (.identity(let id), .array(let elements)):
            if let element = elements.first(where: { $0["id"]?.isValueEqual(to: id) == true }) {
                select(rest, in: element, at: path.appending(component), into: &results)
            }
        case (.wildcard, .array(let elements)):
            for (index, element) in elements.enumerated() {
                select(rest, in: element, at: path.appending(.index(index)), into: &results)
            }
        case (.wildcard, .object(let members)):
            for key in members.keys.sorted(by: JSONWriter.utf8Precedes) {
                if let member = members.value(exactlyAt: key) { select(rest, in: member, at: path.appending(.key(key)), into: &results) }
            }
        default:
            break
        }
    }

    /// The JSON Pointer for this path in `value`, or nil when the path holds
    /// a wildcard or does not resolve.
    ///
    /// The last key may name a member that does not exist yet, so that the
    /// pointer can address an `add`.
    public func pointer(in value: JSONValue) -> JSONPointer? {
        var tokens: [String] = []
        var current: JSONValue? = value
        for component in components {
            guard let here = current else { return nil }
            switch (component, here) {
            case (.key(let key), .object(let members)):
                tokens.append(key)
                current = members.value(exactlyAt: key)
            case (.index(let index), .array(let elements)) where elements.indices.contains(index):
                tokens.append(String(index))
                current = elements[index]
            case (.identity(let id), .array(let elements)):
                guard let index = elements.firstIndex(where: { $0["id"]?.isValueEqual(to: id) == true }) else {
                    return nil
                }
                tokens.append(String(index))
                current = elements[index]
            default:
                return nil
            }
        }
        return JSONPointer(tokens: tokens)
    }
}

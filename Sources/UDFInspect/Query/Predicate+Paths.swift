import UDFDiff

extension Predicate {
    /// Every path the predicate reads, in the order written, without repeats.
    var paths: [JSONPath] {
        var result: [JSONPath] = []
        for path in everyPath where !result.contains(path) { result.append(path) }
        return result
    }

    /// Every path the predicate reads, in the order written, each time it
    /// is written: `paths` keeps one of two paths whose keys differ only in
    /// their normalization, which a step's pointers tell apart.
    var everyPath: [JSONPath] {
        var result: [JSONPath] = []
        func collect(_ predicate: Predicate) {
            switch predicate {
            case .compare(let path, _, _), .contains(let path, _), .exists(let path), .matches(let path, _), .length(let path, _, _):
                result.append(path)
            case .not(let inner):
                collect(inner)
            case .and(let left, let right), .or(let left, let right):
                collect(left)
                collect(right)
            }
        }
        collect(self)
        return result
    }
}

extension Predicate {
    /// What to tell a user whose path never selected anything: `.todos.count`
    /// reads as jq or Swift would, but a path has no `count` member, so name
    /// the `length()` it means.
    static func hint(forUnseen path: JSONPath) -> String {
        if let (key, parent) = lengthMeant(by: path) {
            return "a path has no '\(key)'; for the number of elements write length(\(parent))."
        }
        return "check its spelling."
    }

    /// For a path ending in `.count`, `.length` or `.size`: that word and the
    /// path whose length it most likely means.
    static func lengthMeant(by path: JSONPath) -> (key: String, parent: JSONPath)? {
        guard case .key(let key)? = path.components.last, ["count", "length", "size"].contains(key) else { return nil }
        return (key, JSONPath(components: Array(path.components.dropLast())))
    }
}

import UDFDiff

extension Predicate {
    /// Every path the predicate reads, in the order written, without repeats.
    var paths: [JSONPath] {
        var result: [JSONPath] = []
        func collect(_ predicate: Predicate) {
            switch predicate {
            case .compare(let path, _, _), .contains(let path, _), .exists(let path), .matches(let path, _):
                if !result.contains(path) { result.append(path) }
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

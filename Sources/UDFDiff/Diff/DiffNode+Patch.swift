import UDFJSON

extension DiffNode {
    /// An RFC 6902 patch that turns the diff's old value into its new value.
    ///
    /// For any `a` and `b`, `JSONDiff.diff(a, b)?.patch().apply(to: a) == b`.
    public func patch() -> JSONPatch {
        var operations: [PatchOperation] = []
        appendOperations(at: .root, to: &operations)
        return JSONPatch(operations)
    }

    private func appendOperations(at pointer: JSONPointer, to operations: inout [PatchOperation]) {
        switch self {
        case .replaced(_, let new):
            operations.append(.replace(path: pointer, value: new))
        case .text(let text):
            operations.append(.replace(path: pointer, value: .string(text.new)))
        case .object(let object):
            // Removals first: a key respelled in another normalization is
            // removed before its new spelling is added, as one object cannot
            // hold both.
            for case .removed(let key, _) in object.entries {
                operations.append(.remove(path: pointer.appending(key)))
            }
            for entry in object.entries {
                switch entry {
                case .unchanged, .removed:
                    break
                case .changed(let key, let child):
                    child.appendOperations(at: pointer.appending(key), to: &operations)
                case .added(let key, let value):
                    operations.append(.add(path: pointer.appending(key), value: value))
                }
            }
        case .array(let array):
            switch array.matching {
            case .sequence: Self.appendSequenceOperations(array, at: pointer, to: &operations)
            case .identity: Self.appendIdentityOperations(array, at: pointer, to: &operations)
            }
        }
    }

    /// Entries of a sequence diff follow both arrays' order, so one cursor
    /// tracks where the next entry lands in the half-patched array.
    private static func appendSequenceOperations(
        _ array: ArrayDiff, at pointer: JSONPointer, to operations: inout [PatchOperation]
    ) {
        var cursor = 0
        for entry in array.entries {
            switch entry {
            case .unchanged(_, _, let elements):
                cursor += elements.count
            case .removed:
                operations.append(.remove(path: pointer.appending(index: cursor)))
            case .inserted(_, _, let value):
                operations.append(.add(path: pointer.appending(index: cursor), value: value))
                cursor += 1
            case .changed(_, _, _, let child):
                child.appendOperations(at: pointer.appending(index: cursor), to: &operations)
                cursor += 1
            case .moved(_, _, _, let child):
                // Sequence diffs produce no moves; treat one as an in-place edit.
                child?.appendOperations(at: pointer.appending(index: cursor), to: &operations)
                cursor += 1
            }
        }
    }

    /// Removals from the back, then moved elements to the end, then a left to
    /// right walk of the target order placing each element at its final index,
    /// then nested edits at final indices.
    private static func appendIdentityOperations(
        _ array: ArrayDiff, at pointer: JSONPointer, to operations: inout [PatchOperation]
    ) {
        // Elements are tracked by integer tokens (old index, or oldCount + new
        // index for insertions) so that locating one in the half-patched array
        // compares words rather than JSON ids.
        var removedIndices: [Int] = []
        var movedIndices: [Int] = []
        var target: [(token: Int, inserted: JSONValue?)] = []
        var nested: [(newIndex: Int, diff: DiffNode)] = []
        for entry in array.entries {
            switch entry {
            case .unchanged(let oldIndex, _, let elements):
                target += (oldIndex..<(oldIndex + elements.count)).map { ($0, nil) }
            case .inserted(let newIndex, _, let value):
                target.append((array.oldCount + newIndex, value))
            case .removed(let oldIndex, _, _):
                removedIndices.append(oldIndex)
            case .changed(let oldIndex, let newIndex, _, let child):
                target.append((oldIndex, nil))
                nested.append((newIndex, child))
            case .moved(let oldIndex, let newIndex, _, let child):
                movedIndices.append(oldIndex)
                target.append((oldIndex, nil))
                if let child { nested.append((newIndex, child)) }
            }
        }
        var working = Array(0..<array.oldCount)

        for oldIndex in removedIndices.sorted(by: >) {
            operations.append(.remove(path: pointer.appending(index: oldIndex)))
            working.remove(at: oldIndex)
        }
        for token in movedIndices.sorted() {
            guard let current = working.firstIndex(of: token) else { continue }
            let last = working.count - 1
            if current != last {
                operations.append(.move(from: pointer.appending(index: current), path: pointer.appending(index: last)))
                working.remove(at: current)
                working.append(token)
            }
        }
        for (finalIndex, element) in target.enumerated() {
            if let value = element.inserted {
                operations.append(.add(path: pointer.appending(index: finalIndex), value: value))
                working.insert(element.token, at: finalIndex)
                continue
            }
            guard let current = working[finalIndex...].firstIndex(of: element.token) else { continue }
            if current != finalIndex {
                operations.append(.move(from: pointer.appending(index: current), path: pointer.appending(index: finalIndex)))
                working.remove(at: current)
                working.insert(element.token, at: finalIndex)
            }
        }
        for (newIndex, child) in nested.sorted(by: { $0.newIndex < $1.newIndex }) {
            child.appendOperations(at: pointer.appending(index: newIndex), to: &operations)
        }
    }
}

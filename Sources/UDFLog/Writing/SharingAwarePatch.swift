import UDFDiff
import UDFJSON

/// Makes the JSON Patch between consecutive states in time proportional to
/// what changed, by skipping subtrees that share storage.
///
/// Consecutive states from `IncrementalJSONEncoder` share the storage of
/// every unchanged array element and object, so `isIdentical(to:)` skips
/// them in O(1). Objects are compared key by key and equal-length arrays
/// index by index, and an array that only grew at its end gets its new
/// elements added; anything else (other arrays that grew or shrank, scalars
/// at the root) is handed to `JSONPatch.make`, whose operations are rebased. The
/// patch may differ in form from `JSONPatch.make`'s, but applying it to the
/// old state gives exactly the new one.
enum SharingAwarePatch {
    /// - Parameter edits: The encoder's proof of which positions and keys
    ///   changed in the containers it made from `old`'s: nothing else is compared.
    static func make(from old: JSONValue, to new: JSONValue, edits: ContainerEdits = ContainerEdits()) -> JSONPatch {
        var operations: [PatchOperation] = []
        collect(old, new, at: .root, into: &operations, edits: edits)
        return JSONPatch(operations)
    }

    private static func collect(
        _ old: JSONValue, _ new: JSONValue, at pointer: JSONPointer, into operations: inout [PatchOperation], edits: ContainerEdits
    ) {
        if old.isIdentical(to: new) { return }
        switch (old, new) {
        case (.object(let before), .object(let after)):
            // Each key of `after` is looked up once, by scalars (a respelled
            // key is removed, then added anew); what it found is kept for the
            // walk below.
            var touched: [(key: String, previous: JSONValue?, value: JSONValue)] = []
            var removed: [String] = []
            func touch(_ key: String, _ previous: JSONValue?, _ value: JSONValue) {
                if let previous, previous.isIdentical(to: value) || (!value.isContainer && previous == value) { return }
                touched.append((key, previous, value))
            }
            if let proven = edits.changedKeys(of: after, from: before) {
                // The encoder proved every other member unchanged.
                for key in proven {
                    if let value = after.value(exactlyAt: key) {
                        touch(key, before.value(exactlyAt: key), value)
                    } else if before.value(exactlyAt: key) != nil {
                        removed.append(key)
                    }
                }
            } else {
                var kept = 0
                for (key, value) in after {
                    let previous = before.value(exactlyAt: key)
                    if previous != nil { kept += 1 }
                    touch(key, previous, value)
                }
                // No two keys of an object are equivalent, so each key kept is a
                // different key of `before`: if all of them were kept, none went.
                if kept < before.count {
                    removed = before.keys.filter { after.value(exactlyAt: $0) == nil }
                }
            }
            // Operations come out in key order, as before; only the keys that
            // can yield one are sorted (one, for a one-leaf edit of an item).
            for key in removed.sorted(by: JSONWriter.utf8Precedes) {
                operations.append(.remove(path: pointer.appending(key)))
            }
            touched.sort { JSONWriter.utf8Precedes($0.key, $1.key) }
            for (key, previous, value) in touched {
                if let previous {
                    collect(previous, value, at: pointer.appending(key), into: &operations, edits: edits)
                } else {
                    operations.append(.add(path: pointer.appending(key), value: value))
                }
            }
        case (.array(let before), .array(let after)) where before.count == after.count:
            if let proven = edits.changedPositions(of: after, from: before) {
                for index in proven {
                    collect(before[index], after[index], at: pointer.appending(index: index), into: &operations, edits: edits)
                }
                return
            }
            var index = 0
            while index < before.count {
                let same = after.sameBitsRun(with: before, from: index)
                if same > 0 {
                    index += same
                    continue
                }
                collect(before[index], after[index], at: pointer.appending(index: index), into: &operations, edits: edits)
                index += 1
            }
        case (.array(let before), .array(let after)) where after.count > before.count && onlyGrew(after, from: before, edits: edits):
            // Grown at the end only (a log): the new elements are added, with
            // no search for a common run.
            for index in before.count..<after.count {
                operations.append(.add(path: pointer.appending(index: index), value: after[index]))
            }
        default:
            if old == new { return }
            if pointer.tokens.isEmpty || (old.arrayValue != nil && new.arrayValue != nil) {
                operations += JSONPatch.make(from: old, to: new).operations.map { rebase($0, onto: pointer) }
            } else {
                operations.append(.replace(path: pointer, value: new))
            }
        }
    }

    /// Whether `after` is `before` with elements added at its end: the
    /// encoder's edits say so, or else the bits of the old elements do.
    private static func onlyGrew(_ after: [JSONValue], from before: [JSONValue], edits: ContainerEdits) -> Bool {
        if let proven = edits.changedPositions(of: after, from: before) {
            return proven.isEmpty
        }
        return after.sameBitsRun(with: before, from: 0) == before.count
    }

    private static func rebase(_ operation: PatchOperation, onto prefix: JSONPointer) -> PatchOperation {
        guard !prefix.tokens.isEmpty else { return operation }
        func moved(_ pointer: JSONPointer) -> JSONPointer {
            JSONPointer(tokens: prefix.tokens + pointer.tokens)
        }
        switch operation {
        case .add(let path, let value): return .add(path: moved(path), value: value)
        case .remove(let path): return .remove(path: moved(path))
        case .replace(let path, let value): return .replace(path: moved(path), value: value)
        case .move(let from, let path): return .move(from: moved(from), path: moved(path))
        case .copy(let from, let path): return .copy(from: moved(from), path: moved(path))
        case .test(let path, let value): return .test(path: moved(path), value: value)
        }
    }
}


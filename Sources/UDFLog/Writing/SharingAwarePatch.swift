import UDFDiff
import UDFJSON

/// Makes the JSON Patch between consecutive states in time proportional to
/// what changed, by skipping subtrees that share storage.
///
/// Consecutive states from `IncrementalJSONEncoder` share the storage of
/// every unchanged array element and object, so `isIdentical(to:)` skips
/// them in O(1). Objects are compared key by key and equal-length arrays
/// index by index; anything else (arrays that grew or shrank, scalars at the
/// root) is handed to `JSONPatch.make`, whose operations are rebased. The
/// patch may differ in form from `JSONPatch.make`'s, but applying it to the
/// old state gives exactly the new one.
enum SharingAwarePatch {
    static func make(from old: JSONValue, to new: JSONValue) -> JSONPatch {
        var operations: [PatchOperation] = []
        collect(old, new, at: .root, into: &operations)
        return JSONPatch(operations)
    }

    private static func collect(_ old: JSONValue, _ new: JSONValue, at pointer: JSONPointer, into operations: inout [PatchOperation]) {
        if old.isIdentical(to: new) { return }
        switch (old, new) {
        case (.object(let before), .object(let after)):
            // Operations come out in key order, as before; only the keys that
            // can yield one are sorted (one, for a one-leaf edit of an item).
            var removed: [String] = []
            // Keys by scalars: a respelled key is removed, then added anew.
            for key in before.keys where after.value(exactlyAt: key) == nil {
                removed.append(key)
            }
            for key in removed.sorted(by: JSONWriter.utf8Precedes) {
                operations.append(.remove(path: pointer.appending(key)))
            }
            var touched: [String] = []
            for (key, value) in after {
                if let previous = before.value(exactlyAt: key), previous.isIdentical(to: value) || (!value.isContainer && previous == value) {
                    continue
                }
                touched.append(key)
            }
            for key in touched.sorted(by: JSONWriter.utf8Precedes) {
                guard let value = after.value(exactlyAt: key) else { continue }
                if let previous = before.value(exactlyAt: key) {
                    collect(previous, value, at: pointer.appending(key), into: &operations)
                } else {
                    operations.append(.add(path: pointer.appending(key), value: value))
                }
            }
        case (.array(let before), .array(let after)) where before.count == after.count:
            var index = 0
            while index < before.count {
                let same = after.sameBitsRun(with: before, from: index)
                if same > 0 {
                    index += same
                    continue
                }
                collect(before[index], after[index], at: pointer.appending(index: index), into: &operations)
                index += 1
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


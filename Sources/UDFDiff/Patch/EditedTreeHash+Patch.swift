import UDFJSON

extension EditedTreeHash {
    /// Notes the edits of `patch`, once it applied without error to the
    /// state this hash measured last (and the patches noted since).
    public func note(_ patch: JSONPatch) {
        for operation in patch.operations {
            switch operation {
            case .add(let path, _), .copy(_, let path):
                added(at: path.tokens)
            case .remove(let path):
                removed(at: path.tokens)
            case .replace(let path, _):
                replaced(at: path.tokens)
            case .move(let from, let path):
                // Moving a value onto its own place changes nothing (`PatchApplier`).
                guard from != path else { continue }
                removed(at: from.tokens)
                added(at: path.tokens)
            case .test:
                continue
            }
        }
    }
}

import UDFJSON

extension DiffNode {
    /// Every leaf change in document order, each with its path.
    public var changes: [DiffChange] {
        var changes: [DiffChange] = []
        appendChanges(at: .root, to: &changes)
        return changes
    }

    /// The paths that changed, in document order, without repeats; `blame` matches on these.
    public var changedPaths: [JSONPath] {
        var seen = Set<JSONPath>()
        return changes.map(\.path).filter { seen.insert($0).inserted }
    }

    private func appendChanges(at path: JSONPath, to changes: inout [DiffChange]) {
        switch self {
        case .replaced(let old, let new):
            changes.append(DiffChange(path: path, kind: .replaced(old: old, new: new)))
        case .text(let text):
            changes.append(DiffChange(path: path, kind: .replaced(old: .string(text.old), new: .string(text.new))))
        case .object(let object):
            for entry in object.entries {
                let child = path.appending(.key(entry.key))
                switch entry {
                case .unchanged: break
                case .changed(_, let diff): diff.appendChanges(at: child, to: &changes)
                case .added(_, let value): changes.append(DiffChange(path: child, kind: .added(value)))
                case .removed(_, let value): changes.append(DiffChange(path: child, kind: .removed(value)))
                }
            }
        case .array(let array):
            func component(_ index: Int, _ id: JSONValue?) -> PathComponent {
                id.map(PathComponent.identity) ?? .index(index)
            }
            for entry in array.entries {
                switch entry {
                case .unchanged:
                    break
                case .inserted(let newIndex, let id, let value):
                    changes.append(DiffChange(path: path.appending(component(newIndex, id)), kind: .added(value)))
                case .removed(let oldIndex, let id, let value):
                    changes.append(DiffChange(path: path.appending(component(oldIndex, id)), kind: .removed(value)))
                case .changed(_, let newIndex, let id, let diff):
                    diff.appendChanges(at: path.appending(component(newIndex, id)), to: &changes)
                case .moved(let oldIndex, let newIndex, let id, let diff):
                    let elementPath = path.appending(.identity(id))
                    changes.append(DiffChange(path: elementPath, kind: .moved(from: oldIndex, to: newIndex)))
                    diff?.appendChanges(at: elementPath, to: &changes)
                }
            }
        }
    }
}

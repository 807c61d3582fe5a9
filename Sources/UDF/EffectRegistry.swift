import Synchronization

/// The store's in-flight effect tasks, by key and by cancellation id.
///
/// Guarded by a `Mutex` rather than the main actor so that the store's nonisolated
/// `deinit` can cancel everything, and so that tasks can deregister from any executor.
final class EffectRegistry: Sendable {
    private struct Contents {
        var nextKey: UInt64 = 0
        var tasks: [UInt64: Task<Void, Never>] = [:]
        var keysByID: [EffectID: Set<UInt64>] = [:]
        var idsByKey: [UInt64: [EffectID]] = [:]
    }

    private let contents = Mutex(Contents())

    /// Starts a task built by `makeTask` and registers it under `ids`.
    ///
    /// The task is created while the lock is held so that it cannot deregister
    /// before it is registered.
    ///
    /// - Returns: The task and the key it is registered under.
    func start(
        ids: [EffectID],
        _ makeTask: (_ key: UInt64, _ deregister: @escaping @Sendable () -> Void) -> Task<Void, Never>
    ) -> (task: Task<Void, Never>, key: UInt64) {
        contents.withLock { contents in
            let key = contents.nextKey
            contents.nextKey += 1
            let task = makeTask(key) { [weak self] in self?.finished(key) }
            contents.tasks[key] = task
            if !ids.isEmpty {
                contents.idsByKey[key] = ids
                for id in ids {
                    contents.keysByID[id, default: []].insert(key)
                }
            }
            return (task, key)
        }
    }

    func cancel(id: EffectID) {
        let tasks = contents.withLock { contents in
            let keys = contents.keysByID.removeValue(forKey: id) ?? []
            return keys.compactMap { contents.tasks[$0] }
        }
        for task in tasks {
            task.cancel()
        }
    }

    func cancelAll() {
        let tasks = contents.withLock { Array($0.tasks.values) }
        for task in tasks {
            task.cancel()
        }
    }

    var inFlight: [Task<Void, Never>] {
        contents.withLock { Array($0.tasks.values) }
    }

    private func finished(_ key: UInt64) {
        contents.withLock { contents in
            contents.tasks[key] = nil
            for id in contents.idsByKey.removeValue(forKey: key) ?? [] {
                contents.keysByID[id]?.remove(key)
                if contents.keysByID[id]?.isEmpty == true {
                    contents.keysByID[id] = nil
                }
            }
        }
    }
}

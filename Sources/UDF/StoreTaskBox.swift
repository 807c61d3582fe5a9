import Synchronization

/// The tasks started on behalf of one `send`, shared by the ``StoreTask`` handle and the store.
@usableFromInline
final class StoreTaskBox: Sendable {
    private struct Contents {
        // Keyed so that finished tasks can leave: a send whose effects keep sending
        // would otherwise hold every task it ever started.
        var tasks: [UInt64: Task<Void, Never>] = [:]
        var isCancelled = false
    }

    private let contents = Mutex(Contents())

    @usableFromInline
    init() {}

    var isCancelled: Bool {
        contents.withLock { $0.isCancelled }
    }

    /// Adds a task; a task added after cancellation is cancelled at once.
    func add(_ task: Task<Void, Never>, key: UInt64) {
        let cancelled = contents.withLock { contents in
            contents.tasks[key] = task
            return contents.isCancelled
        }
        if cancelled {
            task.cancel()
        }
    }

    func cancel() {
        let tasks = contents.withLock { contents in
            contents.isCancelled = true
            return Array(contents.tasks.values)
        }
        for task in tasks {
            task.cancel()
        }
    }

    /// Removes a task that has finished.
    func remove(key: UInt64) {
        contents.withLock { _ = $0.tasks.removeValue(forKey: key) }
    }

    /// Waits for every task, including tasks added while waiting.
    func finish() async {
        while true {
            let tasks = contents.withLock { Array($0.tasks.values) }
            if tasks.isEmpty {
                return
            }
            for task in tasks {
                await task.value
            }
        }
    }
}

import Synchronization

/// The tasks started on behalf of one `send`, shared by the ``StoreTask`` handle and the store.
final class StoreTaskBox: Sendable {
    private struct Contents {
        var tasks: [Task<Void, Never>] = []
        var isCancelled = false
    }

    private let contents = Mutex(Contents())

    var isCancelled: Bool {
        contents.withLock { $0.isCancelled }
    }

    /// Adds a task; a task added after cancellation is cancelled at once.
    func add(_ task: Task<Void, Never>) {
        let cancelled = contents.withLock { contents in
            contents.tasks.append(task)
            return contents.isCancelled
        }
        if cancelled {
            task.cancel()
        }
    }

    func cancel() {
        let tasks = contents.withLock { contents in
            contents.isCancelled = true
            return contents.tasks
        }
        for task in tasks {
            task.cancel()
        }
    }

    /// Waits for every task, including tasks added while waiting.
    func finish() async {
        var awaited = 0
        while true {
            let tasks = contents.withLock { $0.tasks }
            if awaited >= tasks.count {
                return
            }
            for task in tasks[awaited...] {
                await task.value
            }
            awaited = tasks.count
        }
    }
}

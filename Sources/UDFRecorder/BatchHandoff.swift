import Foundation
import UDFLog

/// Hands prepared batches from the recorder's encoding thread to its
/// writing thread, in order, one at a time: the encoder prepares the next
/// batch while the last one is written, and waits when the writer is a
/// whole batch behind, so memory stays bounded.
final class BatchHandoff: @unchecked Sendable {
    /// What the encoding thread made of the steps it took.
    enum Work {
        case batch(PreparedBatch)
        /// The steps could not be prepared: the writer reports `error`.
        case failed(RecordingError, steps: Int)
        /// Recording had stopped: the steps are given up unprepared.
        case skipped(steps: Int)

        var steps: Int {
            switch self {
            case .batch(let batch): batch.count
            case .failed(_, let steps), .skipped(let steps): steps
            }
        }
    }

    // NSCondition guards both fields; neither is touched without it.
    private let condition = NSCondition()
    private var waiting: Work?
    private var isClosed = false

    /// Waits until the slot is free, then fills it.
    func put(_ work: Work) {
        condition.lock()
        while waiting != nil {
            condition.wait()
        }
        waiting = work
        condition.broadcast()
        condition.unlock()
    }

    /// The next work, oldest first, or nil once closed and empty.
    func take() -> Work? {
        condition.lock()
        defer { condition.unlock() }
        while waiting == nil && !isClosed {
            condition.wait()
        }
        let work = waiting
        waiting = nil
        condition.broadcast()
        return work
    }

    /// No more work will be put.
    func close() {
        condition.lock()
        isClosed = true
        condition.broadcast()
        condition.unlock()
    }
}

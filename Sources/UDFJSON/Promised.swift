import Dispatch
import Synchronization

/// A value that one thread hands over once and any number of threads wait
/// for: the result of work started on another thread.
package final class Promised<Value: Sendable>: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let value = Mutex<Value?>(nil)

    package init() {}

    /// Hands the value over, waking whoever waits; once only.
    package func fulfil(_ value: Value) {
        self.value.withLock { $0 = value }
        done.signal()
    }

    /// Waits until the value is handed over and returns it; may be called again.
    package func wait() -> Value {
        while true {
            if let value = value.withLock({ $0 }) { return value }
            done.wait()
            // Passed on, so that the next wait returns too.
            done.signal()
        }
    }
}

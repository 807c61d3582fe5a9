import Synchronization
import UDFTesting

/// Collects failure messages instead of failing the test, so a test can
/// assert their exact text.
final class FailureLog: Sendable {
    private let messages = Mutex<[String]>([])

    var reporter: FailureReporter {
        FailureReporter { message, _ in self.append(message) }
    }

    var all: [String] {
        messages.withLock { $0 }
    }

    private func append(_ message: String) {
        messages.withLock { $0.append(message) }
    }
}

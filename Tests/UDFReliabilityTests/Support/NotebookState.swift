import Synchronization
import UDF

/// A small host app whose state grows by one note per action, so a bounded
/// file fills up quickly, and whose `tick` action keeps the state small.
struct NotebookState: Codable, Equatable, Sendable {
    var notes: [String] = []
    var ticks = 0
}

enum NotebookAction: Codable, Equatable, Sendable {
    case write(String)
    case tick

    static let reducer = Reducer<NotebookState, NotebookAction> { state, action in
        switch action {
        case .write(let note):
            state.notes.append(note)
        case .tick:
            state.ticks += 1
        }
        return .none
    }
}

/// Failure reports from the recorder's writer thread.
final class FailureLog: Sendable {
    private let lines = Mutex<[String]>([])

    func append(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    var all: [String] { lines.withLock { $0 } }
}

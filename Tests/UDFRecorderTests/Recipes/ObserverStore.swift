// The hand-written store of the seed article: observers, and a pure
// `reduce` under the state's namespace. The recipe is the one line marked
// in `accept(event:)`.
import UDFRecorder

protocol StoreObserver: AnyObject {
    func stateWasChanged(with newState: CounterState)
}

struct CounterState {
    var count = 0
    var history: [Int] = []
    var formatter: (Int) -> String = { "\($0)" }

    static func reduce(state: CounterState, event: CounterEvent) -> CounterState {
        var state = state
        switch event {
        case .increment: state.count += 1
        case .decrement: state.count -= 1
        case .reset: state.count = 0
        }
        state.history.append(state.count)
        return state
    }
}

enum CounterEvent {
    case increment
    case decrement
    case reset
}

@MainActor
final class ObserverStore {
    private(set) var state: CounterState {
        didSet { observers.forEach { $0.stateWasChanged(with: state) } }
    }
    var observers: [any StoreObserver] = []
    private let recorder: Recorder

    init(state: CounterState, recorder: Recorder) {
        self.state = state
        self.recorder = recorder
        recorder.start(state: state)
    }

    func accept(event: CounterEvent) {
        state = CounterState.reduce(state: state, event: event)
        recorder.record(action: event, state: state) // the recipe
    }
}

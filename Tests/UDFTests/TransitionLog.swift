import UDF

/// Records every transition a store makes, through an observing middleware.
@MainActor
final class TransitionLog<State, Action: Sendable> {
    /// The parts of a transition that tests compare.
    struct Entry: Equatable where Action: Equatable {
        let step: Int
        let cause: Int?
        let action: Action
    }

    private(set) var transitions: [Transition<State, Action>] = []

    var middleware: Middleware<State, Action> {
        .observing { [weak self] transition in
            self?.transitions.append(transition)
        }
    }
}

extension TransitionLog where Action: Equatable {
    var entries: [Entry] {
        transitions.map { Entry(step: $0.step, cause: $0.cause, action: $0.action) }
    }
}

/// The public API shape of The Composable Architecture that the TCA recipe
/// is written against: `Reducer` with `reduce(into:action:)`, `Reduce`,
/// `Effect` and a `Store` that feeds effects' actions back.
///
/// SwiftPM cannot fetch TCA here, so this stands in for it. It is namespaced
/// because this target also imports our own `UDF.Reducer` and `UDF.Effect`;
/// in an app the recipe's `TCA.` prefixes are dropped.
enum TCA {
    protocol Reducer<State, Action> {
        associatedtype State
        associatedtype Action
        func reduce(into state: inout State, action: Action) -> Effect<Action>
    }

    struct Reduce<State, Action>: Reducer {
        let body: (inout State, Action) -> Effect<Action>

        init(_ body: @escaping (inout State, Action) -> Effect<Action>) {
            self.body = body
        }

        func reduce(into state: inout State, action: Action) -> Effect<Action> {
            body(&state, action)
        }
    }

    struct Effect<Action> {
        let actions: [Action]

        static var none: Effect { Effect(actions: []) }

        static func send(_ action: Action) -> Effect { Effect(actions: [action]) }
    }

    /// Runs the reducer on the main actor, and an effect's actions after the
    /// action that returned it, as TCA's store does.
    @MainActor
    final class Store<R: Reducer> {
        private(set) var state: R.State
        private let reducer: R

        init(initialState: R.State, reducer: () -> R) {
            state = initialState
            self.reducer = reducer()
        }

        func send(_ action: R.Action) {
            let effect = reducer.reduce(into: &state, action: action)
            for next in effect.actions {
                send(next)
            }
        }
    }
}

import Testing
import UDF

@MainActor
@Suite struct ReducerTests {
    @Test func reduceMutatesStateAndReturnsEffect() {
        var state = Counter()
        _ = Counter.reducer.reduce(into: &state, action: .add(3))
        #expect(state == Counter(count: 3))
    }

    @Test func combineRunsReducersInOrderAndMergesEffects() {
        let double = Reducer<Counter, CounterAction> { state, action in
            guard case .add = action else { return .none }
            state.count *= 2
            return .send(.result("doubled"))
        }
        let log = TransitionLog<Counter, CounterAction>()
        let store = Store(
            initialState: Counter(),
            reducer: .combine(Counter.reducer, double),
            middleware: [log.middleware]
        )

        store.send(.add(3))

        #expect(store.state.count == 6)
        #expect(store.state.results == ["doubled"])
        #expect(log.entries == [
            .init(step: 1, cause: nil, action: .add(3)),
            .init(step: 2, cause: 1, action: .result("doubled")),
        ])
    }
}

import Foundation
import Observation
import Synchronization
import Testing
import UDF

@MainActor
@Suite struct StoreTests {
    @Test func sendReducesAndAssignsMonotonicSteps() {
        let log = TransitionLog<Counter, CounterAction>()
        let store = Store(initialState: Counter(), reducer: Counter.reducer, middleware: [log.middleware])
        #expect(store.step == 0)

        store.send(.increment)
        store.send(.add(5))
        store.send(.increment)

        #expect(store.state.count == 7)
        #expect(store.step == 3)
        #expect(log.entries == [
            .init(step: 1, cause: nil, action: .increment),
            .init(step: 2, cause: nil, action: .add(5)),
            .init(step: 3, cause: nil, action: .increment),
        ])
        #expect(log.transitions.map(\.stateBefore.count) == [0, 1, 6])
        #expect(log.transitions.map(\.stateAfter.count) == [1, 6, 7])
    }

    @Test func initialStepContinuesNumbering() {
        let log = TransitionLog<Counter, CounterAction>()
        let store = Store(
            initialState: Counter(count: 40),
            reducer: Counter.reducer,
            middleware: [log.middleware],
            initialStep: 40
        )
        store.send(.increment)
        #expect(store.step == 41)
        #expect(store.historySteps == [40, 41])
        #expect(log.entries == [.init(step: 41, cause: nil, action: .increment)])
    }

    @Test func transitionRecordsTimestampAndDuration() throws {
        let log = TransitionLog<Counter, CounterAction>()
        let store = Store(initialState: Counter(), reducer: Counter.reducer, middleware: [log.middleware])
        let before = Date()
        store.send(.increment)
        let after = Date()

        let transition = try #require(log.transitions.first)
        #expect(transition.timestamp >= before)
        #expect(transition.timestamp <= after)
        #expect(transition.reducerDuration >= .zero)
        #expect(transition.reducerDuration < .seconds(1))
    }

    @Test func reentrantSendsAreBufferedInFifoOrder() {
        // Each middleware call records its depth; a nested reduction would show depth 2.
        @MainActor final class Trace {
            var events: [String] = []
            var depth = 0
            var maximumDepth = 0
        }
        let trace = Trace()
        let store = Store<[String], String>(
            initialState: [],
            reducer: Reducer { state, action in
                state.append(action)
                return action == "a" ? .send("a.effect") : .none
            },
            middleware: [
                Middleware { [trace] context, action, next in
                    trace.depth += 1
                    trace.maximumDepth = max(trace.maximumDepth, trace.depth)
                    if action == "a" {
                        context.dispatch("a.before")
                    }
                    trace.events.append("reduce \(action)")
                    _ = next(action)
                    if action == "a" {
                        context.dispatch("a.after")
                    }
                    trace.depth -= 1
                },
            ]
        )
        let subscription = store.subscribe { [weak store] state in
            if state.last == "a.before" {
                store?.send("from subscriber")
            }
        }

        store.send("a")

        #expect(store.state == ["a", "a.before", "a.after", "a.effect", "from subscriber"])
        #expect(trace.events == [
            "reduce a", "reduce a.before", "reduce a.after", "reduce a.effect", "reduce from subscriber",
        ])
        #expect(trace.maximumDepth == 1)
        store.unsubscribe(subscription)
    }

    @Test func reentrantSendFromSubscriberHasNoCause() {
        let log = TransitionLog<Counter, CounterAction>()
        let store = Store(initialState: Counter(), reducer: Counter.reducer, middleware: [log.middleware])
        _ = store.subscribe { [weak store] state in
            if state.count == 1 {
                store?.send(.add(10))
            }
        }

        store.send(.increment)

        #expect(store.state.count == 11)
        #expect(log.entries == [
            .init(step: 1, cause: nil, action: .increment),
            .init(step: 2, cause: nil, action: .add(10)),
        ])
    }

    @Test func observationTracksStateAndHistory() {
        final class Flags: Sendable {
            let state = Atomic<Int>(0)
            let history = Atomic<Int>(0)
        }
        let flags = Flags()
        let store = Store(initialState: Counter(), reducer: Counter.reducer)

        withObservationTracking {
            _ = store.state
        } onChange: {
            flags.state.add(1, ordering: .sequentiallyConsistent)
        }
        withObservationTracking {
            _ = store.canUndo
        } onChange: {
            flags.history.add(1, ordering: .sequentiallyConsistent)
        }
        store.send(.increment)
        #expect(flags.state.load(ordering: .sequentiallyConsistent) == 1)
        #expect(flags.history.load(ordering: .sequentiallyConsistent) == 1)

        withObservationTracking {
            _ = store.state
        } onChange: {
            flags.state.add(1, ordering: .sequentiallyConsistent)
        }
        store.undo()
        #expect(flags.state.load(ordering: .sequentiallyConsistent) == 2)
        #expect(store.state.count == 0)
    }

    @Test func settleWaitsForChainedEffects() async {
        let store = Store(initialState: Counter(), reducer: Reducer<Counter, CounterAction> { state, action in
            switch action {
            case .add(let amount):
                state.count += amount
                return amount < 3 ? .run { send in await send(.add(amount + 1)) } : .none
            default:
                return .none
            }
        })
        store.send(.add(1))
        await store.settle()
        #expect(store.state.count == 6)
        #expect(store.step == 3)
    }
}

import Testing
import UDF

/// The limit only catches a hang: the main actor is shared with every other
/// suite's effects, and on two busy cores a passing test can wait minutes.
@MainActor
@Suite(.timeLimit(.minutes(5))) struct EffectTests {
    @Test func sendEffectIsProcessedSynchronouslyWithItsCause() {
        let log = TransitionLog<Counter, CounterAction>()
        let store = Store(initialState: Counter(), reducer: Counter.reducer, middleware: [log.middleware])

        store.send(.increment)
        store.send(.incrementViaSend)

        #expect(store.state.count == 2)
        #expect(log.entries == [
            .init(step: 1, cause: nil, action: .increment),
            .init(step: 2, cause: nil, action: .incrementViaSend),
            .init(step: 3, cause: 2, action: .increment),
        ])
    }

    @Test func runEffectSendsWithCauseOfTheReturningAction() async {
        let log = TransitionLog<Counter, CounterAction>()
        let store = Store(initialState: Counter(), reducer: Counter.reducer, middleware: [log.middleware])

        store.send(.increment)
        await store.send(.addLater(5)).finish()

        #expect(store.state.count == 6)
        #expect(log.entries == [
            .init(step: 1, cause: nil, action: .increment),
            .init(step: 2, cause: nil, action: .addLater(5)),
            .init(step: 3, cause: 2, action: .add(5)),
        ])
    }

    @Test func mergedEffectsShareTheCause() async {
        let log = TransitionLog<Counter, CounterAction>()
        let store = Store(initialState: Counter(), reducer: Counter.reducer, middleware: [log.middleware])

        let task = store.send(.incrementAndAddLater)
        #expect(store.state.count == 1)
        await task.finish()

        #expect(store.state.count == 11)
        #expect(log.entries == [
            .init(step: 1, cause: nil, action: .incrementAndAddLater),
            .init(step: 2, cause: 1, action: .increment),
            .init(step: 3, cause: 1, action: .add(10)),
        ])
    }

    @Test func causesChainThroughNestedEffects() async {
        let log = TransitionLog<Counter, CounterAction>()
        let store = Store(
            initialState: Counter(),
            reducer: Reducer<Counter, CounterAction> { state, action in
                switch action {
                case .increment:
                    state.count += 1
                    return state.count < 3 ? .send(.addLater(1)) : .none
                case .addLater:
                    return .run { send in await send(.increment) }
                default:
                    return .none
                }
            },
            middleware: [log.middleware]
        )

        await store.send(.increment).finish()

        #expect(store.state.count == 3)
        #expect(log.entries == [
            .init(step: 1, cause: nil, action: .increment),
            .init(step: 2, cause: 1, action: .addLater(1)),
            .init(step: 3, cause: 2, action: .increment),
            .init(step: 4, cause: 3, action: .addLater(1)),
            .init(step: 5, cause: 4, action: .increment),
        ])
    }

    @Test func cancelStopsEffectsRegisteredUnderTheID() async {
        let probe = CancellationProbe()
        let store = Store(initialState: Counter(), reducer: Reducer<Counter, CounterAction> { state, action in
            switch action {
            case .increment:
                return .run(probe.runUntilCancelled(then: .add(100))).cancellable(id: SearchID.search)
            case .stopSearch:
                return .cancel(id: SearchID.search)
            case .add(let amount):
                state.count += amount
                return .none
            default:
                return .none
            }
        })

        let task = store.send(.increment)
        store.send(.stopSearch)
        await probe.waitForCancellation()
        await task.finish()

        // The effect tried to send .add(100) after cancellation; that send is a no-op.
        #expect(store.state.count == 0)
        #expect(store.step == 2)
        #expect(task.isCancelled == false)
    }

    @Test func cancelInFlightKeepsOnlyTheLatestSearch() async {
        let store = Store(initialState: Counter(), reducer: Counter.reducer)

        // Without cancellation the first search would hold settle() for an hour.
        store.send(.search("a", delay: .seconds(3_600), latestOnly: true))
        store.send(.search("ab", delay: .zero, latestOnly: true))
        await store.settle()

        #expect(store.state.results == ["ab"])
    }

    @Test func withoutCancelInFlightBothSearchesFinish() async {
        let store = Store(initialState: Counter(), reducer: Counter.reducer)

        store.send(.search("a", delay: .zero, latestOnly: false))
        store.send(.search("ab", delay: .zero, latestOnly: false))
        await store.settle()

        #expect(store.state.results.sorted() == ["a", "ab"])
    }

    @Test func cancelEffectFromReducerStopsSearch() async {
        let store = Store(initialState: Counter(), reducer: Counter.reducer)

        store.send(.search("slow", delay: .seconds(3_600), latestOnly: false))
        store.send(.stopSearch)
        await store.settle()

        #expect(store.state.results == [])
    }

    @Test func storeTaskCancelCancelsItsEffects() async {
        let probe = CancellationProbe()
        let store = Store(initialState: Counter(), reducer: Reducer<Counter, CounterAction> { state, action in
            switch action {
            case .increment:
                return .run(probe.runUntilCancelled(then: .add(100)))
            case .add(let amount):
                state.count += amount
                return .none
            default:
                return .none
            }
        })

        let task = store.send(.increment)
        task.cancel()
        await probe.waitForCancellation()
        await task.finish()

        #expect(task.isCancelled)
        #expect(store.state.count == 0)
    }

    @Test func thrownErrorsAreSwallowed() async {
        struct Failure: Error {}
        let store = Store(initialState: Counter(), reducer: Reducer<Counter, CounterAction> { state, action in
            switch action {
            case .increment:
                return .run { send in
                    await send(.add(1))
                    throw Failure()
                }
            case .add(let amount):
                state.count += amount
                return .none
            default:
                return .none
            }
        })

        await store.send(.increment).finish()
        store.send(.add(5))

        #expect(store.state.count == 6)
        #expect(store.step == 3)
    }

    @Test func thrownErrorsGoToTheCatchHandlerWhichMaySendAnAction() async {
        struct Failure: Error {}
        let store = Store(initialState: Counter(), reducer: Reducer<Counter, CounterAction> { state, action in
            switch action {
            case .increment:
                return .run(
                    { send in
                        await send(.add(1))
                        throw Failure()
                    },
                    catch: { error, send in
                        await send(.add(error is Failure ? 100 : -1))
                    }
                )
            case .add(let amount):
                state.count += amount
                return .none
            default:
                return .none
            }
        })

        await store.send(.increment).finish()

        #expect(store.state.count == 101)
        #expect(store.step == 3)
    }

    @Test func deinitializingTheStoreCancelsEffects() async {
        let probe = CancellationProbe()
        weak var weakStore: Store<Counter, CounterAction>?
        do {
            let store = Store(initialState: Counter(), reducer: Reducer<Counter, CounterAction> { _, action in
                guard action == .increment else { return .none }
                return .run(probe.runUntilCancelled(then: .add(100)))
            })
            store.send(.increment)
            weakStore = store
            #expect(weakStore != nil)
        }

        #expect(weakStore == nil)
        await probe.waitForCancellation()
    }

    @Test func sendCanBeUsedWithoutAStore() async {
        @MainActor final class Received {
            var actions: [CounterAction] = []
        }
        let received = Received()
        let send = Send<CounterAction> { received.actions.append($0) }

        await send(.increment)
        await send(.add(2))

        #expect(received.actions == [.increment, .add(2)])
    }
}

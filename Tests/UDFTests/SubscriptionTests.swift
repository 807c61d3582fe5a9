import Testing
import UDF

@MainActor
@Suite struct SubscriptionTests {
    @Test func observerIsCalledImmediatelyThenAfterEveryChange() {
        let store = Store(initialState: Counter(count: 7), reducer: Counter.reducer)
        var seen: [Int] = []

        _ = store.subscribe { seen.append($0.count) }
        store.send(.increment)
        store.send(.add(2))

        #expect(seen == [7, 8, 10])
    }

    @Test func unsubscribeStopsNotifications() {
        let store = Store(initialState: Counter(), reducer: Counter.reducer)
        var seen: [Int] = []

        let subscription = store.subscribe { seen.append($0.count) }
        store.send(.increment)
        store.unsubscribe(subscription)
        store.send(.increment)
        store.unsubscribe(subscription)

        #expect(seen == [0, 1])
        #expect(store.state.count == 2)
    }

    @Test func observersAreCalledInSubscriptionOrder() {
        let store = Store(initialState: Counter(), reducer: Counter.reducer)
        var calls: [String] = []

        let first = store.subscribe { calls.append("first \($0.count)") }
        let second = store.subscribe { calls.append("second \($0.count)") }
        store.send(.increment)

        #expect(first != second)
        #expect(calls == ["first 0", "second 0", "first 1", "second 1"])
    }

    @Test func observerUnsubscribedDuringNotificationIsSkipped() {
        let store = Store(initialState: Counter(), reducer: Counter.reducer)
        @MainActor final class Tokens {
            var second: Subscription?
        }
        let tokens = Tokens()
        var calls: [String] = []

        _ = store.subscribe { [weak store] state in
            calls.append("first \(state.count)")
            if state.count == 1, let second = tokens.second {
                store?.unsubscribe(second)
            }
        }
        tokens.second = store.subscribe { calls.append("second \($0.count)") }
        store.send(.increment)

        #expect(calls == ["first 0", "second 0", "first 1"])
    }

    @Test func observersSeeEachActionOfABufferedBatch() {
        let store = Store(initialState: Counter(), reducer: Counter.reducer)
        var seen: [Int] = []

        _ = store.subscribe { seen.append($0.count) }
        store.send(.incrementViaSend)

        // The outer action changes nothing but is still a reduction, so observers hear of it.
        #expect(seen == [0, 0, 1])
    }
}

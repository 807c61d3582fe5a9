import Testing
import UDF

@MainActor
@Suite struct MiddlewareTests {
    private static let appendingReducer = Reducer<[String], String> { state, action in
        state.append(action)
        return .none
    }

    private static func suffix(_ suffix: String) -> Middleware<[String], String> {
        Middleware { _, action, next in
            _ = next(action + " " + suffix)
        }
    }

    @Test func firstMiddlewareIsOutermost() {
        let store = Store(
            initialState: [],
            reducer: Self.appendingReducer,
            middleware: [Self.suffix("first"), Self.suffix("second")]
        )

        store.send("x")

        #expect(store.state == ["x first second"])
    }

    @Test func transitionIsReturnedOutwardThroughTheChain() {
        @MainActor final class Seen {
            var outer: [String] = []
            var inner: [String] = []
        }
        let seen = Seen()
        let store = Store(
            initialState: [],
            reducer: Self.appendingReducer,
            middleware: [
                Middleware { context, action, next in
                    guard let transition = next(action) else { return }
                    seen.outer.append("\(transition.step) \(transition.action) \(transition.stateBefore) \(transition.stateAfter) \(context.state)")
                },
                Middleware { _, action, next in
                    guard let transition = next(action + "!") else { return }
                    seen.inner.append("\(transition.step) \(transition.action)")
                },
            ]
        )

        store.send("a")
        store.send("b")

        #expect(seen.inner == ["1 a!", "2 b!"])
        #expect(seen.outer == [
            #"1 a! [] ["a!"] ["a!"]"#,
            #"2 b! ["a!"] ["a!", "b!"] ["a!", "b!"]"#,
        ])
    }

    @Test func contextStateIsBeforeUntilNextReturns() {
        @MainActor final class Seen {
            var states: [[String]] = []
        }
        let seen = Seen()
        let store = Store(
            initialState: ["start"],
            reducer: Self.appendingReducer,
            middleware: [
                Middleware { context, action, next in
                    seen.states.append(context.state)
                    _ = next(action)
                    seen.states.append(context.state)
                },
            ]
        )

        store.send("a")

        #expect(seen.states == [["start"], ["start", "a"]])
    }

    @Test func swallowedActionGetsNoStepAndOuterSeesNil() {
        @MainActor final class Seen {
            var outerResults: [Int?] = []
        }
        let seen = Seen()
        let store = Store(
            initialState: [],
            reducer: Self.appendingReducer,
            middleware: [
                Middleware { _, action, next in
                    seen.outerResults.append(next(action)?.step)
                },
                Middleware { _, action, next in
                    guard action != "drop" else { return }
                    _ = next(action)
                },
            ]
        )
        var notifications = 0
        _ = store.subscribe { _ in notifications += 1 }

        store.send("drop")
        store.send("keep")

        #expect(store.state == ["keep"])
        #expect(store.step == 1)
        #expect(seen.outerResults == [nil, 1])
        #expect(notifications == 2)
    }

    /// Observers ahead of every wrapper are called by the store after the rest
    /// of the chain, not nested inside it; they must see what nesting gives:
    /// inner before outer, the last of several `next` calls, nothing when swallowed.
    @Test func observersSeeWhatTheNestedChainReturns() {
        @MainActor final class Seen {
            var log: [String] = []
        }
        let seen = Seen()
        func observer(_ name: String) -> Middleware<[String], String> {
            .observing { transition in seen.log.append("\(name) \(transition.step) \(transition.action)") }
        }
        let store = Store(
            initialState: [],
            reducer: Self.appendingReducer,
            middleware: [
                observer("A"),
                observer("B"),
                Middleware { _, action, next in
                    _ = next(action + "1")
                    _ = next(action + "2")
                },
                observer("C"),
                Middleware { _, action, next in
                    guard !action.hasPrefix("drop") else { return }
                    _ = next(action)
                },
            ]
        )

        store.send("a")
        store.send("drop")
        store.send("b")

        #expect(store.state == ["a1", "a2", "b1", "b2"])
        #expect(seen.log == [
            "C 1 a1", "C 2 a2", "B 2 a2", "A 2 a2",
            "C 3 b1", "C 4 b2", "B 4 b2", "A 4 b2",
        ])
    }

    @Test func dispatchCarriesTheStepOfTheActionBeingProcessed() {
        let log = TransitionLog<[String], String>()
        let store = Store(
            initialState: [],
            reducer: Self.appendingReducer,
            middleware: [
                log.middleware,
                Middleware { context, action, next in
                    switch action {
                    case "login":
                        context.dispatch("track before")
                        _ = next(action)
                        context.dispatch("track after")
                    case "track before", "track after":
                        #expect(context.cause == 2)
                        _ = next(action)
                    default:
                        _ = next(action)
                    }
                },
            ]
        )

        store.send("open")
        store.send("login")

        #expect(store.state == ["open", "login", "track before", "track after"])
        #expect(log.entries == [
            .init(step: 1, cause: nil, action: "open"),
            .init(step: 2, cause: nil, action: "login"),
            .init(step: 3, cause: 2, action: "track before"),
            .init(step: 4, cause: 2, action: "track after"),
        ])
    }

    @Test func dispatchFromSwallowedActionInheritsItsCause() {
        let log = TransitionLog<[String], String>()
        let store = Store(
            initialState: [],
            reducer: Reducer<[String], String> { state, action in
                state.append(action)
                return action == "start" ? .send("redirected") : .none
            },
            middleware: [
                log.middleware,
                Middleware { context, action, next in
                    if action == "redirected" {
                        context.dispatch("replacement")
                        return
                    }
                    _ = next(action)
                },
            ]
        )

        store.send("start")

        #expect(store.state == ["start", "replacement"])
        #expect(log.entries == [
            .init(step: 1, cause: nil, action: "start"),
            .init(step: 2, cause: 1, action: "replacement"),
        ])
    }

    @Test func dispatchIsProcessedAfterTheChainCompletes() {
        @MainActor final class Trace {
            var events: [String] = []
        }
        let trace = Trace()
        let store = Store(
            initialState: [],
            reducer: Self.appendingReducer,
            middleware: [
                Middleware { context, action, next in
                    trace.events.append("enter \(action)")
                    if action == "a" {
                        context.dispatch("b")
                    }
                    _ = next(action)
                    trace.events.append("leave \(action)")
                },
            ]
        )

        store.send("a")

        #expect(trace.events == ["enter a", "leave a", "enter b", "leave b"])
        #expect(store.state == ["a", "b"])
    }

    @Test func contextKeptInATaskCanDispatchLater() async {
        @MainActor final class Pending {
            var tasks: [Task<Void, Never>] = []
        }
        let pending = Pending()
        let log = TransitionLog<[String], String>()
        let store = Store(
            initialState: [],
            reducer: Self.appendingReducer,
            middleware: [
                log.middleware,
                Middleware { context, action, next in
                    _ = next(action)
                    if action == "fetch" {
                        pending.tasks.append(Task { @MainActor in context.dispatch("fetched") })
                    }
                },
            ]
        )

        store.send("fetch")
        #expect(store.state == ["fetch"])
        for task in pending.tasks {
            await task.value
        }

        #expect(store.state == ["fetch", "fetched"])
        #expect(log.entries == [
            .init(step: 1, cause: nil, action: "fetch"),
            .init(step: 2, cause: 1, action: "fetched"),
        ])
    }

    @Test func undoRedoAndJumpBypassMiddleware() throws {
        @MainActor final class Count {
            var calls = 0
        }
        let count = Count()
        let store = Store(
            initialState: [],
            reducer: Self.appendingReducer,
            middleware: [Middleware { _, action, next in
                count.calls += 1
                _ = next(action)
            }]
        )

        store.send("a")
        store.send("b")
        store.undo()
        store.redo()
        try store.jump(to: 0)

        #expect(count.calls == 2)
        #expect(store.state == [])
    }
}

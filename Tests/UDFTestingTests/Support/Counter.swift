import UDF

/// A counter whose effects answer later, for the test store's tests.
struct Counter: Codable, Sendable {
    var count = 0
    var answers: [Int] = []
}

enum CounterAction: Codable, Sendable {
    case increment
    /// An effect answers with the count times ten.
    case ask
    /// An effect answers twice.
    case askTwice
    /// A `.send` effect increments at once.
    case incrementLater
    /// An effect that answers only after a long sleep.
    case askSlowly
    case answer(Int)
}

let counterReducer = Reducer<Counter, CounterAction> { state, action in
    switch action {
    case .increment:
        state.count += 1
        return .none
    case .ask:
        let count = state.count
        return .run { send in await send(.answer(count * 10)) }
    case .askTwice:
        let count = state.count
        return .run { send in
            await send(.answer(count))
            await send(.answer(count + 1))
        }
    case .incrementLater:
        return .send(.increment)
    case .askSlowly:
        return .run { send in
            try await Task.sleep(for: .seconds(30))
            await send(.answer(-1))
        }
    case .answer(let value):
        state.answers.append(value)
        return .none
    }
}

/// How long tests wait for effects that must arrive. The whole suite runs on
/// two cores with tests that block threads on subprocesses, which can keep
/// an effect's task from running for tens of seconds; the wait ends as soon
/// as the effect sends, so it costs nothing when all is well.
let patience = Duration.seconds(300)

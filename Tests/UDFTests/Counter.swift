import UDF

/// A small counter feature shared by the tests.
struct Counter: Equatable, Sendable {
    var count = 0
    var results: [String] = []
}

enum CounterAction: Equatable, Sendable {
    case increment
    case add(Int)
    /// Returns `.send(.increment)`.
    case incrementViaSend
    /// Returns `.merge(.send(.increment), .run { send(.add(10)) })`.
    case incrementAndAddLater
    /// Returns `.run { send(.add(n)) }`.
    case addLater(Int)
    /// Sleeps for `delay`, then sends `.result(query)`, cancelling any search in flight when `latestOnly`.
    case search(String, delay: Duration, latestOnly: Bool)
    case result(String)
    case stopSearch
}

enum SearchID: Hashable, Sendable {
    case search
}

extension Counter {
    static let reducer = Reducer<Counter, CounterAction> { state, action in
        switch action {
        case .increment:
            state.count += 1
            return .none
        case .add(let amount):
            state.count += amount
            return .none
        case .incrementViaSend:
            return .send(.increment)
        case .incrementAndAddLater:
            return .merge(
                .send(.increment),
                .run { send in await send(.add(10)) }
            )
        case .addLater(let amount):
            return .run { send in await send(.add(amount)) }
        case .search(let query, let delay, let latestOnly):
            return .run { send in
                try await Task.sleep(for: delay)
                await send(.result(query))
            }
            .cancellable(id: SearchID.search, cancelInFlight: latestOnly)
        case .result(let query):
            state.results.append(query)
            return .none
        case .stopSearch:
            return .cancel(id: SearchID.search)
        }
    }
}

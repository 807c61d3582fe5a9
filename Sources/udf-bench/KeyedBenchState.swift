import UDF

/// The benchmark's list kept as Redux's normalized form: items by id in a
/// dictionary. Issue 16 asks that cost follow the change in nested
/// dictionaries as it does in arrays.
struct KeyedBenchState: Codable, Sendable, Equatable {
    var items: [String: BenchItem]
    var filter: String

    /// A state whose canonical JSON is close to `bytes`, with the items of `BenchState.sized(bytes)`.
    static func sized(_ bytes: Int) -> KeyedBenchState {
        let list = BenchState.sized(bytes).items
        return KeyedBenchState(items: Dictionary(uniqueKeysWithValues: list.map { ("\($0.id)", $0) }), filter: "all")
    }
}

/// Bumps one item's score, found by key: one leaf changes per action.
enum KeyedBenchReducer {
    static let reducer = Reducer<KeyedBenchState, BenchAction> { state, action in
        switch action {
        case .bump(let index):
            let key = "\(100_000 + index % state.items.count)"
            state.items[key]?.score += 1
        }
        return .none
    }
}

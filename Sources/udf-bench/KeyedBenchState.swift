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

/// The same items keyed by their integer id: `Dictionary.encode(to:)`
/// spells the keys in decimal, and the incremental encoder must spell them
/// alike to reuse the members.
struct IntegerKeyedBenchState: Codable, Sendable, Equatable {
    var items: [Int: BenchItem]
    var filter: String

    static func sized(_ bytes: Int) -> IntegerKeyedBenchState {
        let list = BenchState.sized(bytes).items
        return IntegerKeyedBenchState(items: Dictionary(uniqueKeysWithValues: list.map { ($0.id, $0) }), filter: "all")
    }

    /// What `KeyedBenchReducer` does to the string-keyed state.
    mutating func apply(_ action: BenchAction) {
        switch action {
        case .bump(let index): items[100_000 + index % items.count]?.score += 1
        }
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

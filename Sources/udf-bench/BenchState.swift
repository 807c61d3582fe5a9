/// One row of the benchmark's list: about 100 bytes of canonical JSON.
struct BenchItem: Codable, Sendable, Equatable {
    var id: Int
    var title: String
    var owner: String
    var done: Bool
    var priority: Int
    var score: Double
    var tags: [String]
}

/// The benchmark's app state: a list whose length sets the state's size.
struct BenchState: Codable, Sendable, Equatable {
    var items: [BenchItem]
    var filter: String
    var selected: Int?

    /// A state whose canonical JSON is close to `bytes`.
    static func sized(_ bytes: Int) -> BenchState {
        let count = max(1, (bytes - 40) / 104)
        return BenchState(items: (0..<count).map(BenchItem.sample), filter: "all", selected: nil)
    }
}

extension BenchItem {
    static func sample(_ index: Int) -> BenchItem {
        BenchItem(
            id: 100_000 + index,
            title: "Task \(100_000 + index)",
            owner: "user-\(index % 97)",
            done: index % 3 == 0,
            priority: index % 5,
            score: Double(index % 1_000) / 8,
            tags: index % 2 == 0 ? ["home", "urgent"] : ["work", "later"]
        )
    }
}

/// The benchmark's one action: a small change to one item.
enum BenchAction: Codable, Sendable {
    case bump(index: Int)
}

/// Bumps one item's score: one leaf changes per action.
enum BenchReducer {
    static let reducer = Reducer<BenchState, BenchAction> { state, action in
        switch action {
        case .bump(let index):
            state.items[index % state.items.count].score += 1
        }
        return .none
    }

    /// The action for the `n`th send: spread over the list, so no item stays hot.
    static func action(_ n: Int, count: Int) -> BenchAction {
        .bump(index: (n &* 7_919) % count)
    }
}

import UDF

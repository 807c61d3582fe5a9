/// A reproducible stream of plausible user actions, for long recordings.
public struct TodoWorkload: Sendable {
    private var random: SplitMix64

    public init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// The next action a user might send, given what the screen shows.
    public mutating func nextAction(for state: AppState) -> AppAction {
        let roll = random.next() % 100
        switch roll {
        case 0..<45:
            return .addTodo("Task \(state.nextID)")
        case 45..<75 where !state.todos.isEmpty:
            let todo = state.todos[Int(random.next() % UInt64(state.todos.count))]
            return .toggleTodo(id: todo.id)
        case 75..<85:
            return .setFilter(Filter.allCases[Int(random.next() % 3)])
        case 85..<92 where state.todos.count > 20:
            return .clearCompleted
        default:
            return .emailChanged("user\(random.next() % 1_000)@example.com")
        }
    }
}

/// A small, fast, seedable generator (SplitMix64), so runs are reproducible.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

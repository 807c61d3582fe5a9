extension Reducer {
    /// Runs several reducers in order on the same state and merges their effects.
    ///
    /// Each reducer sees the state as left by the one before it.
    public static func combine(_ reducers: Reducer...) -> Reducer {
        combine(reducers)
    }

    /// Runs several reducers in order on the same state and merges their effects.
    public static func combine(_ reducers: [Reducer]) -> Reducer {
        Reducer { state, action in
            Effect.merge(reducers.map { $0.reduce(into: &state, action: action) })
        }
    }
}

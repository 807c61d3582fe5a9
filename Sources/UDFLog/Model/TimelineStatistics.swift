/// Aggregates over the steps of one timeline: what `udf-inspect stats` prints.
///
/// Every figure comes from the steps table's metadata columns; no state is
/// rebuilt to compute them.
public struct TimelineStatistics: Sendable, Equatable {
    /// How often one action ran, how long its reducer took, and what its steps cost to store.
    public struct Action: Sendable, Equatable {
        public let name: String
        public let count: Int
        /// Reducer time percentiles by nearest rank, in nanoseconds; nil when no duration was recorded.
        public let p50Nanoseconds: Int?
        public let p99Nanoseconds: Int?
        public let maxNanoseconds: Int?
        /// Bytes stored for this action's steps (keyframes and patches).
        public let storedBytes: Int
    }

    /// How the states are stored and how big they are.
    public struct Storage: Sendable, Equatable {
        public let steps: Int
        public let keyframes: Int
        public let keyframeBytes: Int
        public let patches: Int
        public let patchBytes: Int
        public let largestPatchBytes: Int
        /// Canonical state sizes in bytes.
        public let smallestState: Int
        public let largestState: Int
        public let totalStateBytes: Int
    }

    /// The canonical state size over one run of consecutive steps.
    public struct SizeBucket: Sendable, Equatable {
        public let steps: ClosedRange<Int>
        public let smallest: Int
        public let largest: Int
        /// The size after the bucket's last step.
        public let last: Int
    }

    /// A step whose action grew the canonical state.
    public struct Growth: Sendable, Equatable {
        public let step: Int
        public let actionName: String?
        public let before: Int
        public let after: Int
        public var bytes: Int { after - before }
    }

    /// Per action name, sorted by name.
    public let actions: [Action]
    public let storage: Storage
    /// The state size over time, oldest bucket first.
    public let sizeOverTime: [SizeBucket]
    /// The steps that grew the state most, largest growth first.
    public let largestGrowth: [Growth]
}

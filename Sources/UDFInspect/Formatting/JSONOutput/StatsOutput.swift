import UDFLog

/// `stats --json`: per action, storage, size over time and largest growth.
/// Over many files each row also names its file and session UUID.
struct StatsOutput: Encodable {
    struct Reducer: Encodable {
        @Nullable var p50: Int?
        @Nullable var p99: Int?
        @Nullable var max: Int?
    }

    struct Action: Encodable {
        let actionName: String
        let count: Int
        let reducerNanoseconds: Reducer
        let storedBytes: Int
    }

    struct Storage: Encodable {
        let stepCount: Int
        let keyframeCount: Int
        let keyframeBytes: Int
        let patchCount: Int
        let patchBytes: Int
        let largestPatchBytes: Int
        let smallestState: Int
        let largestState: Int
        let totalStateBytes: Int
    }

    struct SizeRun: Encodable {
        let from: Int
        let to: Int
        let smallest: Int
        let largest: Int
        let last: Int
    }

    struct Growth: Encodable {
        let step: Int
        @Nullable var actionName: String?
        let before: Int
        let after: Int
        let bytes: Int
    }

    let schemaVersion = JSONSchemaVersion.current
    /// Only over many files.
    let file: String?
    let session: Int
    /// Only over many files.
    let sessionUUID: String?
    let timeline: String
    let actions: [Action]
    let storage: Storage
    let sizeOverTime: [SizeRun]
    let largestGrowth: [Growth]
}


extension StatsOutput {
    /// The statistics of `timeline`; `file` for a row over many files.
    init(_ statistics: TimelineStatistics, session: SessionInfo, timeline: TimelineInfo, file: String? = nil) {
        let storage = statistics.storage
        self.file = file
        self.session = session.id
        sessionUUID = file == nil ? nil : session.identity.uuid
        self.timeline = timeline.name
        actions = statistics.actions.map { action in
            Action(
                actionName: action.name,
                count: action.count,
                reducerNanoseconds: Reducer(p50: action.p50Nanoseconds, p99: action.p99Nanoseconds, max: action.maxNanoseconds),
                storedBytes: action.storedBytes
            )
        }
        self.storage = Storage(
            stepCount: storage.steps,
            keyframeCount: storage.keyframes,
            keyframeBytes: storage.keyframeBytes,
            patchCount: storage.patches,
            patchBytes: storage.patchBytes,
            largestPatchBytes: storage.largestPatchBytes,
            smallestState: storage.smallestState,
            largestState: storage.largestState,
            totalStateBytes: storage.totalStateBytes
        )
        sizeOverTime = statistics.sizeOverTime.map { bucket in
            SizeRun(from: bucket.steps.lowerBound, to: bucket.steps.upperBound, smallest: bucket.smallest, largest: bucket.largest, last: bucket.last)
        }
        largestGrowth = statistics.largestGrowth.map { growth in
            Growth(step: growth.step, actionName: growth.actionName, before: growth.before, after: growth.after, bytes: growth.bytes)
        }
    }
}

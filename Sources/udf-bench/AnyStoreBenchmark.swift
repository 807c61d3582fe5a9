import Foundation
import UDF
import UDFRecorder

/// What recording costs a host that is not our `Store`: the sender's cost of
/// the store-neutral `record(action:state:)` against the middleware's, and
/// the writer's cost of a state recorded by reflection against an
/// `Encodable` one.
enum AnyStoreBenchmark {
    struct SenderCost {
        let storeNeutral: Double
        let middleware: Double
    }

    /// Median seconds per call over `rounds`, the queue deep enough that no
    /// call waits for the writer; the writer drains outside the timing. The
    /// two take turns going first, so a slow spell of the machine weighs on
    /// both alike.
    static func senderCost(state: BenchState, sends: Int, rounds: Int, directory: String) throws -> SenderCost {
        var neutral = Samples()
        var middleware = Samples()
        let count = state.items.count
        for round in 0..<rounds {
            let options = RecorderOptions(queueCapacity: sends + 1)
            // The states are made before the timing, as a store's reducer
            // makes them before the middleware runs.
            var current = state
            let states = (0..<sends).map { n -> BenchState in
                current.items[n % count].score += 1
                return current
            }
            var before = state
            let transitions = (0..<sends).map { n -> Transition<BenchState, BenchAction> in
                var after = before
                after.items[n % count].score += 1
                defer { before = after }
                return Transition(
                    step: n + 1, cause: nil, action: BenchReducer.action(n, count: count),
                    stateBefore: before, stateAfter: after, timestamp: Date(), reducerDuration: .zero
                )
            }
            func timeNeutral() throws {
                let direct = try Recorder(path: "\(directory)/neutral-\(round).udf", app: "udf-bench", options: options)
                direct.start(state: state)
                neutral.add(seconds: measure {
                    for n in 0..<sends {
                        direct.record(action: BenchReducer.action(n, count: count), state: states[n])
                    }
                } / Double(sends))
                try direct.close()
            }
            func timeMiddleware() throws {
                let observed = try Recorder(path: "\(directory)/middleware-\(round).udf", app: "udf-bench", options: options)
                middleware.add(seconds: measure {
                    for transition in transitions {
                        observed.record(transition)
                    }
                } / Double(sends))
                try observed.close()
            }
            if round.isMultiple(of: 2) {
                try timeNeutral()
                try timeMiddleware()
            } else {
                try timeMiddleware()
                try timeNeutral()
            }
        }
        return SenderCost(storeNeutral: neutral.median, middleware: middleware.median)
    }

    struct WriterCost {
        let encodable: Double
        let reflected: Double
    }

    /// Seconds per step until `steps` steps of `state` are on disk, once as
    /// the `Encodable` state and once as a copy that is not `Encodable`.
    static func writerCost(state: BenchState, steps: Int, directory: String) throws -> WriterCost {
        let count = state.items.count
        let encodable = try Recorder(path: "\(directory)/encodable.udf", app: "udf-bench")
        var current = state
        encodable.start(state: current)
        let encodableSeconds = measure {
            for n in 0..<steps {
                current.items[n % count].score += 1
                encodable.record(action: BenchReducer.action(n, count: count), state: current)
            }
            encodable.flush()
        }
        try encodable.close()

        let reflected = try Recorder(path: "\(directory)/reflected.udf", app: "udf-bench")
        var mirror = MirroredBenchState(state)
        reflected.start(state: mirror)
        let reflectedSeconds = measure {
            for n in 0..<steps {
                mirror.items[n % count].score += 1
                reflected.record(action: BenchReducer.action(n, count: count), state: mirror)
            }
            reflected.flush()
        }
        try reflected.close()
        return WriterCost(encodable: encodableSeconds / Double(steps), reflected: reflectedSeconds / Double(steps))
    }
}

/// `BenchState`'s fields in types that are not `Encodable`, so the recorder
/// must reflect them: the same JSON, the reflective path.
struct MirroredBenchState {
    struct Item {
        var id: Int
        var title: String
        var owner: String
        var done: Bool
        var priority: Int
        var score: Double
        var tags: [String]
    }

    var items: [Item]
    var filter: String
    var selected: Int?

    init(_ state: BenchState) {
        items = state.items.map {
            Item(id: $0.id, title: $0.title, owner: $0.owner, done: $0.done, priority: $0.priority, score: $0.score, tags: $0.tags)
        }
        filter = state.filter
        selected = state.selected
    }
}

import Foundation
import TestSupport
import Testing
import UDF
import UDFJSON
import UDFLog
import UDFRecorder

/// A state nested as deep as readers accept (512 arrays and objects) is
/// recorded and reads back; one nested deeper stops the recorder with a
/// clear error, keeps every step before it, and never brings the host down,
/// however deep it goes.
@MainActor
@Suite struct DeepStateRecordingTests {
    /// A tree that grows one level deeper with every action: each level is
    /// an object `{"depth": n, "inner": {…}}`, held in a class as a host's
    /// recursive state would be.
    struct Tree: Codable, Equatable, Sendable {
        var depth: Int
        var inner: Box?

        final class Box: Codable, Equatable, @unchecked Sendable {
            let tree: Tree
            init(_ tree: Tree) { self.tree = tree }
            static func == (a: Box, b: Box) -> Bool { a.tree == b.tree }
            func encode(to encoder: any Encoder) throws { try tree.encode(to: encoder) }
            init(from decoder: any Decoder) throws { tree = try Tree(from: decoder) }
        }

        /// `levels` nested objects.
        static func levels(_ levels: Int) -> Tree {
            var tree = Tree(depth: 1, inner: nil)
            for depth in stride(from: 2, through: levels, by: 1) { tree = Tree(depth: depth, inner: Box(tree)) }
            return tree
        }
    }

    static let deepen = Reducer<Tree, Int> { state, _ in
        state = Tree(depth: state.depth + 1, inner: Tree.Box(state))
        return .none
    }

    @Test func theStepPastTheDeepestReadableNestingStopsTheRecorderAndKeepsTheRest() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("deep.udf")
        let failures = FailureLog()
        let recorder = try Recorder(path: path, app: "Deep", onFailure: { failures.append($0.description) })
        // 510 levels at step 0; steps 1 and 2 reach 512, step 3 would be 513.
        let store = Store(initialState: Tree.levels(510), reducer: Self.deepen, middleware: [recorder.middleware()])
        var held: [Tree] = [store.state]
        for action in 1...4 {
            store.send(action)
            held.append(store.state)
        }
        // The host went on: its own state is 514 levels deep.
        #expect(store.state.depth == 514)
        await #expect(throws: RecorderFailure.self) { try await OffPool.run { try recorder.close() } }
        #expect(failures.lines == [
            "udf recorder stopped: cannot record step 3: cannot encode arrays and objects nested deeper than 512 levels, at .inner.inner.inner.inner … .inner.inner (512 deep)",
        ])

        let recording = try Recording(path: path)
        let session = try recording.session(nil)
        #expect(session.stepCount == 3)
        let report = try recording.verify()
        #expect(report.isOK, "\(report.problems)")
        let timeline = try recording.timeline(nil, in: session)
        for step in 0...2 {
            let state = try recording.state(at: step, on: timeline)
            #expect(state == (try JSONValueEncoder().encode(held[step])))
        }
    }

    /// A `Codable` class that holds itself encodes without end; the limit
    /// stops it, and the path shows the cycle.
    @Test func aCodableCycleStopsTheRecorderInsteadOfTheHost() async throws {
        final class Link: Codable, @unchecked Sendable {
            var next: Link?
        }
        let link = Link()
        link.next = link
        let directory = try TemporaryDirectory()
        let failures = FailureLog()
        let recorder = try Recorder(path: directory.path("cycle.udf"), app: "Cycle", onFailure: { failures.append($0.description) })
        recorder.start(state: link)
        await #expect(throws: RecorderFailure.self) { try await OffPool.run { try recorder.close() } }
        link.next = nil
        #expect(failures.lines == [
            "udf recorder stopped: cannot record step 0: cannot encode arrays and objects nested deeper than 512 levels, at .next.next.next.next … .next.next (512 deep)",
        ])
    }

    /// A step that sets a member to a subtree 511 deep, in a state 512 deep:
    /// its patch carries the subtree whole, inside the patch's own array and
    /// operation object, and still reads back.
    @Test func aPatchCarryingTheDeepestSubtreeReadsBack() async throws {
        struct Padded: Codable, Sendable {
            var padding: String
            var inner: Tree?
        }
        let directory = try TemporaryDirectory()
        let path = directory.path("patch.udf")
        let recorder = try Recorder(path: path, app: "Deep")
        let before = Padded(padding: String(repeating: "x", count: 100_000), inner: nil)
        let after = Padded(padding: before.padding, inner: Tree.levels(511))
        recorder.start(state: before)
        recorder.record(action: "grow", state: after)
        try await OffPool.run { try recorder.close() }

        let recording = try Recording(path: path)
        let session = try recording.session(nil)
        let timeline = try recording.timeline(nil, in: session)
        var isPatch = false
        try recording.storedBytes(on: timeline, range: 1...1) { _, stored in
            if case .patch = stored { isPatch = true }
            return true
        }
        #expect(isPatch)
        #expect(try recording.state(at: 1, on: timeline) == (try JSONValueEncoder().encode(after)))
        #expect(try recording.verify().isOK)
    }

    /// Deeper than the recorder's thread could hold if the encoder went to
    /// the end: the first state stops it, nothing crashes.
    @Test func aStateNestedFarDeeperStopsTheRecorderAtItsFirstState() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("deeper.udf")
        let failures = FailureLog()
        let recorder = try Recorder(path: path, app: "Deep", onFailure: { failures.append($0.description) })
        let store = Store(initialState: Tree.levels(5_000), reducer: Self.deepen, middleware: [recorder.middleware()])
        store.send(1)
        #expect(store.state.depth == 5_001)
        await #expect(throws: RecorderFailure.self) { try await OffPool.run { try recorder.close() } }
        #expect(failures.lines == [
            "udf recorder stopped: cannot record step 0: cannot encode arrays and objects nested deeper than 512 levels, at .inner.inner.inner.inner … .inner.inner (512 deep)",
        ])
        #expect(try Recording(path: path).verify().isOK)
    }
}

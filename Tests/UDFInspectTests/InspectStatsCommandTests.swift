import Foundation
import TestSupport
import Testing
import UDFJSON
@testable import UDFLog
import UDFSQLite

/// `stats` figures checked against what the steps table holds.
@Suite struct InspectStatsCommandTests {
    @Test func countsAndBytesAddUpOnTheWorkload() async throws {
        let result = await InspectorHarness.run(["stats", Fixtures.workload, "--json"])
        #expect(result.status == 0)
        let json = try JSONParser().parse(Array(result.stdout.utf8))
        let actions = json["actions"]?.arrayValue ?? []
        let counts = actions.compactMap { $0["count"]?.numberValue?.intValue }
        #expect(counts.reduce(0, +) == 1_000)
        let storage = try #require(json["storage"])
        #expect(storage["stepCount"]?.numberValue?.intValue == 1_001)
        #expect(storage["keyframeCount"]?.numberValue?.intValue == 26)
        #expect(storage["patchCount"]?.numberValue?.intValue == 975)
        for action in actions {
            let times = try #require(action["reducerNanoseconds"])
            let p50 = try #require(times["p50"]?.numberValue?.intValue)
            let p99 = try #require(times["p99"]?.numberValue?.intValue)
            let max = try #require(times["max"]?.numberValue?.intValue)
            #expect(p50 <= p99 && p99 <= max)
        }
        let buckets = json["sizeOverTime"]?.arrayValue ?? []
        #expect(buckets.count == 10)
        #expect(buckets.first?["from"]?.numberValue?.intValue == 0)
        #expect(buckets.last?["to"]?.numberValue?.intValue == 1_000)
        let growth = json["largestGrowth"]?.arrayValue?.compactMap { $0["bytes"]?.numberValue?.intValue } ?? []
        #expect(growth.count == 5)
        #expect(growth == growth.sorted(by: >))
    }

    /// A long timeline is scanned in parts on several threads, each through
    /// its own connection; the figures are those of one scan: on the
    /// workload, on a branch of it (whose first rows are its parent's), and
    /// with rows missing at the end of a part, where the growth of the
    /// next step counts from the last row before it, and at the fork.
    @Test func partsOnSeveralThreadsGiveTheFiguresOfOneScan() throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.workload, as: "workload.udf")
        let original = try Recording(path: path)
        try ChangedMembersIndexTests.branchReversingMain(path, from: original, main: try original.timeline(nil, in: try original.session(nil)), at: 400)
        /// The branch's first own step, as its growth counts it.
        func branchFirstGrowth() throws -> TimelineStatistics.Growth? {
            let recording = try Recording(path: path)
            let branch = try #require(try recording.timelines(in: try recording.session(nil)).last)
            return try recording.statistics(on: branch, buckets: 10, growthLimit: 1_000, workers: 1, minimumPart: 1).largestGrowth.first { $0.step == 401 }
        }
        func expectPartsAsOneScan(_ comment: String) throws {
            let recording = try Recording(path: path)
            let timelines = try recording.timelines(in: try recording.session(nil))
            #expect(timelines.count == 2)
            for timeline in timelines {
                let one = try recording.statistics(on: timeline, buckets: 10, growthLimit: 1_000, workers: 1, minimumPart: 1)
                #expect(one.largestGrowth.count > 20)
                for workers in [2, 3, 8] {
                    for minimum in [1, 37, 300] {
                        let parts = Recording.parts(of: try recording.cursor(for: timeline).segments, workers: workers, minimum: minimum)
                        #expect(parts.count > 2, "\(comment), \(timeline.name), \(workers) workers, parts of \(minimum)")
                        let inParts = try recording.statistics(on: timeline, buckets: 10, growthLimit: 1_000, workers: workers, minimumPart: minimum)
                        #expect(inParts == one, "\(comment), \(timeline.name), \(workers) workers, parts of \(minimum)")
                    }
                }
            }
        }
        try expectPartsAsOneScan("whole")
        #expect(try branchFirstGrowth()?.before == 2_795)
        // With 2 workers and parts of at least 1 step, main's 1,001 steps
        // make four parts of 251; the branch forks at 400, and grows from
        // nothing when that row is missing.
        let database = try Database(path: path, mode: .readWrite)
        try database.execute("DELETE FROM steps WHERE timeline_id = 1 AND step IN (250, 400, 501)")
        try expectPartsAsOneScan("rows missing")
        #expect(try branchFirstGrowth() == nil)
    }

    @Test func percentilesUseTheNearestRank() {
        let values = Array(1...200)
        #expect(Recording.percentile(50, of: values) == 100)
        #expect(Recording.percentile(99, of: values) == 198)
        #expect(Recording.percentile(99, of: [7]) == 7)
        #expect(Recording.percentile(50, of: []) == nil)
    }

    /// Selection gives what sorting gives, on runs of equal values, sorted
    /// and reversed input, one value and none.
    @Test func percentilesBySelectionAreTheSortedOnes() {
        var random = SplitMix64(seed: 31)
        var cases: [[Int]] = [[], [5], Array(1...1_000), Array((1...1_000).reversed()), Array(repeating: 4, count: 300)]
        for count in [2, 3, 17, 100, 999, 5_000] {
            cases.append((0..<count).map { _ in Int(random.next() % 7) })
            cases.append((0..<count).map { _ in Int(random.next() % 1_000_000) - 500_000 })
        }
        let percentiles = [0, 1, 50, 99, 100]
        for values in cases {
            let sorted = values.sorted()
            #expect(NearestRank.of(percentiles, in: values) == percentiles.map { Recording.percentile($0, of: sorted) }, "\(values.count) values")
        }
    }

    /// Two spellings of one name are two actions, as `log --action` and the
    /// file see them: a `[String: …]` merged them by canonical equivalence.
    @Test func actionNamesAreCountedByTheirScalars() async throws {
        let directory = try TemporaryDirectory()
        let source = directory.path("actions.json")
        let actions = #"[{"type": "caf\u00e9"}, {"type": "cafe\u0301"}, {"type": "cafe\u0301"}, {"type": "caf\u00e9"}]"#
        let document = JSONValue.object(["payload": .string(actions), "preloadedState": .string(#"{"n": 0}"#)])
        try Data(document.canonicalText.utf8).write(to: URL(fileURLWithPath: source))
        let target = directory.path("actions.udf")
        #expect(await InspectorHarness.run(["import", target, source]).status == 0)
        let result = await InspectorHarness.run(["stats", target, "--json"])
        #expect(result.status == 0)
        let rows = try JSONParser().parse(Array(result.stdout.utf8))["actions"]?.arrayValue ?? []
        // In UTF-8 byte order: "e" (0x65) comes before "\u{E9}" (0xC3 0xA9).
        #expect(rows.map { Array(($0["actionName"]?.stringValue ?? "").utf8) } == [Array("cafe\u{301}".utf8), Array("caf\u{E9}".utf8)])
        #expect(rows.map { $0["count"]?.numberValue?.intValue } == [2, 2])
    }
}

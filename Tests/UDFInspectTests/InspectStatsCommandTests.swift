import Foundation
import TestSupport
import Testing
import UDFJSON
@testable import UDFLog

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

import Foundation
import TestSupport
import Testing
import UDFDiff
@testable import UDFInspect
import UDFJSON
import UDFLog
import UDFRecorder

/// `find` and `blame` keep only the members their paths start with
/// (`ProjectedState`): they must answer exactly what evaluating every whole
/// state answers, on a recording where members come, go and are replaced.
@Suite struct ProjectedQueryTests {
    struct Line: Codable, Sendable { var id: Int; var quantity: Int }
    struct Shop: Codable, Sendable {
        var lines: [Line]
        var note: String
        var user: String?
        var settings: [String: [String: Int]]
        var log: [String]
    }
    enum Edit: Codable, Sendable { case edit(Int) }

    /// A 300-step random recording with keyframes every 16 steps.
    static func record(seed: UInt64, in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("shop-\(seed).udf")
        let recorder = try Recorder(path: path, app: "Shop", options: RecorderOptions(keyframePolicy: KeyframePolicy(interval: 16)))
        var random = SplitMix64(seed: seed)
        var shop = Shop(lines: [], note: "", user: nil, settings: [:], log: [])
        recorder.start(state: shop)
        for step in 1...300 {
            switch Int.random(in: 0..<7, using: &random) {
            case 0: shop.lines.insert(Line(id: Int.random(in: 0..<5, using: &random), quantity: 1), at: Int.random(in: 0...shop.lines.count, using: &random))
            case 1: if !shop.lines.isEmpty { shop.lines.remove(at: Int.random(in: 0..<shop.lines.count, using: &random)) }
            case 2: if !shop.lines.isEmpty { shop.lines[Int.random(in: 0..<shop.lines.count, using: &random)].quantity += 1 }
            case 3: shop.user = shop.user == nil ? "u\(step % 3)" : nil
            case 4: shop.settings["s\(step % 2)", default: [:]]["k\(step % 3)"] = step % 4
            case 5: shop.note = "n\(step % 5)"
            default: shop.log.append("e\(step)")
            }
            recorder.record(action: Edit.edit(step), state: shop)
        }
        try recorder.close()
        return path
    }

    static let predicates = [
        ".user exists", ".user == \"u1\"", ".note == \"n2\"", "length(.lines) > 2", ".lines[id=3].quantity >= 2",
        ".settings.s1.k2 == 3", "not (.lines[0] exists)", ".note == \"n1\" and .user exists", "length(.log) >= 20",
        ".lines[*].quantity > 2", ".nothing == 1", ".settings.count == 2",
    ]

    @Test(arguments: [UInt64(1), 2, 3])
    func findAgreesWithEvaluatingEveryWholeState(_ seed: UInt64) throws {
        let directory = try TemporaryDirectory()
        let recording = try Recording(path: try Self.record(seed: seed, in: directory))
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        var holds: [String: [Bool]] = [:]
        try recording.walk(timeline) { _, state in
            for text in Self.predicates {
                holds[text, default: []].append(try Predicate.parse(text).evaluate(on: state))
            }
            return true
        }
        for text in Self.predicates {
            let predicate = try Predicate.parse(text)
            let expected = holds[text] ?? []
            for range in [0...timeline.lastStep, 40...200] {
                let all = try StepSearch(predicate: predicate, range: range, eligible: nil, becomes: false, all: true).run(in: recording, on: timeline)
                #expect(all.steps == range.filter { expected[$0] }, "\(text) in \(range), seed \(seed)")
                let turns = try StepSearch(predicate: predicate, range: range, eligible: nil, becomes: true, all: true).run(in: recording, on: timeline)
                let turnsExpected = range.filter { $0 > 0 && expected[$0] && !expected[$0 - 1] }
                #expect(turns.steps == turnsExpected, "\(text) --becomes in \(range), seed \(seed)")
                let first = try StepSearch(predicate: predicate, range: range, eligible: [range.upperBound], becomes: false, all: false).run(in: recording, on: timeline)
                #expect(first.steps == (expected[range.upperBound] ? [range.upperBound] : []), "\(text) at \(range.upperBound), seed \(seed)")
            }
        }
    }

    @Test(arguments: [UInt64(4), 5])
    func blameFromProjectedStatesAgreesWithWalking(_ seed: UInt64) throws {
        let directory = try TemporaryDirectory()
        let recording = try Recording(path: try Self.record(seed: seed, in: directory))
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        for text in [".user", ".note", ".settings.s0", ".settings.s1.k1", ".lines[id=2]", ".lines[0].quantity", ".log[3]", "."] {
            let blame = PathBlame(path: try JSONPath(parsing: text))
            let projected = try blame.changes(in: recording, on: timeline, through: timeline.lastStep, strategy: .patches)
            let walked = try blame.changes(in: recording, on: timeline, through: timeline.lastStep, strategy: .walk)
            #expect(projected.changes == walked.changes, "\(text), seed \(seed)")
            #expect(projected.everSelected == walked.everSelected, "\(text), seed \(seed)")
        }
    }

    @Test func aKeyframeYieldsOnlyTheWantedMembersAndAnOddTextNone() throws {
        let text = Array(#"{"a":{"b":[1,"x}"]},"b\u0063":2,"c":"q\"","d":null}"#.utf8)
        let members = try #require(StoredTextScan.members(of: text) { ["a", "bc", "d"].contains($0) })
        #expect(members.map(\.key) == ["a", "bc", "d"])
        #expect(members.map { String(decoding: $0.value, as: UTF8.self) } == [#"{"b":[1,"x}"]}"#, "2", "null"])
        #expect(StoredTextScan.members(of: Array("[1]".utf8)) { _ in true } == nil)
        #expect(StoredTextScan.members(of: Array(#"{"a":1,"a":2}"#.utf8)) { _ in true } == nil)
        #expect(StoredTextScan.members(of: Array(#"{"a":1"#.utf8)) { _ in true } == nil)
    }

    /// A value `replaceLater` holds is written when the next step is
    /// taken, only the last of a run, and never over a state started again.
    @Test func aDeferredReplaceIsWrittenAtTheNextStepAndDroppedByAReset() throws {
        func number(_ value: Int) -> JSONValue { .number(JSONNumber(value)) }
        let whole = JSONValue.object(["a": .object(["b": number(0)]), "c": number(0)])
        let pointer = JSONPointer(tokens: ["a", "b"])
        let unchanged = StoredBytes.operations(JSONPatch([.replace(path: JSONPointer(tokens: ["c"]), value: number(9))]))
        var projection = ProjectedState(paths: [try JSONPath(parsing: ".a.b")])
        projection.reset(to: whole)
        projection.replaceLater(at: pointer, with: number(1), step: 1, timeline: "main")
        projection.replaceLater(at: pointer, with: number(2), step: 2, timeline: "main")
        #expect(projection.state == .object(["a": .object(["b": number(0)])]))
        #expect(try projection.take(unchanged, step: 3, timeline: "main") == .unchanged)
        #expect(projection.state == .object(["a": .object(["b": number(2)])]))

        projection.replaceLater(at: pointer, with: number(3), step: 4, timeline: "main")
        projection.reset(to: whole)
        _ = try projection.take(unchanged, step: 5, timeline: "main")
        #expect(projection.state == .object(["a": .object(["b": number(0)])]))
    }

    @Test func aPatchIsSkippedOnlyWhenEveryPointerStartsUnderAnotherMember() throws {
        func skipped(_ text: String, keeping kept: [String]) -> Bool {
            StoredTextScan.writesOnlyUnder(patch: Array(text.utf8)) { token in !kept.contains(String(decoding: token, as: UTF8.self)) }
        }
        let replace = #"[{"op":"replace","path":"/items/3/score","value":"\"path\":\"/x"}]"#
        #expect(skipped(replace, keeping: ["x", "filter"]))
        #expect(!skipped(replace, keeping: ["items"]))
        let move = #"[{"from":"/a/0","op":"move","path":"/b"}]"#
        #expect(skipped(move, keeping: ["c"]))
        #expect(!skipped(move, keeping: ["a"]))
        #expect(!skipped(move, keeping: ["b"]))
        #expect(!skipped(#"[{"op":"replace","path":"","value":{}}]"#, keeping: ["c"]))
        #expect(!skipped(#"[{"op":"add","path":"/a","value":{"path":"/z"}}]"#, keeping: ["z"]))
        #expect(!skipped(#"[{"op": "add", "path": "/a", "value": 1}]"#, keeping: ["z"]))
        #expect(!skipped(#"[{"op":"add","path":"/a~1b","value":1}]"#, keeping: ["z"]))
        #expect(!skipped(#"[{"op":"add","path":"/a\u002f","value":1}]"#, keeping: ["z"]))
    }
}

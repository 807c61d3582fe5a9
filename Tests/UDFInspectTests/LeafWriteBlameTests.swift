import Foundation
import TestSupport
import Testing
import UDFDiff
@testable import UDFInspect
import UDFJSON
@testable import UDFLog
import UDFRecorder

/// `blame` takes the new value of a path of keys and positions straight off
/// a step whose kept operations only replace it (`LeafWrite`), and writes
/// only the last of a run of such values into its kept state. It must
/// answer as walking every whole state when those steps sit among others
/// that write the item whole, remove or add the leaf, reshape the array,
/// write inside the leaf, or write its NFC or NFD twin, and when the values
/// are twins themselves: `-0` and `0`, `1.0` and `1`, NFC and NFD text,
/// numbers past 64 bits, null, objects.
@Suite struct LeafWriteBlameTests {
    static let nfc = "\u{e9}"
    static let nfd = "e\u{301}"

    static let values: [JSONValue] = [
        .number(JSONNumber(0)), .number(JSONNumber(-0.0)), .number(JSONNumber(literal: "1.0")!), .number(JSONNumber(1)),
        .number(JSONNumber(literal: "123456789012345678901234567890")!), .number(JSONNumber(literal: "123456789012345678901234567891")!),
        .string(nfc), .string(nfd), .string("x"), .null, .bool(false), .object(["x": .number(JSONNumber(1))]), .array([]),
    ]

    /// A random recording of `items` (objects with `score`, an NFC
    /// or NFD twin and `tags`) and `other`, keyframes every 16 steps: most steps
    /// replace one leaf; `others` in 100 do anything else.
    static func record(seed: UInt64, others: Int, in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("leaf-\(seed)-\(others).udf")
        let recorder = try Recorder(path: path, app: "Leaf", options: RecorderOptions(keyframePolicy: KeyframePolicy(interval: 16)))
        var random = SplitMix64(seed: seed)
        func value() -> JSONValue { values[Int.random(in: 0..<values.count, using: &random)] }
        // A Swift dictionary holds one of two canonically equal keys: each item has one twin.
        func item() -> JSONValue {
            .object(["score": value(), Bool.random(using: &random) ? nfc : nfd: value(), "tags": .array([value()])])
        }
        var items: [JSONValue] = (0..<4).map { _ in item() }
        var other = 0
        func whole() -> JSONValue { .object(["items": .array(items), "other": .number(JSONNumber(other))]) }
        recorder.start(state: whole())
        for step in 1...600 {
            let index = Int.random(in: 0..<items.count, using: &random)
            guard case .object(var members) = items[index] else { continue }
            if Int.random(in: 0..<100, using: &random) < others {
                switch Int.random(in: 0..<7, using: &random) {
                case 0: items[index] = item()
                case 1:
                    members["score"] = nil
                    items[index] = .object(members)
                case 2:
                    members["score"] = .object(["x": value()])
                    items[index] = .object(members)
                case 3 where items.count > 2: items.remove(at: index)
                case 4: items.insert(item(), at: index)
                case 5:
                    // Inside the leaf, when it is an object.
                    if case .object(var inner)? = members["score"] {
                        inner["x"] = value()
                        members["score"] = .object(inner)
                    } else {
                        members["score"] = .object(["x": value(), "y": value()])
                    }
                    items[index] = .object(members)
                default: other += 1
                }
            } else {
                let leaf = ["score", "score", "score", nfc, nfd][Int.random(in: 0..<5, using: &random)]
                members[leaf] = value()
                items[index] = .object(members)
            }
            recorder.record(action: ["edit": step], state: whole())
        }
        try recorder.close()
        return path
    }

    static let paths = [
        ".items[1].score", ".items[0].score", #".items[2]["\#u{e9}"]"#, #".items[2]["e\#u{301}"]"#, ".items[1].score.x",
        ".items[3].tags[0]", ".items[1]", ".other",
    ]

    /// `record`'s recording, opened and verified, and its timeline.
    static func opened(seed: UInt64, others: Int, in directory: TemporaryDirectory) throws -> (Recording, TimelineInfo) {
        let recording = try Recording(path: try record(seed: seed, others: others, in: directory))
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        #expect(try recording.verify().problems == [])
        return (recording, timeline)
    }

    /// How many steps of `range` the index describes as only replacing
    /// `.items[1].score`: so many times a query of it takes the shortcut.
    static func replacedOnly(in recording: Recording, on timeline: TimelineInfo, range: ClosedRange<Int>) throws -> Int {
        let leaf = try #require(LeafWrite(try JSONPath(parsing: ".items[1].score")))
        var count = 0
        try recording.storedBytes(on: timeline, range: range, touching: .children([("items", "1")])) { _, stored in
            if case .operations(let patch) = stored, leaf.value(writtenBy: patch.operations) != nil { count += 1 }
            return true
        }
        return count
    }

    @Test(arguments: [(UInt64(41), 4), (42, 4), (43, 30), (44, 0)])
    func blameFromReplacedLeavesAnswersAsWalking(_ seed: UInt64, _ others: Int) throws {
        let directory = try TemporaryDirectory()
        let (recording, timeline) = try Self.opened(seed: seed, others: others, in: directory)
        // The data takes the shortcut often, so the answers below test it.
        #expect(try Self.replacedOnly(in: recording, on: timeline, range: 0...timeline.lastStep) > 20, "seed \(seed)")

        try MemberChildrenIndexTests.expectBlameAsWalking(Self.paths, in: recording, on: timeline, "seed \(seed)")
        // Stretches of about 100 steps, each from the state before it.
        for text in Self.paths {
            let path = try JSONPath(parsing: text)
            let walked = try PathBlame(path: path).changes(in: recording, on: timeline, through: timeline.lastStep, strategy: .walk)
            var blame = PathBlame(path: path, narrowing: .always)
            blame.stretched.workers = 2
            blame.stretched.minimumStretch = 50
            let read = try blame.changes(in: recording, on: timeline, through: timeline.lastStep, strategy: .patches)
            #expect(read.changes == walked.changes, "blame \(text) in stretches, seed \(seed)")
        }
    }

    @Test func onlyAPathOfKeysAndPositionsHasAPlace() throws {
        #expect(LeafWrite(try JSONPath(parsing: ".items[3].score"))?.tokens == ["items", "3", "score"])
        #expect(LeafWrite(try JSONPath(parsing: #".a["x/y"]["~"]"#))?.tokens == ["a", "x/y", "~"])
        for text in [".", ".items[id=3].score", ".items[*].score"] {
            #expect(LeafWrite(try JSONPath(parsing: text)) == nil, "\(text)")
        }
    }

    /// Each operation must replace exactly the place, its tokens compared by
    /// scalars; the last one's value is the new value.
    @Test func onlyReplacesOfExactlyThePlaceGiveAValue() throws {
        let leaf = try #require(LeafWrite(try JSONPath(parsing: #".a["\#u{e9}"]"#)))
        func pointer(_ tokens: String...) -> JSONPointer { JSONPointer(tokens: tokens) }
        let one = JSONValue.number(JSONNumber(1))
        let two = JSONValue.number(JSONNumber(2))
        #expect(leaf.value(writtenBy: [.replace(path: pointer("a", Self.nfc), value: one), .replace(path: pointer("a", Self.nfc), value: two)]) == two)
        #expect(leaf.value(writtenBy: [.replace(path: pointer("a", Self.nfd), value: one)]) == nil)
        #expect(leaf.value(writtenBy: [.add(path: pointer("a", Self.nfc), value: one)]) == nil)
        #expect(leaf.value(writtenBy: [.replace(path: pointer("a", Self.nfc, "x"), value: one)]) == nil)
        #expect(leaf.value(writtenBy: [.replace(path: pointer("a"), value: one)]) == nil)
        #expect(leaf.value(writtenBy: [.replace(path: pointer("a", Self.nfc), value: one), .remove(path: pointer("a", Self.nfc))]) == nil)
        #expect(leaf.value(writtenBy: []) == nil)
    }
}

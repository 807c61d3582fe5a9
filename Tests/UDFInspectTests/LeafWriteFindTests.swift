import Foundation
import TestSupport
import Testing
import UDFDiff
@testable import UDFInspect
import UDFJSON
@testable import UDFLog
import UDFRecorder

/// `find` judges a step that only replaces the one place its predicate
/// reads from the value written (`LeafWrite`), without applying it. On
/// `LeafWriteBlameTests`' recordings, where such steps sit among steps that
/// write the item whole, remove or add the leaf, reshape the array or write
/// inside it, and the values are twins (`-0` and `0`, `1.0` and `1`, NFC and
/// NFD text, numbers past 64 bits), it must answer as walking every state.
@Suite struct LeafWriteFindTests {
    static let nfc = LeafWriteBlameTests.nfc
    static let nfd = LeafWriteBlameTests.nfd

    /// Each leaf path with comparisons against the recording's own values
    /// and their twins, and predicates that read two twin keys or two places,
    /// which must not take the shortcut.
    static let predicates = [
        ".items[1].score exists", ".items[1].score == 0", ".items[1].score == -0", ".items[1].score == 1",
        ".items[1].score == 1.0", ".items[1].score > 0.5 and .items[1].score < 2", "not (.items[1].score >= 0)",
        ".items[1].score == 123456789012345678901234567890", ".items[1].score == null", ".items[1].score == {\"x\":1}",
        "length(.items[1].score) == 0", ".items[0].score == \"\(nfc)\"", ".items[0].score == \"\(nfd)\"",
        ".items[0].score matches /^x$/", ".items[0].score contains \"\(nfc)\"",
        ".items[2][\"\(nfc)\"] == \"\(nfc)\"", ".items[2][\"\(nfd)\"] exists",
        ".items[2][\"\(nfc)\"] == 1 or .items[2][\"\(nfd)\"] == 1",
        ".items[1].score.x == 1", ".items[3].tags[0] == false", ".items[1].score == 1 or .items[0].score == 1",
    ]

    @Test(arguments: [(UInt64(51), 4), (52, 4), (53, 30), (54, 0)])
    func findFromReplacedLeavesAnswersAsWalking(_ seed: UInt64, _ others: Int) throws {
        let directory = try TemporaryDirectory()
        let (recording, timeline) = try LeafWriteBlameTests.opened(seed: seed, others: others, in: directory)
        let walk = try WalkedStates(recording, timeline)
        // The data takes the shortcut often, so the answers below test it.
        #expect(try LeafWriteBlameTests.replacedOnly(in: recording, on: timeline, range: 0...timeline.lastStep) > 20, "seed \(seed)")

        for text in Self.predicates {
            let predicate = try Predicate.parse(text)
            for range in [0...timeline.lastStep, 77...555] {
                for becomes in [false, true] {
                    let expected = walk.answers(predicate, in: range, becomes: becomes)
                    for narrowing in [ProjectedState.Narrowing.always, .never] {
                        let found = try StepSearch(predicate: predicate, range: range, eligible: nil, becomes: becomes, all: true, narrowing: narrowing)
                            .run(in: recording, on: timeline)
                        #expect(found.steps == expected, "find \(text), becomes \(becomes), \(range), \(narrowing), seed \(seed)")
                    }
                    // Stretches of about 50 steps, each from the state before it; the first answer only.
                    var first = StepSearch(predicate: predicate, range: range, eligible: nil, becomes: becomes, all: false, narrowing: .always)
                    first.stretched.workers = 2
                    first.stretched.minimumStretch = 50
                    #expect(try first.run(in: recording, on: timeline).steps == Array(expected.prefix(1)), "find --first \(text), becomes \(becomes), \(range), seed \(seed)")
                }
            }
        }
    }

    /// `[1]` is a position: on an object with a member "1" it selects
    /// nothing, though a step's pointer `/items/1/score` names a place there.
    /// Such steps must be applied, not read as writing the path, also after
    /// steps where `items` was an array.
    @Test func aPositionDoesNotSelectAMemberNamedByItsDigits() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("digits.udf")
        let recorder = try Recorder(path: path, app: "Digits", options: RecorderOptions(keyframePolicy: KeyframePolicy(interval: 16)))
        func score(_ value: Int) -> JSONValue { .object(["score": .number(JSONNumber(value))]) }
        // Long enough that a step is stored as a patch, not a keyframe.
        let pad = JSONValue.string(String(repeating: "x", count: 4_000))
        func state(_ step: Int) -> JSONValue {
            // An array at steps 0–20 and 41–60, an object with a member "1" between.
            let items: JSONValue = (21...40).contains(step) ? .object(["1": score(step)]) : .array([score(0), score(step)])
            return .object(["items": items, "pad": pad])
        }
        recorder.start(state: state(0))
        for step in 1...60 {
            recorder.record(action: ["edit": step], state: state(step))
        }
        try recorder.close()
        let recording = try Recording(path: path)
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        let walk = try WalkedStates(recording, timeline)
        // Where `items` is an object, the shortcut's test of the place is what stops it.
        #expect(try LeafWriteBlameTests.replacedOnly(in: recording, on: timeline, range: 22...40) >= 15)
        for (text, array) in [(".items[1].score exists", 0...20), (".items[1].score > 10", 11...20)] {
            let predicate = try Predicate.parse(text)
            let expected = walk.answers(predicate, in: 0...timeline.lastStep)
            #expect(expected == Array(array) + Array(41...60), "\(text)")
            let found = try StepSearch(predicate: predicate, range: 0...timeline.lastStep, eligible: nil, becomes: false, all: true, narrowing: .always)
                .run(in: recording, on: timeline)
            #expect(found.steps == expected, "\(text)")
        }
        // `blame` takes the same shortcut where the path resolves.
        try MemberChildrenIndexTests.expectBlameAsWalking([".items[1].score"], in: recording, on: timeline, "digits")
    }

    /// Only predicates whose every path names one place by keys and
    /// positions, tokens compared by scalars, have a leaf.
    @Test func onlyPredicatesReadingOnePlaceHaveALeaf() throws {
        func leaf(_ text: String) throws -> [String]? { LeafWrite(every: try Predicate.parse(text).everyPath)?.tokens }
        #expect(try leaf(".a[2].b > 1 and not (.a[2].b == 5)") == ["a", "2", "b"])
        #expect(try leaf(".a[\"\(Self.nfc)\"] == 1") == ["a", Self.nfc])
        #expect(try leaf(".a[\"\(Self.nfc)\"] == 1 or .a[\"\(Self.nfd)\"] == 1") == nil)
        #expect(try leaf(".a == 1 or .b == 1") == nil)
        #expect(try leaf(".a[id=1].b == 1") == nil)
        #expect(try leaf(".a[*] == 1") == nil)
    }
}

import Foundation
import TestSupport
import Testing
import UDFJSON
@testable import UDFLog

/// A reading parses each distinct action text once and looks it up when
/// it comes again (`TextMemo`). Compared here with parsing every text
/// afresh, on texts that differ in one byte, in normalization, in the sign
/// of a zero or past a double's precision, and on texts too long to keep.
@Suite struct RememberedActionsTests {
    private static let long = "{\"note\":\"" + String(repeating: "x", count: 600) + "\"}"
    private static let texts: [(step: Int, text: String)] = [
        (2, "{\"cafe\u{301}\":{\"n\":-0.0}}"),
        (3, "{\"caf\u{e9}\":{\"n\":-0.0}}"),
        (4, "{\"caf\u{e9}\":{\"n\":0.0}}"),
        (5, "{\"cafe\u{301}\":{\"n\":-0.0}}"),
        (6, "{\"caf\u{e9}\":{\"n\":0.0}}"),
        (7, #"{"big":123456789012345678901234567890}"#),
        (8, #"{"big":123456789012345678901234567891}"#),
        (9, #"{"big":123456789012345678901234567890}"#),
        (10, long),
        (11, long),
        (12, #"{"addTodo":{"_0":"Buy milk"}}"#),
        (13, #"{"addTodo":{"_0":"Buy milk "}}"#),
    ]

    private func tampered(in directory: TemporaryDirectory, with texts: [(step: Int, text: String)]) throws -> String {
        let path = try directory.copy(Fixtures.workload, as: "tampered.udf")
        for (step, text) in texts {
            try rewrite(path, sql: "UPDATE steps SET action = '\(text)' WHERE step = \(step)")
        }
        return path
    }

    @Test func everyStepHasTheActionItsOwnTextParsesTo() throws {
        let directory = try TemporaryDirectory()
        let recording = try Recording(path: try tampered(in: directory, with: Self.texts))
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        let actions = Dictionary(uniqueKeysWithValues: try recording.steps(on: timeline).map { ($0.step, $0.action) })
        for (step, text) in Self.texts {
            let parsed = try JSONParser().parse(text)
            #expect(actions[step] == parsed, "step \(step)")
            #expect(actions[step]??.canonicalBytes == parsed.canonicalBytes, "step \(step)")
        }
        #expect(actions[2] != actions[3], "another normalization is another action")
        #expect(actions[3] != actions[4], "-0.0 and 0.0 are spelled apart")
        #expect(actions[7] != actions[8])
        // The same reading again, one step at a time and walking: the memo is full by now.
        for (step, text) in Self.texts {
            #expect(try recording.step(step, on: timeline).action == JSONParser().parse(text), "step \(step)")
        }
        try recording.walk(timeline, range: 2...13) { summary, _ in
            let parsed = try JSONParser().parse(Self.texts[summary.step - 2].text)
            #expect(summary.action == parsed, "step \(summary.step)")
            return true
        }
    }

    @Test func aBrokenTextIsReportedAtItsOwnStepAfterGoodOnes() throws {
        let directory = try TemporaryDirectory()
        let text = #"{"addTodo":{"_0":"Buy milk"}}"#
        let path = try tampered(in: directory, with: [(2, text), (3, text), (4, #"{"addTodo":"#), (5, text)])
        let recording = try Recording(path: path)
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        #expect(try recording.step(3, on: timeline).action == JSONParser().parse(text))
        do {
            _ = try recording.step(4, on: timeline)
            Issue.record("step 4's broken action was read")
        } catch {
            guard case .corruptStep(step: 4, timeline: "main", let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reason.hasPrefix("its action is not valid JSON"))
        }
        #expect(try recording.step(5, on: timeline).action == JSONParser().parse(text))
    }

    @Test func textsThatShareASlotOrRunLongAreMadeAgainAndAnswerRight() throws {
        // One slot: every other text replaces the one before.
        let memo = TextMemo<JSONValue>(slots: 1, longest: 64)
        var made = 0
        func value(_ text: String) throws -> JSONValue {
            try memo.value(of: Array(text.utf8)) { bytes throws(RecordingError) in
                made += 1
                return try StepRow.action(parsing: bytes, step: 1, timeline: "main")
            }
        }
        let composed = "{\"caf\u{e9}\":-0.0}"
        let decomposed = "{\"cafe\u{301}\":-0.0}"
        #expect(try value(composed) == JSONParser().parse(composed))
        #expect(try value(composed) == JSONParser().parse(composed))
        #expect(made == 1, "the same bytes are looked up")
        #expect(try value(decomposed) == JSONParser().parse(decomposed))
        #expect(try value(composed) == JSONParser().parse(composed))
        #expect(made == 3, "another spelling is another text, and takes the slot")
        let long = "{\"n\":\"" + String(repeating: "x", count: 64) + "\"}"
        #expect(try value(long) == JSONParser().parse(long))
        #expect(try value(long) == JSONParser().parse(long))
        #expect(made == 5, "a text past `longest` is parsed every time")
        // Many slots, more texts than slots, every answer its own text's.
        let wide = TextMemo<JSONValue>.actions()
        for round in 0..<2 {
            for index in stride(from: 0, to: 5_000, by: round == 0 ? 1 : 97) {
                let text = Array(#"{"n":\#(index)}"#.utf8)
                let parsed = try wide.value(of: text) { bytes throws(RecordingError) in
                    try StepRow.action(parsing: bytes, step: index, timeline: "main")
                }
                #expect(parsed == ["n": .number(JSONNumber(index))])
            }
        }
    }
}

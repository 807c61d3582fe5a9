import Foundation
import TestSupport
import Testing
import UDFJSON
@testable import UDFLog

/// A reading parses each distinct action text once and looks it up when
/// it comes again (`ParsedActions`). Compared here with parsing every text
/// afresh, on texts that differ in one byte, in normalization, in the sign
/// of a zero or past a double's precision, and on texts too long to keep.
@Suite struct ParsedActionsTests {
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

    @Test func pastItsCapacityTheMemoStartsOverAndStillAnswersRight() throws {
        let memo = ParsedActions()
        let count = ParsedActions.capacity + 10
        for round in 0..<2 {
            for index in stride(from: 0, to: count, by: round == 0 ? 1 : 97) {
                let text = Array(#"{"n":\#(index)}"#.utf8)
                #expect(try memo.value(of: text, step: index, timeline: "main") == ["n": .number(JSONNumber(index))])
            }
        }
    }
}

import Foundation
import Testing
import TestSupport
import UDFJSON
@testable import UDFInspect
@testable import UDFLog

/// `StepRecord.appendPrettyJSON`, the shortcut `log --json` takes, against
/// the plain path: the record through `Encodable` and `JSONTextEncoder`,
/// byte for byte, at the levels a document nests it.
@Suite struct StepRecordJSONTests {
    func plain(_ record: StepRecord, level: Int) throws -> [UInt8] {
        try Console.jsonText(record, style: .pretty(indent: 2, level: level))
    }

    func direct(_ record: StepRecord, level: Int) -> [UInt8] {
        var bytes: [UInt8] = Array("earlier output".utf8)
        record.appendPrettyJSON(indent: 2, level: level, to: &bytes)
        return Array(bytes.dropFirst("earlier output".utf8.count))
    }

    /// Every step of every fixture recording, on every timeline: real
    /// actions, keyframes, causes, branches' inherited steps.
    @Test(arguments: ["todo-demo-v1.udf", "todo-demo-v3.udf", "todo-demo.udf", "todo-workload-v5.udf", "todo-workload-v6.udf", "todo-workload.udf"])
    func writesEveryFixtureStepAsEncodableDoes(fixture: String) throws {
        let recording = try Recording(path: Fixtures.path(fixture))
        var compared = 0
        for session in try recording.sessions() {
            for timeline in try recording.timelines(in: session) {
                var mismatches: [Int] = []
                try recording.forEachStep(on: timeline) { summary in
                    let record = StepRecord(summary, on: timeline)
                    if (try? plain(record, level: 2)) != direct(record, level: 2) { mismatches.append(summary.step) }
                    compared += 1
                    return true
                }
                #expect(mismatches.isEmpty, "\(fixture) \(timeline.name): steps \(mismatches.prefix(5))")
            }
        }
        #expect(compared > 10)
    }

    /// Values a hand-written writer gets wrong: a key in two normalizations,
    /// `-0.0`, the largest `Double`, an integer past `Int`, escapes and
    /// controls, U+2028, emoji, empty and nested containers, nils, and the
    /// extreme integers.
    @Test func writesAdversarialRecordsAsEncodableDoes() throws {
        func parsed(_ text: String) throws -> JSONValue { try JSONParser().parse(Array(text.utf8)) }
        let actions: [JSONValue?] = [
            nil, .null, .bool(false), .string(""), .string("a\"b\\c\u{0}\u{1F}\u{7F}\u{2028}👩‍👩‍👧"),
            try parsed(#"{"set":{"caf\u00e9":-0.0}}"#), try parsed(#"{"set":{"cafe\u0301":1.7976931348623157e308}}"#),
            try parsed(#"{"load":{"_0":[[],{},[{}],{"a":[]}],"_1":-123456789012345678901234567890}}"#),
            try parsed(#"[1,"two",null,true,{"z":0,"a":0,"A":0,"é":0}]"#),
        ]
        let texts: [String?] = [nil, "", "bump", "caf\u{E9}", "cafe\u{301}", "\"quoted\"\n\t"]
        let integers: [Int?] = [nil, 0, -1, Int.min, Int.max]
        var random = SystemRandomNumberGenerator()
        for index in 0..<500 {
            let summary = StepSummary(
                step: integers.compactMap { $0 }.randomElement(using: &random)!,
                timelineID: index % 2,
                time: Date(timeIntervalSince1970: Double(index) * 12_345.678),
                action: actions.randomElement(using: &random)!,
                actionName: texts.randomElement(using: &random)!,
                cause: integers.randomElement(using: &random)!,
                reducerNanoseconds: integers.randomElement(using: &random)!,
                stateHash: texts.compactMap { $0 }.randomElement(using: &random)!,
                stateSize: integers.compactMap { $0 }.randomElement(using: &random)!,
                isKeyframe: Bool.random(using: &random)
            )
            let timeline = TimelineInfo(id: 1, sessionID: 1, name: "main", parentID: nil, forkStep: nil, lastStep: 0)
            let record = StepRecord(summary, on: timeline)
            for level in [0, 2, 5] {
                #expect(try plain(record, level: level) == direct(record, level: level), "\(summary) at level \(level)")
            }
        }
    }
}

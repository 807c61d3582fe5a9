import Foundation
import TestSupport
import Testing
import UDFJSON
import UDFLog

/// `walkSharedStateTexts` leaves states that need no redaction unbuilt and
/// splices each stored patch into the previous state's text. It must hand
/// on what `walkSharedCanonical` hands on, byte for byte, and fail where it
/// fails, with the same error, after the same steps: on states whose
/// secrets come and go, a branch, stored patches the splice refuses (`copy`
/// and `test` operations), every redactor, whole and from step 40.
@Suite struct StateTextWalkTests {
    private struct Seen: Equatable {
        let step: Int
        let time: Date
        let action: [UInt8]?
        let actionName: String?
        let cause: Int?
        let reducerNanoseconds: Int?
        let state: [UInt8]
        let stored: StoredState?
        let actionText: [UInt8]?
    }

    /// What a walk handed on, and how it ended.
    private static func outcome(
        _ walk: (_ hand: (Seen) -> Void) throws -> Int
    ) -> (seen: [Seen], outcome: Result<Int, RecordingError>) {
        var seen: [Seen] = []
        let outcome = Result { () throws(RecordingError) -> Int in
            do {
                return try walk { seen.append($0) }
            } catch let error as RecordingError {
                throw error
            } catch {
                throw .io("\(error)")
            }
        }
        return (seen, outcome)
    }

    private static func plain(
        _ recording: Recording, _ timeline: TimelineInfo, _ range: ShareRange, _ redactor: Redactor
    ) -> (seen: [Seen], outcome: Result<Int, RecordingError>) {
        outcome { hand in
            try recording.walkSharedCanonical(timeline, range: range, redactor: redactor) { step, canonical in
                let input = step.input
                hand(Seen(
                    step: input.step, time: input.time, action: input.action?.canonicalBytes, actionName: input.actionName,
                    cause: input.cause, reducerNanoseconds: input.reducerNanoseconds, state: canonical,
                    stored: step.stored, actionText: step.actionText
                ))
            }
        }
    }

    private static func texts(
        _ recording: Recording, _ timeline: TimelineInfo, _ range: ShareRange, _ redactor: Redactor
    ) -> (seen: [Seen], outcome: Result<Int, RecordingError>) {
        outcome { hand in
            try recording.walkSharedStateTexts(timeline, range: range, redactor: redactor) { step in
                hand(Seen(
                    step: step.step, time: step.time, action: step.action?.canonicalBytes, actionName: step.actionName,
                    cause: step.cause, reducerNanoseconds: step.reducerNanoseconds, state: step.canonicalState,
                    stored: step.stored, actionText: step.actionText
                ))
            }
        }
    }

    private static func expectSame(
        _ recording: Recording, _ timeline: TimelineInfo, _ range: ShareRange, _ redactor: Redactor, _ label: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let plain = plain(recording, timeline, range, redactor)
        let texts = texts(recording, timeline, range, redactor)
        #expect(texts.seen.count == plain.seen.count, "\(label): steps handed on", sourceLocation: sourceLocation)
        if let index = zip(texts.seen, plain.seen).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
            Issue.record("\(label): step \(index) differs", sourceLocation: sourceLocation)
        }
        #expect("\(texts.outcome)" == "\(plain.outcome)", "\(label): the same redaction count or error", sourceLocation: sourceLocation)
    }

    @Test(arguments: 0..<5, [nil, 40...1_060])
    func theTextWalkHandsOnWhatThePlainWalkDoes(redactorIndex: Int, range: ClosedRange<Int>?) throws {
        let (name, redactor) = try TextProvenRedactionTests.redactors()[redactorIndex]
        let directory = try TemporaryDirectory()
        let path = try TextProvenRedactionTests.source(
            TextProvenRedactionTests.states(seed: 0x7E47 + UInt64(redactorIndex), count: 1_200), in: directory
        )
        // Patches the splice refuses, which still apply: the plain way takes over.
        try rewrite(path, sql: """
            UPDATE steps SET patch = '[{"from":"/extras/padding","op":"copy","path":"/extras/copied"},' || substr(patch, 2)
            WHERE step % 50 = 3 AND patch IS NOT NULL AND patch != '[]'
            """)
        let filler = String(repeating: "lorem ipsum ", count: 20)
        try rewrite(path, sql: """
            UPDATE steps SET patch = '[{"op":"test","path":"/extras/padding","value":"\(filler)"},' || substr(patch, 2)
            WHERE step % 90 = 5 AND patch IS NOT NULL AND patch != '[]'
            """)
        try TextProvenRedactionTests.addBranch(to: path, seed: 0xA17 + UInt64(redactorIndex))
        let recording = try Recording(path: path)
        let session = try recording.session(nil)
        for timelineName in ["main", "alt"] {
            let timeline = try recording.timeline(timelineName, in: session)
            let shareRange = try recording.shareRange(range.map { $0.clamped(to: 0...timeline.lastStep) }, of: timeline)
            #expect(throws: Never.self, "\(name), \(timelineName): the rewritten patches apply") {
                try recording.walk(timeline) { _, _ in true }
            }
            Self.expectSame(recording, timeline, shareRange, redactor, "\(name), \(timelineName)")
        }
    }

    /// Broken stored texts, each where the text walk would otherwise splice
    /// or copy: the same corrupt step, after the same steps.
    @Test(arguments: [
        "UPDATE steps SET patch = '[{\"op\":\"remove\",\"path\":\"/nothing\"}]' WHERE step = 700 AND patch IS NOT NULL",
        "UPDATE steps SET patch = '[{\"op\":\"replace\",\"path\":\"/todos/99999\",\"value\":1}]' WHERE step = 701 AND patch IS NOT NULL",
        "UPDATE steps SET patch = '[{\"op\":\"test\",\"path\":\"\",\"value\":1}]' WHERE step = 702 AND patch IS NOT NULL",
        "UPDATE steps SET patch = '[{\"op\":' WHERE step = 703 AND patch IS NOT NULL",
        "UPDATE steps SET keyframe = '{\"todos\":' WHERE step = (SELECT MIN(step) FROM steps WHERE keyframe IS NOT NULL AND step > 600)",
        "UPDATE steps SET action = '{\"addTodo\":' WHERE step = 40",
    ])
    func aBrokenStoredTextFailsAsInThePlainWalk(sql: String) throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.workload, as: "corrupt.udf")
        try rewrite(path, sql: sql)
        let recording = try Recording(path: path)
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        let shareRange = try recording.shareRange(nil, of: timeline)
        let plain = Self.plain(recording, timeline, shareRange, Redactor())
        guard case .failure(.corruptStep) = plain.outcome else {
            Issue.record("the plain walk does not fail: \(plain.outcome)")
            return
        }
        Self.expectSame(recording, timeline, shareRange, Redactor(), sql)
    }
}

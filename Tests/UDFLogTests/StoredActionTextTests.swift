import Foundation
import TestSupport
import Testing
import UDFJSON
import UDFLog

/// An export copies a stored action's text only where it is exactly the
/// redacted action's canonical text; anywhere else it writes the action
/// again from its value. Compared here with the plain path on stored texts
/// that mean the same as their canonical form but are spelled otherwise.
@Suite struct StoredActionTextTests {
    /// Stored action texts, each written over one step of the workload.
    private static let texts: [(step: Int, text: String, isCopied: Bool)] = [
        (2, #"{ "addTodo" : {"_0":"Buy milk"} }"#, false),
        (3, #"{"addTodo":{"_0":"Buy \u006dilk"}}"#, false),
        (4, #"{"z":1,"a":2}"#, false),
        (5, #"{"path":"a\/b"}"#, false),
        (6, "{\"cafe\u{301}\":{\"n\":-0.0}}", true),
        (7, "{\"caf\u{e9}\":{\"n\":-0.0}}", true),
        (8, #"{"login":{"password":"hunter2"}}"#, false),
        (9, #"{"big":123456789012345678901234567890,"tab":"a\tb"}"#, true),
        (10, #"{"KELVIN":"\u212A"}"#, false),
        // Seen before: remembered texts give what parsing them again gives.
        (11, #"{"login":{"password":"hunter2"}}"#, false),
        (12, "{\"cafe\u{301}\":{\"n\":-0.0}}", true),
        (13, #"{ "addTodo" : {"_0":"Buy milk"} }"#, false),
    ]

    private func tampered(in directory: TemporaryDirectory) throws -> String {
        let path = try directory.copy(Fixtures.workload, as: "tampered.udf")
        for (step, text, _) in Self.texts {
            try rewrite(path, sql: "UPDATE steps SET action = '\(text)' WHERE step = \(step)")
        }
        return path
    }

    @Test func theDocumentIsCanonicalAndMeansWhatThePlainPathBuilds() throws {
        let directory = try TemporaryDirectory()
        let recording = try Recording(path: try tampered(in: directory))
        let session = try recording.session(nil)
        let timeline = try recording.timeline(nil, in: session)
        let range = try recording.shareRange(nil, of: timeline)
        let shared = try recording.sharedSession(session, timeline: timeline, range: range).session
        var copied: [Int: Bool] = [:]
        var bytes: [UInt8] = []
        var writer = try TimelineDocumentWriter(session: shared, encoding: .states) { bytes += $0 }
        let redacted = try recording.walkSharedCanonical(timeline, range: range) { step, canonical in
            if (2...13).contains(step.input.step) { copied[step.input.step] = step.actionText != nil }
            if let text = step.actionText { #expect(text == step.input.action?.canonicalBytes) }
            try writer.append(step, canonicalState: canonical)
        }
        try writer.finish()
        let document = try JSONParser().parse(bytes)
        // Line breaks fall between steps only; without them the text is canonical.
        #expect(bytes.filter { $0 != UInt8(ascii: "\n") } == document.canonicalBytes)
        let plain = try recording.sharedTimeline(session: session, timeline: timeline).timeline
        #expect(document == TimelineDocument.encode(plain, encoding: .states))
        #expect(plain.steps[8].action == ["login": ["password": Redactor.placeholder]])
        #expect(plain.steps[11].action == plain.steps[8].action)
        var expected = 0
        try recording.walk(timeline) { summary, state in
            expected += Redactor().redact(state).count + (summary.action.map { Redactor().redact($0).count } ?? 0)
            return true
        }
        #expect(redacted == expected && expected >= 2, "each of the two password actions counts")
        #expect(copied == Dictionary(uniqueKeysWithValues: Self.texts.map { ($0.step, $0.isCopied) }))
    }
}

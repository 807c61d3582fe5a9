import Foundation
import TestSupport
import UDFDiff
import Testing
import UDFJSON
import UDFLog

/// The NDJSON exporter writes as it walks: its sink receives whole lines in
/// bounded chunks long before the timeline ends.
@Suite struct NDJSONExporterTests {
    @Test func linesReachTheSinkInBoundedChunksWhileTheWalkGoesOn() throws {
        let recording = try Recording(path: Fixtures.workload)
        let session = try recording.session(nil)
        let timeline = try recording.timeline(nil, in: session)
        let chunks = ChunkLog()
        var exporter = NDJSONExporter(redactor: Redactor(), patches: false) { bytes in chunks.add(bytes) }
        try exporter.export(recording, session: session, timeline: timeline, file: "w.udf")
        let beforeFlush = chunks.sizes.count
        try exporter.flush()
        #expect(exporter.lineCount == 1_001)
        #expect(beforeFlush >= 5, "only \(beforeFlush) chunks before the end: the exporter collected instead of streaming")
        // A chunk is flushed once it passes 256 KiB, so none is much larger.
        #expect(chunks.sizes.allSatisfy { $0 < (256 << 10) + 16_384 }, "\(chunks.sizes)")
        #expect(chunks.endsWithNewline.allSatisfy { $0 })
        let text = String(decoding: chunks.bytes, as: UTF8.self)
        let lines = text.split(separator: "\n")
        #expect(lines.count == 1_001)
        let last = try JSONParser().parse(Array(lines[1_000].utf8))
        #expect(last["step"] == 1_000)
        #expect(last["sessionUUID"] == .string(session.identity.uuid))
        #expect(last["stateHash"] == .string(try recording.state(at: 1_000, on: timeline).stateHash))
    }
}

/// The states are redacted and written a change at a time; every line
/// must hold what the plain redaction of its state gives, and the count
/// must be the values the plain redaction replaced, counted as every export
/// counts them (a placeholder where the input had none), whether a state
/// has nothing to redact, something under a key, or a path rule, one of
/// them over a member a key rule redacted.
@Suite struct NDJSONExporterRedactionTests {
    @Test(arguments: [[], ["title"], ["done"], [".filter"], [".todos[0].title"], ["title", ".todos[0]"]])
    func linesAndCountAreThoseOfThePlainRedaction(rules: [String]) throws {
        let keys = rules.filter { !$0.hasPrefix(".") }
        let paths = try rules.filter { $0.hasPrefix(".") }.map { try JSONPath(parsing: $0) }
        let redactor = Redactor(extraKeys: keys, paths: paths)
        let recording = try Recording(path: Fixtures.workload)
        let session = try recording.session(nil)
        let timeline = try recording.timeline(nil, in: session)
        var bytes: [UInt8] = []
        var exporter = NDJSONExporter(redactor: redactor, patches: false) { bytes += $0 }
        try exporter.export(recording, session: session, timeline: timeline, file: "w.udf")
        try exporter.flush()
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        var expectedCount = 0
        var mismatches: [Int] = []
        try recording.walk(timeline) { summary, state in
            let plain = redactor.redact(state)
            expectedCount += RedactorTests.placeholdersAdded(from: state, to: plain.value)
            if let action = summary.action { expectedCount += RedactorTests.placeholdersAdded(from: action, to: redactor.redact(action).value) }
            let line = try? JSONParser().parse(Array(lines[summary.step].utf8))
            if line?["state"]?.canonicalBytes != plain.value.canonicalBytes { mismatches.append(summary.step) }
            return true
        }
        #expect(lines.count == 1_001)
        #expect(mismatches.isEmpty, "steps \(mismatches.prefix(5))")
        #expect(exporter.redactedCount == expectedCount)
        if rules == ["title"] { #expect(expectedCount > 1_000) }
    }
}

/// What the sink received.
private final class ChunkLog {
    var sizes: [Int] = []
    var endsWithNewline: [Bool] = []
    var bytes: [UInt8] = []

    func add(_ chunk: [UInt8]) {
        sizes.append(chunk.count)
        endsWithNewline.append(chunk.last == UInt8(ascii: "\n"))
        bytes += chunk
    }
}

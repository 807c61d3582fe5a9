import Foundation
import TestSupport
import Testing
import UDFDiff
import UDFJSON
import UDFLog

/// Every export format streams: its sink receives bounded chunks while the
/// walk goes on, and the streamed text means exactly what the in-memory
/// encoders build.
@Suite struct StreamingExportTests {
    private struct Source {
        let recording: Recording
        let session: SessionInfo
        let timeline: TimelineInfo
        let range: ShareRange
        let shared: SharedSession
        let timelineInMemory: SharedTimeline
    }

    private func source() throws -> Source {
        let recording = try Recording(path: Fixtures.workload)
        let session = try recording.session(nil)
        let timeline = try recording.timeline(nil, in: session)
        let range = try recording.shareRange(nil, of: timeline)
        let shared = try recording.sharedSession(session, timeline: timeline, range: range).session
        let inMemory = try recording.sharedTimeline(session: session, timeline: timeline).timeline
        return Source(recording: recording, session: session, timeline: timeline, range: range, shared: shared, timelineInMemory: inMemory)
    }

    @Test(arguments: [TimelineDocument.StateEncoding.states, .patches])
    func theJSONDocumentStreamsWhatTheEncoderBuilds(_ encoding: TimelineDocument.StateEncoding) throws {
        let source = try source()
        let chunks = Chunks()
        var writer = try TimelineDocumentWriter(session: source.shared, encoding: encoding) { chunks.add($0) }
        try source.recording.walkSharedCanonical(source.timeline, range: source.range) { try writer.append($0, canonicalState: $1) }
        let beforeFinish = chunks.sizes.count
        try writer.finish()
        #expect(writer.stepCount == 1_001)
        if encoding == .states {
            #expect(beforeFinish >= 3, "only \(beforeFinish) chunks before the end: the writer collected instead of streaming")
        }
        #expect(chunks.sizes.allSatisfy { $0 < (256 << 10) + 65_536 }, "\(chunks.sizes)")
        let streamed = try JSONParser().parse(chunks.bytes)
        if encoding == .states {
            #expect(streamed == TimelineDocument.encode(source.timelineInMemory, encoding: encoding))
        }
        // Patches may differ in form, never in the states they rebuild; decoding checks every hash too.
        #expect(try TimelineDocument.decode(streamed).steps.map(\.state) == source.timelineInMemory.steps.map(\.state))
    }

    /// Counting replacements by difference says what `Redactor.redact` counts.
    @Test func redactionIsCountedAsTheRedactorCountsIt() throws {
        let source = try source()
        let redactor = Redactor(extraKeys: ["title"], paths: [try JSONPath(parsing: ".todos[*].done")])
        let whole = try source.recording.sharedTimeline(session: source.session, timeline: source.timeline, redactor: redactor)
        var states: [JSONValue] = []
        let streamed = try source.recording.walkSharedCanonical(source.timeline, range: source.range, redactor: redactor) { step, canonical in
            #expect(canonical == step.input.state.canonicalBytes)
            states.append(step.input.state)
        }
        var expected = 0
        try source.recording.walk(source.timeline) { summary, state in
            expected += redactor.redact(state).count + (summary.action.map { redactor.redact($0).count } ?? 0)
            return true
        }
        #expect(streamed == expected)
        #expect(expected > 1_000, "the rules matched")
        #expect(states == whole.timeline.steps.map(\.state))
    }

    @Test func theReduxLiftedStateStreamsWhatTheExporterBuilds() throws {
        let source = try source()
        let chunks = Chunks()
        var writer = try ReduxDevToolsWriter { chunks.add($0) }
        try source.recording.walkSharedCanonical(source.timeline, range: source.range) { try writer.append($0.input, canonicalState: $1) }
        let beforeFinish = chunks.sizes.count
        try writer.finish()
        #expect(beforeFinish >= 3, "computedStates streams while actionsById waits in a file")
        let streamed = try JSONParser().parse(chunks.bytes)
        #expect(streamed == ReduxDevToolsExporter.export(source.timelineInMemory))
    }

    @Test func theHTMLPageStreamsItsChunks() throws {
        let source = try source()
        let chunks = Chunks()
        // The same timeline three times over: 600 KB, more than two chunks.
        let headers = (1...3).map { HTMLViewer.TimelineHeader(name: "copy \($0)", stepCount: 1_001) }
        var page = try HTMLViewer(title: "w", timelines: headers) { chunks.add($0) }
        for _ in headers {
            try page.beginTimeline()
            try source.recording.walkSharedCanonical(source.timeline, range: source.range) { try page.append($0.input, canonicalState: $1) }
        }
        let beforeFinish = chunks.sizes.count
        try page.finish()
        #expect(page.stepCount == 3_003)
        let html = String(decoding: chunks.bytes, as: UTF8.self)
        #expect(html.components(separatedBy: "class=\"udf-states\"").count - 1 >= 3, "keyframes start new state chunks")
        #expect(beforeFinish >= 1, "the page is handed on while the walk goes on")
        #expect(html.hasSuffix("</script>\n</body>\n</html>\n"))

        let single = Chunks()
        var one = try HTMLViewer(title: "w", timelines: [.init(name: "main", stepCount: 1_001)]) { single.add($0) }
        try one.beginTimeline()
        try source.recording.walkShared(source.timeline, range: source.range) { try one.append($0) }
        try one.finish()
        #expect(String(decoding: single.bytes, as: UTF8.self) == HTMLViewer.render(SharedTimeline(session: SharedSession(
            app: "w", host: "", startedAt: Date(), endedAt: nil, timelineName: "main", metadata: nil
        ), steps: source.timelineInMemory.steps)))
    }
}

private final class Chunks: @unchecked Sendable {
    private(set) var bytes: [UInt8] = []
    private(set) var sizes: [Int] = []

    func add(_ chunk: [UInt8]) {
        bytes += chunk
        sizes.append(chunk.count)
    }
}

import Foundation
import TestSupport
import Testing
import UDF
import UDFJSON
import UDFLog
import UDFRecorder

/// A change that only Unicode normalization can see is a change: recorded,
/// verified, diffed and shown exactly, through the recorder and through import.
@MainActor
@Suite struct RecordingExactnessTests {
    struct NoteState: Codable, Sendable, Equatable {
        var title: String
        var tags: [String]
        var counts: [String: Int]
    }

    enum NoteAction: Codable, Sendable {
        case retitle(String)
        case retag(String)
        case rekey(from: String, to: String)
    }

    nonisolated static let reducer = Reducer<NoteState, NoteAction> { state, action in
        switch action {
        case .retitle(let title):
            state.title = title
        case .retag(let tag):
            state.tags[1] = tag
        case .rekey(let old, let new):
            let count = state.counts.removeValue(forKey: old)
            state.counts[new] = count
        }
        return .none
    }

    /// Steps 1–3 each change one place from the composed to the decomposed form.
    static func record(_ pair: UnicodePairs.Pair, to path: String) throws {
        let recorder = try Recorder(path: path, app: "Notes", options: RecorderOptions(shadowCheck: true))
        let initial = NoteState(title: pair.composed, tags: ["x", pair.composed], counts: [pair.composed: 1])
        let store = Store(initialState: initial, reducer: reducer, middleware: [recorder.middleware()])
        store.send(.retitle(pair.decomposed))
        store.send(.retag(pair.decomposed))
        store.send(.rekey(from: pair.composed, to: pair.decomposed))
        try recorder.close()
        #expect(recorder.failure == nil)
    }

    @Test(arguments: UnicodePairs.all)
    func recordedPairsVerifyDiffAndShowExactly(pair: UnicodePairs.Pair) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("notes.udf")
        try Self.record(pair, to: path)
        try Self.expectExact(pair, in: path)
    }

    @Test(arguments: UnicodePairs.all)
    func importedPairsVerifyDiffAndShowExactly(pair: UnicodePairs.Pair) throws {
        let directory = try TemporaryDirectory()
        let recorded = directory.path("notes.udf")
        try Self.record(pair, to: recorded)
        let exported = directory.path("notes.json")
        let export = try Executables.run("udf-inspect", ["export", recorded, "--format", "json", "-o", exported])
        #expect(export.status == 0, "\(export.stderr)")
        let imported = directory.path("imported.udf")
        let importing = try Executables.run("udf-inspect", ["import", imported, exported])
        #expect(importing.status == 0, "\(importing.stderr)")
        try Self.expectExact(pair, in: imported)
    }

    static func expectExact(_ pair: UnicodePairs.Pair, in path: String) throws {
        let verify = try Executables.run("udf-inspect", ["verify", path])
        #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")

        let a = pair.composedSpelled
        let b = pair.decomposedSpelled
        // Keys come in the canonical order, by UTF-8 bytes.
        let keyLines = [#".counts.["\#(a)"]: removed 1"#, #".counts.["\#(b)"]: added 1"#]
        let composedFirst = JSONWriter.utf8Precedes(pair.composed, pair.decomposed)
        let expectedPaths = [
            #".title: "\#(a)" → "\#(b)""#,
            #".tags[1]: removed "\#(a)"\#n.tags[1]: added "\#(b)""#,
            (composedFirst ? keyLines : keyLines.reversed()).joined(separator: "\n"),
        ]
        for (offset, expected) in expectedPaths.enumerated() {
            let diff = try Executables.run("udf-inspect", ["diff", path, String(offset + 1), "--format", "paths"])
            #expect(diff.status == 0, "\(diff.stderr)")
            #expect(diff.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
                .trimmingCharacters(in: .newlines) == expected, "step \(offset + 1)")
        }

        let show = try Executables.run("udf-inspect", ["show", path, "3", "--json"])
        #expect(show.status == 0, "\(show.stderr)")
        let shown = try JSONParser().parse(Array(show.stdout.utf8))
        let state = try #require(shown["state"])
        #expect(state["title"]?.stringValue?.hasSameScalars(as: pair.decomposed) == true)
        #expect(state["tags"]?.arrayValue?[1].stringValue?.hasSameScalars(as: pair.decomposed) == true)
        let keys = Array(try #require(state["counts"]?.objectValue).keys)
        #expect(keys.count == 1)
        #expect(keys.first?.hasSameScalars(as: pair.decomposed) == true)
        let initial = try Executables.run("udf-inspect", ["show", path, "0", "--json"])
        let before = try JSONParser().parse(Array(initial.stdout.utf8))["state"]
        #expect(before?["title"]?.stringValue?.hasSameScalars(as: pair.composed) == true)
    }
}

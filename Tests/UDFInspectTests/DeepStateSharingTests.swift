import Foundation
import TestSupport
import Testing
import UDFJSON
import UDFLog
import UDFRecorder

/// A recording whose states nest as deep as readers accept (512 arrays and
/// objects) goes through every command and every shared format and back:
/// the formats' own levels come on top of the states'.
@Suite struct DeepStateSharingTests {
    /// `levels` nested arrays around a number.
    static func nested(_ levels: Int, around leaf: Int) -> JSONValue {
        var value = JSONValue.number(JSONNumber(leaf))
        for _ in 0..<levels { value = .array([value]) }
        return value
    }

    /// Step 0 holds a padding string and nothing deep; step 1 adds a member
    /// 511 deep (a patch that carries it whole), step 2 changes its leaf.
    static let states: [JSONValue] = [
        .object(["padding": .string(String(repeating: "x", count: 50_000))]),
        .object(["padding": .string(String(repeating: "x", count: 50_000)), "deep": nested(511, around: 1)]),
        .object(["padding": .string(String(repeating: "x", count: 50_000)), "deep": nested(511, around: 2)]),
    ]

    static func record(_ path: String) async throws {
        let recorder = try Recorder(path: path, app: "Deep")
        recorder.start(state: states[0])
        recorder.record(action: "grow", state: states[1])
        recorder.record(action: "bump", state: states[2])
        try await OffPool.run { try recorder.close() }
    }

    @Test func everyCommandReadsIt() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("deep.udf")
        try await Self.record(path)
        for arguments in [["verify", path], ["show", path, "2"], ["diff", path, "2"], ["diff", path, "0", "2"], ["log", path],
                          ["blame", path, ".deep"], ["find", path, "--where", ".deep exists"], ["stats", path]] {
            let result = await InspectorHarness.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stderr == "", "\(arguments)")
        }
        let recording = try Recording(path: path)
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        for step in 0...2 {
            #expect(try recording.state(at: step, on: timeline) == Self.states[step])
        }
    }

    @Test(arguments: [["--format", "json"], ["--format", "json", "--patches"], ["--format", "redux"], ["--format", "udf"]])
    func itIsExportedAndImportedBackWhole(_ format: [String]) async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("deep.udf")
        try await Self.record(path)
        let exported = directory.path("deep.export")
        let export = await InspectorHarness.run(["export", path] + format + ["-o", exported])
        #expect(export.status == 0, "\(export.stderr)")
        let copy: String
        if format[1] == "udf" {
            copy = exported
        } else {
            copy = directory.path("copy.udf")
            let imported = await InspectorHarness.run(["import", copy, exported])
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        let verify = await InspectorHarness.run(["verify", copy])
        #expect(verify.status == 0, "\(verify.stderr)")
        let recording = try Recording(path: copy)
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        #expect(try recording.state(at: 2, on: timeline) == Self.states[2])
    }
}

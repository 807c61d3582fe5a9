import Foundation
import TestSupport
import Testing
import UDFInspect
import UDFJSON
import UDFLog

@Suite struct ImportCommandTests {
    @Test func reduxLiftedStateKeepsTheSkippedActionAndDecodesJSAN() async throws {
        let directory = try TemporaryDirectory()
        let target = directory.path("redux.udf")
        let result = await InspectorHarness.run(["import", target, Fixtures.path("redux/todos-lifted.json")])
        #expect(result.status == 0, "\(result.stderr)")
        let input = Fixtures.path("redux/todos-lifted.json")
        #expect(result.stdout == """
            Imported 4 steps from \(input) (redux) as session 1 (todos-lifted) of \(target)
            Note: 8 $jsan markers decoded, 1 kept as they are.
            Note: 1 skipped action kept and flagged as skipped.

            """)
        let recording = try Recording(path: target)
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        let steps = try recording.steps(on: timeline)
        #expect(steps.map(\.actionName) == [nil, "ADD_TODO", "SET_VISIBILITY_FILTER", "TOGGLE_TODO"])
        #expect(steps[2].action == ["type": "SET_VISIBILITY_FILTER", "filter": "SHOW_COMPLETED"], "the skip is a flag, not action text")
        #expect(try recording.facts(of: recording.session(nil)) == SessionFacts(statesRecorded: true, skippedSteps: [2]))
        #expect(steps[2].stateHash == steps[1].stateHash, "a skipped action leaves the state as it was")
        #expect(steps[3].action?["at"] == "2023-11-14T22:13:23.000Z")
        let first = try recording.state(at: 1, on: timeline)
        #expect(first["todos"] == [["id": 0, "text": "Buy milk", "completed": false, "createdAt": "2023-11-14T22:13:20.000Z"]])
        let last = try recording.state(at: 3, on: timeline)
        #expect(last["tags"] == ["home", "errands"])
        #expect(last["owners"] == ["alice": 1, "bob": 2])
        #expect(last["pattern"] == ["$jsan": "r,^milk"])

        // Exported back to Redux DevTools, the skip is still a skip.
        let back = directory.path("back.json")
        #expect(await InspectorHarness.run(["export", target, "--format", "redux", "-o", back]).status == 0)
        let lifted = try JSONParser().parse([UInt8](try #require(fileBytes(back))))
        #expect(lifted["skippedActionIds"] == [2])
        #expect(lifted["actionsById"]?["2"]?["action"] == ["type": "SET_VISIBILITY_FILTER", "filter": "SHOW_COMPLETED"])
    }

    @Test func reduxPayloadShapesImport() async throws {
        let directory = try TemporaryDirectory()
        let target = directory.path("redux.udf")
        let actions = await InspectorHarness.run(["import", target, Fixtures.path("redux/counter-actions.json")])
        #expect(actions.status == 0, "\(actions.stderr)")
        #expect(actions.stdout.hasSuffix("Note: the file has no computed states, so the session holds actions only; show, diff, find and step need states and will say so.\n"))
        let wrapped = await InspectorHarness.run(["import", target, Fixtures.path("redux/todos-wrapped-lifted.json"), "--format", "redux"])
        #expect(wrapped.status == 0, "\(wrapped.stderr)")
        let lifted = await InspectorHarness.run(["import", target, Fixtures.path("redux/todos-lifted.json")])
        #expect(lifted.status == 0)

        let recording = try Recording(path: target)
        let counter = try recording.timeline(nil, in: try recording.session(1))
        #expect(try recording.steps(on: counter).map(\.action) == [nil, ["type": "counter/increment"], ["type": "counter/incrementByAmount", "payload": 5], ["type": "counter/decrement"]])
        #expect(try recording.state(at: 3, on: counter) == ["counter": ["value": 0, "status": "idle"]])
        #expect(try StepFingerprint.of(target, session: 2) == StepFingerprint.of(target, session: 3))
    }

    @Test(arguments: HostileInput.all)
    func hostileInputIsRefusedAndLeavesTheTargetUnchanged(_ input: HostileInput) async throws {
        let directory = try TemporaryDirectory()
        let file = directory.path(input.name + ".json")
        try input.bytes.write(to: URL(fileURLWithPath: file))

        let existing = try directory.copy(Fixtures.demo, as: "existing.udf")
        let before = try #require(fileBytes(existing))
        let refused = await InspectorHarness.run(["import", existing, file, "--format", input.format])
        #expect(refused.status == 65)
        #expect(refused.stdout == "")
        #expect(refused.stderr == "Error: \(input.expectedMessage(file))\n")
        #expect(fileBytes(existing) == before, "the target's bytes are unchanged")

        let missing = directory.path("missing.udf")
        let refusedNew = await InspectorHarness.run(["import", missing, file, "--format", input.format])
        #expect(refusedNew.status == 65)
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: directory.url.path))
        #expect(left == ["existing.udf", input.name + ".json"], "no new file is left behind")
    }

    @Test func aFailedWriteLeavesNoPartialFile() async throws {
        let directory = try TemporaryDirectory()
        let json = directory.path("todo.json")
        #expect(await InspectorHarness.run(["export", Fixtures.demo, "--format", "json", "-o", json]).status == 0)
        let text = directory.path("notes.udf")
        try Data("plain text".utf8).write(to: URL(fileURLWithPath: text))
        let result = await InspectorHarness.run(["import", text, json])
        #expect(result.status == 65)
        #expect(result.stderr == "Error: '\(text)' is not a SQLite database, so not a udf recording\n")
        #expect(fileBytes(text) == Data("plain text".utf8))
    }

    /// `import in.json out.udf` names the order meant; a missing input
    /// beside a recording, or beside nothing, is only missing.
    @Test func swappedArgumentsAreNamedInTheOrderMeant() async throws {
        let directory = try TemporaryDirectory()
        let json = directory.path("todo export.json")
        #expect(await InspectorHarness.run(["export", Fixtures.demo, "--format", "json", "-o", json]).status == 0)
        let target = directory.path("new.udf")
        let swapped = await InspectorHarness.run(["import", json, target])
        #expect(swapped.status == 66)
        #expect(swapped.stderr == """
            Error: cannot open '\(target)': no such file; the recording comes first: \
            udf-inspect import \(target) '\(json)'

            """)
        #expect(!FileManager.default.fileExists(atPath: target))

        let recording = try directory.copy(Fixtures.demo, as: "existing.udf")
        let missing = directory.path("missing.json")
        #expect(await InspectorHarness.run(["import", recording, missing]).stderr == "Error: cannot open '\(missing)': no such file\n")
        #expect(await InspectorHarness.run(["import", target, missing]).stderr == "Error: cannot open '\(missing)': no such file\n")
        // An empty FILE is a new recording, and a folder is no JSON: neither was meant as IN.
        let empty = directory.path("empty.udf")
        try Data().write(to: URL(fileURLWithPath: empty))
        #expect(await InspectorHarness.run(["import", empty, missing]).stderr == "Error: cannot open '\(missing)': no such file\n")
        #expect(await InspectorHarness.run(["import", directory.path(""), missing]).stderr == "Error: cannot open '\(missing)': no such file\n")
    }
}

/// Malformed or malicious import files, each with the error it must give.
struct HostileInput: Sendable, CustomStringConvertible {
    let name: String
    let format: String
    let bytes: Data
    let message: String

    var description: String { name }

    func expectedMessage(_ path: String) -> String {
        message.replacingOccurrences(of: "FILE", with: path)
    }

    static let all: [HostileInput] = {
        let valid = #"{"format":"udf-timeline","version":1,"encoding":"states","session":{"app":"A","startedAt":0},"steps":[{"step":0,"time":0,"state":{}}]}"#
        var invalidUTF8 = Data(#"{"a":""#.utf8)
        invalidUTF8.append(contentsOf: [0xFF, 0x22, 0x7D])
        return [
            HostileInput(name: "deep", format: "json", bytes: Data(String(repeating: "[", count: 100_000).utf8),
                         message: "'FILE' is not valid JSON: invalid JSON at line 1, column 529: nesting deeper than 528 levels"),
            HostileInput(name: "duplicate", format: "json", bytes: Data(#"{"a":1,"a":2}"#.utf8),
                         message: "'FILE' is not valid JSON: invalid JSON at line 1, column 8: duplicate key \"a\""),
            HostileInput(name: "utf8", format: "redux", bytes: invalidUTF8,
                         message: "'FILE' is not valid JSON: invalid JSON at line 1, column 7: invalid UTF-8 byte 0xFF"),
            HostileInput(name: "huge", format: "json", bytes: Data(#"{"format":"udf-timeline","version":1e400}"#.utf8),
                         message: "'FILE' is not valid JSON: invalid JSON at line 1, column 36: number 1e400 is too large for a double"),
            HostileInput(name: "truncated", format: "json", bytes: Data(valid.utf8.prefix(80)),
                         message: "'FILE' is not valid JSON: invalid JSON at line 1, column 81: unexpected end of input, expected '\"'"),
            HostileInput(name: "array", format: "json", bytes: Data("[1,2,3]".utf8),
                         message: "unexpected document shape at $: expected an object, found an array"),
            HostileInput(name: "session-array", format: "json", bytes: Data(valid.replacingOccurrences(of: #"{"app":"A","startedAt":0}"#, with: "[]").utf8),
                         message: "unexpected document shape at $.session: expected an object, found an array"),
            HostileInput(name: "redux-array", format: "redux", bytes: Data(#"{"actionsById":[],"stagedActionIds":[0]}"#.utf8),
                         message: "unexpected document shape at $.actionsById: expected an object, found an array"),
        ]
    }()
}

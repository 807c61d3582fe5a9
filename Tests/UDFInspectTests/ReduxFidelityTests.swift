import Foundation
import TestSupport
import Testing
import UDFInspect
import UDFJSON
import UDFLog

/// Redux DevTools files import as Redux users know them, and export back
/// into what Redux DevTools imports.
@Suite struct ReduxFidelityTests {
    @Test func aTypeIsTheNameAndThePayloadReadsAsReduxUsersWriteIt() async throws {
        let directory = try TemporaryDirectory()
        let target = directory.path("redux.udf")
        let input = Fixtures.path("redux/counter-lifted.json")
        let imported = await InspectorHarness.run(["import", target, input])
        #expect(imported.stdout == "Imported 5 steps from \(input) (redux) as session 1 (counter-lifted) of \(target)\n")
        let log = await InspectorHarness.run(["log", target], environment: ["NO_COLOR": "1"], stdoutIsTerminal: true)
        #expect(log.status == 0)
        #expect(log.stdout == """
            session 1 · counter-lifted · main · steps 0…4 · closed · started 2023-11-14T22:13:20.000Z
            STEP  TIME          ACTION                                                                    CAUSE
               0  22:13:20.000  (initial state)
               1  22:13:21.000  INCREMENT_COUNTER
               2  22:13:22.000  ADD_TODO {id: 0, text: "Buy milk"}
               3  22:13:23.000  counter/incrementByAmount {payload: 5}
               4  22:13:24.500  todos/renamed {meta: {undoable: true}, payload: {id: 0, text: "Buy oat …

            """)
        let recording = try Recording(path: target)
        let steps = try recording.steps(on: try recording.timeline(nil, in: try recording.session(nil)))
        #expect(steps.map(\.actionName) == [nil, "INCREMENT_COUNTER", "ADD_TODO", "counter/incrementByAmount", "todos/renamed"])
        #expect(steps[2].action == ["type": "ADD_TODO", "text": "Buy milk", "id": 0], "stored as Redux wrote it")
        let diff = await InspectorHarness.run(["diff", target, "2", "3"])
        #expect(diff.stdout == """
            diff main@2 → main@3 · counter/incrementByAmount {payload: 5}
              {
            -   "counter": 1
            +   "counter": 6
                "todos": […]
              }

            """)
    }

    /// A type or a key is the file's own text: one that holds a terminal
    /// escape, a NUL, a line break or a bidirectional control is shown
    /// escaped, as JSON writes it, and never reaches the terminal as it is.
    @Test func aNameThatWouldDriveTheTerminalIsShownEscaped() async throws {
        let directory = try TemporaryDirectory()
        let target = directory.path("hostile.udf")
        let input = directory.path("hostile.json")
        let types = [#"red\u001b[31mtext\u0007"#, #"pay\u0000now"#, #"two\nlines"#, #"abc\u202edcba"#]
        var actions = [#""0":{"action":{"type":"@@INIT"},"timestamp":1000,"type":"PERFORM_ACTION"}"#]
        var states = [#"{"state":{"n":0}}"#]
        for (index, type) in types.enumerated() {
            actions.append(#""\#(index + 1)":{"action":{"type":"\#(type)","a\u001bb":1},"timestamp":\#(1001 + index),"type":"PERFORM_ACTION"}"#)
            states.append(#"{"state":{"n":\#(index + 1)}}"#)
        }
        let document = #"{"actionsById":{"# + actions.joined(separator: ",") + #"},"computedStates":["# + states.joined(separator: ",")
            + #"],"currentStateIndex":4,"nextActionId":5,"skippedActionIds":[],"stagedActionIds":[0,1,2,3,4]}"#
        try Data(document.utf8).write(to: URL(fileURLWithPath: input))
        #expect(await InspectorHarness.run(["import", target, input]).status == 0)

        let log = await InspectorHarness.run(["log", target], environment: ["NO_COLOR": "1"])
        #expect(log.status == 0)
        #expect(log.stdout.split(separator: "\n").dropFirst(2).map(String.init) == [
            #"   1  00:00:01.001  red\u001b[31mtext\u0007 {"a\u001bb": 1}"#,
            #"   2  00:00:01.002  pay\u0000now {"a\u001bb": 1}"#,
            #"   3  00:00:01.003  two\u000alines {"a\u001bb": 1}"#,
            #"   4  00:00:01.004  abc\u202edcba {"a\u001bb": 1}"#,
        ])
        let stats = await InspectorHarness.run(["stats", target], environment: ["NO_COLOR": "1"])
        #expect(stats.status == 0)
        for text in [log.stdout, stats.stdout] {
            #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x202E }, "\(text)")
        }
        #expect(stats.stdout.contains(#"red\u001b[31mtext\u0007"#))
        // A session's name (here given to import) is shown the same way.
        let renamed = await InspectorHarness.run(["import", target, input, "--name", "evil\u{1B}[2J\nname"])
        #expect(renamed.status == 0)
        #expect(renamed.stdout.contains(#"(evil\u001b[2J\u000aname)"#))
        // A branch refuses such a name, saying so in one line that shows it escaped.
        let branched = await InspectorHarness.run(["branch", target, "--session", "2", "--at", "1", "--name", "b\u{1B}[8m"])
        #expect(branched.status == 64)
        #expect(branched.stderr.hasPrefix(#"Error: 'b\u001b[8m' cannot be a timeline name"#))
        for text in [renamed.stdout, branched.stderr] {
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(text)")
        }
        let sessions = await InspectorHarness.run(["sessions", target], environment: ["NO_COLOR": "1"])
        let header = await InspectorHarness.run(["log", target, "--session", "2"], environment: ["NO_COLOR": "1"], stdoutIsTerminal: true)
        let timelines = await InspectorHarness.run(["timelines", target, "--session", "2"], environment: ["NO_COLOR": "1"])
        for text in [sessions.stdout, header.stdout, timelines.stdout] {
            #expect(text.contains(#"evil\u001b[2J\u000aname"#), "\(text)")
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "\(text)")
        }
        // A name given on the command line comes back escaped in an error.
        let missing = await InspectorHarness.run(["log", target, "--timeline", "no\u{1B}]0;title\u{7}such"])
        #expect(missing.status == 64)
        #expect(missing.stderr.hasPrefix("Error: timeline 'no\\u001b]0;title\\u0007such' does not exist in session 2."))
        #expect(!missing.stderr.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        // The stored name is the file's, byte for byte.
        let recording = try Recording(path: target)
        let steps = try recording.steps(on: try recording.timeline(nil, in: try recording.session(nil)))
        #expect(steps.map(\.actionName) == [nil, "red\u{1B}[31mtext\u{7}", "pay\u{0}now", "two\nlines", "abc\u{202E}dcba"])
    }

    @Test func aFileWithoutComputedStatesImportsAsActionsOnlyAndSaysSo() async throws {
        let directory = try TemporaryDirectory()
        let target = directory.path("redux.udf")
        let input = Fixtures.path("redux/counter-actions-only.json")
        let imported = await InspectorHarness.run(["import", target, input])
        #expect(imported.status == 0)
        #expect(imported.stdout == """
            Imported 5 steps from \(input) (redux) as session 1 (counter-actions-only) of \(target)
            Note: the file has no computed states, so the session holds actions only; show, diff, find and step need states and will say so.

            """)
        let reason = "session 1 (counter-actions-only) holds actions only: it was imported from a Redux DevTools file without computed states"
        for (command, arguments) in [("diff", ["1", "2"]), ("show", ["2"]), ("find", ["--where", ".counter == 1"]), ("why", ["3"])] {
            let refused = await InspectorHarness.run([command, target] + arguments)
            #expect(refused.status == 65, "\(command)")
            #expect(refused.stdout == "")
            #expect(refused.stderr == "Error: \(reason), so '\(command)' has no states to read; 'log' lists its actions\n")
        }
        let log = await InspectorHarness.run(["log", target, "--last", "1"], environment: ["NO_COLOR": "1"], stdoutIsTerminal: true)
        #expect(log.stdout.hasPrefix("session 1 · counter-actions-only · main · steps 0…4 · closed · started 2023-11-14T22:13:20.000Z · actions only, no states\n"))
    }

    @Test func aSessionIsNamedByItsFileOrByName() async throws {
        let directory = try TemporaryDirectory()
        let target = directory.path("redux.udf")
        #expect(await InspectorHarness.run(["import", target, Fixtures.path("redux/todos-lifted.json")]).status == 0)
        let named = await InspectorHarness.run(["import", target, Fixtures.path("redux/todos-lifted.json"), "--name", "checkout"])
        #expect(named.stdout.hasPrefix("Imported 4 steps from \(Fixtures.path("redux/todos-lifted.json")) (redux) as session 2 (checkout) of"))
        let json = directory.path("todo.json")
        #expect(await InspectorHarness.run(["export", Fixtures.demo, "--format", "json", "-o", json]).status == 0)
        #expect(await InspectorHarness.run(["import", target, json]).status == 0)
        #expect(await InspectorHarness.run(["import", target, json, "--name", "bug 42"]).status == 0)
        let recording = try Recording(path: target)
        #expect(try recording.sessions().map(\.app) == ["todos-lifted", "checkout", "TodoExample", "bug 42"])
        let empty = await InspectorHarness.run(["import", target, json, "--name", " "])
        #expect(empty.status == 64)
        #expect(empty.stderr.hasPrefix("Error: --name needs a non-empty name"))
    }

    @Test func aSkippedActionIsAFlagNotTextInsideTheAction() async throws {
        let directory = try TemporaryDirectory()
        let target = directory.path("redux.udf")
        #expect(await InspectorHarness.run(["import", target, Fixtures.path("redux/todos-lifted.json")]).status == 0)
        let log = await InspectorHarness.run(["log", target], environment: ["NO_COLOR": "1"], stdoutIsTerminal: true)
        #expect(log.stdout == """
            session 1 · todos-lifted · main · steps 0…3 · closed · started 2023-11-14T22:13:20.000Z
            STEP  TIME          ACTION                                               CAUSE  SKIPPED
               0  22:13:20.000  (initial state)
               1  22:13:21.000  ADD_TODO {id: 0, text: "Buy milk"}
               2  22:13:22.000  SET_VISIBILITY_FILTER {filter: "SHOW_COMPLETED"}            skipped
               3  22:13:23.000  TOGGLE_TODO {at: "2023-11-14T22:13:23.000Z", id: 0}

            """)
        for format in ["json", "html", "redux"] {
            let out = directory.path("out.\(format)")
            #expect(await InspectorHarness.run(["export", target, "--format", format, "-o", out]).status == 0)
            let text = String(decoding: try #require(fileBytes(out)), as: UTF8.self)
            #expect(!text.contains("@@udf"), "\(format) carries no marker inside an action")
        }
        // Through a JSON round trip the flag stays a flag.
        let back = directory.path("back.udf")
        #expect(await InspectorHarness.run(["import", back, directory.path("out.json")]).status == 0)
        let recording = try Recording(path: back)
        #expect(try recording.facts(of: recording.session(nil)).skippedSteps == [2])
        let lifted = try JSONParser().parse([UInt8](try #require(fileBytes(directory.path("out.redux")))))
        #expect(lifted["skippedActionIds"] == [2])
    }

    /// The lifted state of `redux-devtools-instrument`, whose IMPORT_STATE
    /// replaces its own with exactly these members of the file.
    @Test func reduxExportIsTheLiftedStateReduxDevToolsImports() async throws {
        let directory = try TemporaryDirectory()
        let target = directory.path("redux.udf")
        #expect(await InspectorHarness.run(["import", target, Fixtures.path("redux/counter-lifted.json")]).status == 0)
        let out = directory.path("out.json")
        let export = await InspectorHarness.run(["export", target, "--format", "redux", "-o", out])
        #expect(export.status == 0)
        let lifted = try JSONParser().parse([UInt8](try #require(fileBytes(out))))
        let original = try JSONParser().parse([UInt8](try #require(fileBytes(Fixtures.path("redux/counter-lifted.json")))))
        #expect(Set(lifted.objectValue?.keys ?? [:].keys) == [
            "actionsById", "committedState", "computedStates", "currentStateIndex", "isLocked", "isPaused",
            "monitorState", "nextActionId", "skippedActionIds", "stagedActionIds",
        ])
        #expect(lifted["monitorState"] == [:])
        for member in ["actionsById", "computedStates", "stagedActionIds", "skippedActionIds", "committedState", "currentStateIndex", "nextActionId"] {
            #expect(lifted[member] == original[member], "\(member) comes back as Redux DevTools wrote it")
        }
    }

    @Test func importReadsStandardInputAndCountsInTheSingular() throws {
        let directory = try TemporaryDirectory()
        let target = directory.path("stdin.udf")
        let document = #"{"actionsById":{"0":{"action":{"type":"@@INIT"},"timestamp":0,"type":"PERFORM_ACTION"}},"stagedActionIds":[0],"computedStates":[{"state":{}}]}"#
        let result = try Executables.run("udf-inspect", ["import", target, "-", "--name", "one"], input: document)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported 1 step from standard input (redux) as session 1 (one) of \(target)\n")
        let verify = try Executables.run("udf-inspect", ["verify", target])
        #expect(verify.stdout == "ok: 1 session, 1 timeline, 1 step, 1 keyframe; integrity_check ok; every state hash verified\n")
        let broken = try Executables.run("udf-inspect", ["import", target, "-"], input: "{")
        #expect(broken.status == 65)
        #expect(broken.stderr == "Error: standard input is not valid JSON: invalid JSON at line 1, column 2: unexpected end of input, expected a string key\n")
    }
}

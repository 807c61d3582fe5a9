import Foundation
import TestSupport
import Testing
import TodoExample
import UDF
import UDFInspect
import UDFJSON
import UDFLog
import UDFRecorder

/// `branch`, `replay` and `verify --replay` through the inspector, as a user runs them.
@Suite struct InspectReplayCommandTests {
    @Test func verifyReplayPassesWithThePureReducer() async throws {
        let result = await InspectorHarness.run(["verify", Fixtures.demo, "--replay"])
        #expect(result.status == 0)
        #expect(result.stdout == "ok: replayed 13 actions of main through reducer 'app'; every state matches the recording; redacted action at step 5 not re-run: recorded change applied\n")
    }

    @Test func verifyReplayNamesTheFirstDivergentStepOfAnImpureReducer() async throws {
        let result = await InspectorHarness.run(["verify", Fixtures.demo, "--replay", "--reducer", "impure"])
        #expect(result.status == 65)
        let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "FAILED: replaying main through reducer 'impure' gives another state at step 1 · addTodo(\"Buy milk\")")
        #expect(lines.contains("diff recorded → replayed at main@1"))
        #expect(lines.contains("-     [id=1]: {"))
        #expect(lines.contains("-       \"title\": \"Buy milk\""))

        let json = await InspectorHarness.run(["verify", Fixtures.demo, "--replay", "--reducer", "impure", "--json"])
        #expect(json.status == 65)
        let value = try JSONParser().parse(json.stdout)
        #expect(value["ok"] == .bool(false))
        #expect(value["divergence"]?["step"] == .number(JSONNumber(1)))
    }

    @Test func aSessionRecordedWithTheImpureReducerFailsItsOwnReplay() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("impure.udf")
        try await TodoRecording.recordDemo(to: path, reducer: impureAppReducer)
        let result = await InspectorHarness.run(["verify", path, "--replay", "--reducer", "impure"])
        #expect(result.status == 65)
        #expect(result.stdout.hasPrefix("FAILED: replaying main through reducer 'impure' gives another state at step 1 · addTodo(\"Buy milk\")\n"))
    }

    @MainActor @Test func aHostResumedIntoABranchRecordsOnwardAndMainIsUnchanged() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.workload, as: "workload.udf")
        let before = try MainRows.digest(path)

        let branched = await InspectorHarness.run(["branch", path, "--at", "40", "--name", "fix"])
        #expect(branched.status == 0)
        #expect(branched.stdout.hasPrefix("Created timeline 'fix' in session 1: forked from main at step 40, sharing steps 0…40.\n"))

        let resumed = try Resume<AppState>(path: path, timeline: "main", at: 40)
        let recorder = try Recorder(resuming: resumed, into: "fix", onFailure: { _ in })
        let store = Store(initialState: resumed.state, reducer: appReducer, middleware: [recorder.middleware()], initialStep: resumed.step)
        var workload = TodoWorkload(seed: 99)
        for _ in 0..<10 {
            store.send(workload.nextAction(for: store.state))
        }
        await store.settle()
        try recorder.close()

        let log = await InspectorHarness.run(["log", path, "--timeline", "fix", "--no-header"])
        #expect(log.status == 0)
        let rows = log.stdout.split(separator: "\n").map { $0.split(separator: " ") }
        let inherited = rows.filter { $0.last == "inherited" }.compactMap { $0.first.flatMap { Int($0) } }
        let own = rows.filter { $0.last == "own" }.compactMap { $0.first.flatMap { Int($0) } }
        #expect(inherited == Array(0...40))
        #expect(own == Array(41...50))
        #expect(try MainRows.digest(path) == before)

        let recording = try Recording(path: path)
        let fix = try recording.timeline("fix", in: try recording.session(nil))
        #expect(try recording.state(at: 50, on: fix) == (try JSONValueEncoder().encode(store.state)))
        #expect(try recording.step(41, on: fix).isKeyframe)
        let verified = await InspectorHarness.run(["verify", path])
        #expect(verified.status == 0)
    }

    @Test func replayWithTheFixedReducerRemovesTheBug() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.demo, as: "demo.udf")
        let replayed = await InspectorHarness.run(["replay", path, "--from", "10", "--reducer", "fixed", "--name", "fix"])
        #expect(replayed.status == 0)
        #expect(replayed.stdout.hasPrefix("Replayed 3 actions of main from step 10 through reducer 'fixed' into 'fix' (steps 11…13); effects were not run.\n"))
        let diff = await InspectorHarness.run(["diff", path, "main@13", "fix@13", "--format", "paths"])
        #expect(diff.status == 0)
        #expect(diff.stdout.contains("Walk the dog"))
        #expect(diff.stdout.contains("Pay rent"))
        let show = await InspectorHarness.run(["show", path, "fix@13", "--path", ".todos[*].title", "--json"])
        #expect(show.status == 0)
        #expect(!show.stdout.contains("Pay rent"))
        #expect(show.stdout.contains("Walk the dog"))
    }

    @Test func badInputGetsOneLineAndItsExitCode() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.demo, as: "demo.udf")
        let cases: [([String], Int32, String)] = [
            (["branch", path, "--at", "14", "--name", "late"], 64, "Error: step 14 does not exist: timeline 'main' has steps 0…13\n"),
            (["replay", path, "--skip", "20", "--name", "late"], 64, "Error: step 20 does not exist: timeline 'main' has steps 0…13\n"),
            (["replay", path, "--skip", "3", "--name", "x", "--reducer", "nope"], 64, "Error: no reducer named 'nope' for app 'TodoExample'; choose one of: app, fixed, impure\n"),
            (["replay", path, "--replace", "3={\"fly\":{}}", "--name", "x"], 64, "Error: the action {\"fly\":{}} given for step 3 does not decode into AppAction: invalid value at .: Invalid number of keys found, expected one. Cases recorded on 'main': addTodo, deleteTodos, emailChanged, loginResponse, passwordChanged, setFilter, submitLogin, toggleTodo\n"),
            (["branch", directory.path("missing.udf"), "--at", "1", "--name", "x"], 66, "Error: cannot open '\(directory.path("missing.udf"))': no such file\n"),
        ]
        for (arguments, status, stderr) in cases {
            let result = await InspectorHarness.run(arguments)
            #expect(result.status == status, "\(arguments)")
            #expect(result.stderr == stderr, "\(arguments)")
        }
        let first = await InspectorHarness.run(["branch", path, "--at", "3", "--name", "fix"])
        #expect(first.status == 0)
        for arguments in [["branch", path, "--at", "5", "--name", "fix"], ["replay", path, "--skip", "11", "--name", "fix"]] {
            let again = await InspectorHarness.run(arguments)
            #expect(again.status == 64)
            #expect(again.stderr == "Error: a timeline named 'fix' already exists in session 1; choose another name\n")
        }
    }

    struct WrongState: Codable, Sendable {
        var balance: Int
    }

    enum WrongAction: Codable, Sendable {
        case deposit
    }

    @Test func aRecordingThatDoesNotFitTheHostsTypesExitsWith65() async throws {
        let reducers = ReplayReducers<WrongState, WrongAction>([("ledger", Reducer { _, _ in .none })])
        let host = ReplayHost(appName: "TodoExample", reducers: reducers.names) { try reducers.handle($0) }
        let inspector = Inspector(commands: Inspector.builtInCommands, configuration: InspectorConfiguration(replayHosts: [host]))
        let console = Console.capturing()
        let status = await inspector.run(["verify", Fixtures.demo, "--replay"], console: console, environment: [:])
        #expect(status == 65)
        #expect(console.stderr == "Error: the state at main@0 does not decode into WrongState: key not found at .balance\n")

        let bare = Inspector(commands: Inspector.builtInCommands, configuration: InspectorConfiguration())
        let noHost = Console.capturing()
        #expect(await bare.run(["verify", Fixtures.demo, "--replay"], console: noHost, environment: [:]) == 64)
        #expect(noHost.stderr == "Error: this inspector has no reducer for app 'TodoExample' (none is registered); build a host-linked inspector, see docs/embedding.md\n")
    }
}

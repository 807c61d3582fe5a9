import Foundation
import TestSupport
import Testing
import TodoExample
import UDF
import UDFInspect
import UDFTesting

/// Files `udf-inspect testgen` writes from the example app's recordings,
/// read back and run in-process through the test store and the replay check.
@MainActor @Suite struct GeneratedTimelineTests {
    static let host = ["--module", "TodoExample", "--state", "AppState", "--action", "AppAction"]

    static let shippedFailure = """
        Step 11 · {"deleteTodos":{"offsets":[1]}}: the state differs from the recording (- recorded, + actual)
          {
            … (3 unchanged)
            "todos": [
              [id=1]: {…}
        +     [id=3]: {
        +       "done": false
        +       "id": 3
        +       "title": "Pay rent"
        +     }
        -     [id=2]: {
        -       "done": false
        -       "id": 2
        -       "title": "Walk the dog"
        -     }
              [id=4]: {…}
            ]
          }
        """

    /// The demo recording with the fix replayed into `fix`, as the tour does.
    static func demoWithFix(_ directory: TemporaryDirectory) async throws -> String {
        let path = try directory.copy(Fixtures.demo, as: "todo.udf")
        let console = Console.capturing()
        let inspector = Inspector(commands: Inspector.builtInCommands, configuration: TodoInspector.configuration)
        let status = await inspector.run(["replay", path, "--from", "10", "--reducer", "fixed", "--name", "fix"], console: console, environment: [:])
        try #require(status == 0, "\(console.stderr)")
        return path
    }

    @Test func theFixTimelinePassesWithTheFixedReducerAndFailsWithTheShippedOneAtStep11() async throws {
        let directory = try TemporaryDirectory()
        let path = try await Self.demoWithFix(directory)
        let file = try await GeneratedTestFile.generate([path, "--timeline", "fix"] + Self.host + ["--reducer", "fixedAppReducer"], into: directory.url)
        let timeline = try file.timeline()
        #expect(timeline.steps.count == 13)
        #expect(timeline.steps[6].origin == .received(cause: 6))

        let fixedLog = FailureLog()
        let fixed = try TestStore<AppState, AppAction>(recorded: timeline, reducer: fixedAppReducer, timeout: patience, reporter: fixedLog.reporter)
        #expect(await fixed.play(timeline))
        #expect(fixedLog.all == [])

        let shippedLog = FailureLog()
        let shipped = try TestStore<AppState, AppAction>(recorded: timeline, reducer: appReducer, timeout: patience, reporter: shippedLog.reporter)
        #expect(await !shipped.play(timeline))
        #expect(shippedLog.all == [Self.shippedFailure])
        #expect(shipped.step == 11)
        shipped.skipReceivedActions()

        let replayLog = FailureLog()
        #expect(ReplayCheck<AppState, AppAction>(reducer: fixedAppReducer, reporter: replayLog.reporter).run(timeline))
        #expect(!ReplayCheck<AppState, AppAction>(reducer: appReducer, reporter: replayLog.reporter).run(timeline))
        #expect(replayLog.all == [Self.shippedFailure.replacingOccurrences(of: "+ actual)", with: "+ replayed)")])
    }

    @Test func theLoginEffectRunsAndItsAnswerIsReceived() async throws {
        let directory = try TemporaryDirectory()
        let file = try await GeneratedTestFile.generate([Fixtures.demo, "--from", "4", "--to", "8"] + Self.host + ["--reducer", "appReducer"], into: directory.url)
        let timeline = try file.timeline()
        #expect(timeline.steps.map(\.origin) == [.sent, .sent, .received(cause: 6), .sent])
        let log = FailureLog()
        let store = try TestStore<AppState, AppAction>(recorded: timeline, reducer: appReducer, timeout: patience, reporter: log.reporter)
        #expect(await store.play(timeline))
        #expect(log.all == [])
        // The effect's answer carried the real token; the recording's "<redacted>" matched it.
        #expect(store.state.login.user?.token.hasPrefix("tok_") == true)
    }

    @Test func aLoginEffectThatAnswersDifferentlyFails() async throws {
        let directory = try TemporaryDirectory()
        let file = try await GeneratedTestFile.generate([Fixtures.demo, "--from", "5", "--to", "8"] + Self.host + ["--reducer", "appReducer"], into: directory.url)
        let timeline = try file.timeline()
        let refusing = UDF.Reducer<AppState, AppAction> { state, action in
            guard case .submitLogin = action else { return appReducer.reduce(into: &state, action: action) }
            state.login.isLoading = true
            return .send(.loginResponse(.failure("Service unavailable.")))
        }
        let log = FailureLog()
        let store = try TestStore<AppState, AppAction>(recorded: timeline, reducer: refusing, timeout: patience, reporter: log.reporter)
        #expect(await !store.play(timeline))
        #expect(log.all == [
            """
            Step 7: expected to receive {"loginResponse":{"_0":{"success":{"_0":{"email":"ada@example.com","name":"Ada","token":"<redacted>"}}}}} from the effect of step 6, but the next action an effect sent, from step 6, differs (- expected, + received)
              {
                "loginResponse": {
                  "_0": {
            +       "failure": {
            +         "_0": "Service unavailable."
            +       }
            -       "success": {
            -         "_0": {
            -           "email": "ada@example.com"
            -           "name": "Ada"
            -           "token": "<redacted>"
            -         }
            -       }
                  }
                }
              }
            """,
        ])
        store.skipReceivedActions()
    }

    @Test func effectsAroundTheRangeNeitherRunNorLinger() async throws {
        let directory = try TemporaryDirectory()
        // Step 7 answers step 6: before this range, so it is sent.
        let before = try await GeneratedTestFile.generate([Fixtures.demo, "--from", "6", "--to", "9"] + Self.host + ["--reducer", "appReducer"], into: directory.url).timeline()
        #expect(before.steps.first?.origin == .sent)
        let log = FailureLog()
        let sent = try TestStore<AppState, AppAction>(recorded: before, reducer: appReducer, timeout: patience, reporter: log.reporter)
        #expect(await sent.play(before))

        // Step 7 answers step 6: after this range, so what the effect sends is dropped at the end.
        let after = try await GeneratedTestFile.generate([Fixtures.demo, "--from", "3", "--to", "6"] + Self.host + ["--reducer", "appReducer"], into: directory.url).timeline()
        #expect(after.effectsOutliveRange)
        let cut = try TestStore<AppState, AppAction>(recorded: after, reducer: appReducer, timeout: patience, reporter: log.reporter)
        #expect(await cut.play(after))
        #expect(cut.pendingActions.isEmpty)
        #expect(log.all == [])
    }
}

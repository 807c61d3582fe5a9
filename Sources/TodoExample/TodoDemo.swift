import UDFInspect

/// The example app as `udf-inspect demo` tours it: the planted bug found,
/// shown and traced.
public enum TodoDemo {
    /// The step where `deleteTodos` removes "Walk the dog" instead of "Pay rent".
    public static let bugStep = 11

    /// The demo recording's last step.
    public static let lastStep = 13

    public static let scenario = DemoScenario(
        appName: TodoRecording.appName,
        introduction: """
            udf-inspect demo: a todo app with a login form is recorded, step by step, into SQLite.
            A user swipes to delete "Pay rent" while the Active filter is on, and "Walk the dog" vanishes instead.
            Let's find out why.
            """,
        stops: [
            .init("The sessions in the file: each is one run of the app.", command: "sessions"),
            .init("Every action the app handled, with the step whose effect sent it.", command: "log"),
            .init("\"Walk the dog\" is todo 2. Which step made it disappear?", command: "find", arguments: ["--where", "not (.todos[id=2] exists)", "--becomes"]),
            .init("Every step that ever changed todo 2: added by step 2, removed by step \(bugStep).", command: "blame", arguments: [".todos[id=2]"]),
            .init("Step \(bugStep) was the swipe to delete \"Pay rent\": what did it change?", command: "diff", arguments: ["\(bugStep)"]),
            .init("The filter in force: the offsets came from the filtered list, but deleted from the full one.", command: "show", arguments: ["\(bugStep)", "--path", ".filter"]),
            .init("Not every action is the user's: step 7 was sent by the login effect of step 6.", command: "why", arguments: ["7"]),
            .init("The password typed at step 5 never reached the file.", command: "show", arguments: ["5", "--path", ".login"]),
            .init("Every stored state rebuilds and matches its hash.", command: "verify"),
            .init("Mark the bug: a branch at step \(bugStep) that a host resumed from there could record into.", command: "branch", arguments: ["--at", "\(bugStep)", "--name", "bug"]),
            .init("Would the fix have helped? Replay the tail from step \(bugStep - 1) through the fixed reducer, into a branch 'fix'.", command: "replay", arguments: ["--from", "\(bugStep - 1)", "--reducer", "fixed", "--name", "fix"]),
            .init("Or replay with the bad swipe skipped.", command: "replay", arguments: ["--skip", "\(bugStep)", "--name", "no-swipe"]),
            .init("The timelines now form a tree.", command: "timelines"),
            .init("main against fix at the last step: with the fix, \"Pay rent\" goes and \"Walk the dog\" stays.", command: "diff", arguments: ["main@\(lastStep)", "fix@\(lastStep)"]),
            .init("'fix' inherits steps 0…\(bugStep - 1) from main and stores the rest itself.", command: "log", arguments: ["--timeline", "fix"]),
            .init(
                "Make sure the bug never comes back: a Swift Testing file from 'fix' that passes with the fixed reducer and fails at step \(bugStep) with the shipped one (docs/testing.md).",
                command: "testgen",
                arguments: ["--timeline", "fix", "--module", "TodoExample", "--state", "AppState", "--action", "AppAction", "--reducer", "fixedAppReducer"],
                writes: .init(fileName: "FixTimelineTests.swift", lines: 22)
            ),
            .init("Re-running every recorded action through the app's reducer reproduces every state: the reducer is pure.", command: "verify", arguments: ["--replay"]),
            .init("A variant that draws a todo's id from a random number fails that check at its first addTodo.", command: "verify", arguments: ["--replay", "--reducer", "impure"]),
        ],
        record: { path in try await TodoRecording.recordDemo(to: path) }
    )
}

import Foundation
import TestSupport
import Testing
import UDFJSON
import UDFLog
import UDFSQLite

/// Every read command, given a file that is not a readable recording, prints
/// one line on stderr and exits with the documented code.
@Suite struct InspectBadInputTests {
    static let commands: [[String]] = [
        ["sessions"], ["timelines"], ["log"], ["show", "1"], ["diff", "1"], ["verify"],
    ]

    struct BadFile: Sendable {
        let name: String
        let make: @Sendable (TemporaryDirectory) throws -> String
        let status: Int32
        let message: @Sendable (String) -> String
    }

    static let badFiles: [BadFile] = [
        BadFile(name: "missing", make: { $0.path("missing.udf") }, status: 66) { "Error: cannot open '\($0)': no such file" },
        BadFile(name: "empty", make: { dir in
            let path = dir.path("empty.udf")
            _ = FileManager.default.createFile(atPath: path, contents: Data())
            return path
        }, status: 65) { "Error: '\($0)' is empty, not a udf recording" },
        BadFile(name: "text", make: { dir in
            let path = dir.path("notes.txt")
            _ = FileManager.default.createFile(atPath: path, contents: Data("just some notes\n".utf8))
            return path
        }, status: 65) { "Error: '\($0)' is not a SQLite database, so not a udf recording" },
        BadFile(name: "foreign", make: { dir in
            let path = dir.path("foreign.db")
            try sqlite(path, "CREATE TABLE notes (body TEXT)")
            return path
        }, status: 65) { "Error: '\($0)' is a SQLite database but not a udf recording" },
        BadFile(name: "truncated", make: { dir in
            let path = try dir.copy(Fixtures.workload, as: "truncated.udf")
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.truncate(atOffset: 8_192)
            try handle.close()
            return path
        }, status: 65) { "Error: '\($0)' is truncated: it has 8192 bytes, its header says 319488" },
        BadFile(name: "future", make: { dir in
            let path = try dir.copy(Fixtures.demo, as: "future.udf")
            try sqlite(path, "PRAGMA user_version = 8")
            return path
        }, status: 65) { "Error: '\($0)' is a recording of format version 8; this build reads versions up to 7, upgrade udf-timetravel" },
    ]

    @Test(arguments: badFiles.map(\.name))
    func everyCommandRefusesTheFileInOneLine(_ name: String) async throws {
        let directory = try TemporaryDirectory()
        let bad = try #require(Self.badFiles.first { $0.name == name })
        let path = try bad.make(directory)
        for command in Self.commands {
            let result = await InspectorHarness.run([command[0], path] + command.dropFirst())
            #expect(result.status == bad.status, "\(command)")
            #expect(result.stdout == "", "\(command)")
            #expect(result.stderr == bad.message(path) + "\n", "\(command)")
        }
    }

    /// `log --json` streams: a step whose stored action is broken, met after
    /// steps were printed, closes the document over the steps before it,
    /// and the error and exit 65 say it is not whole.
    @Test func aBrokenActionEndsTheStreamedLogWhole() async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.demo, as: "broken.udf")
        let database = try Database(path: path, mode: .readWrite)
        try database.execute("UPDATE steps SET action = '{\"addTodo\":' WHERE step = 9")
        database.close()
        let result = await InspectorHarness.run(["log", path, "--json"])
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("Error: step 9 of timeline 'main' is corrupt: its action is not valid JSON"), "\(result.stderr)")
        let document = try JSONParser().parse(Array(result.stdout.utf8))
        #expect(document["steps"]?.arrayValue?.map { $0["step"]?.numberValue?.intValue } == Array(0...8))
    }

    @Test func aStepThatDoesNotExist() async {
        for command in [["show", "99"], ["diff", "99"], ["diff", "1", "99"]] {
            let result = await InspectorHarness.run([command[0], Fixtures.demo] + command.dropFirst())
            #expect(result.status == 64)
            #expect(result.stderr == "Error: step 99 does not exist: timeline 'main' has steps 0…13\n")
        }
    }

    @Test func anUnknownOption() async {
        let result = await InspectorHarness.run(["log", Fixtures.demo, "--frm", "3"])
        #expect(result.status == 64)
        #expect(result.stderr == """
            Error: Unknown option '--frm'. Did you mean '--from'?
            Usage: udf-inspect log <file> [options]
              See 'udf-inspect log --help' for more information.

            """)
    }

    @Test func aMalformedStepAndPath() async {
        let step = await InspectorHarness.run(["show", Fixtures.demo, "x1"])
        #expect(step.status == 64)
        #expect(step.stderr.hasPrefix("Error: 'x1' is not a step: use a number such as 40, last or last~2, or TIMELINE@STEP such as fix@40\n"))
        let path = await InspectorHarness.run(["show", Fixtures.demo, "3", "--path", ".todos["])
        #expect(path.status == 64)
        #expect(path.stderr.hasPrefix("Error: invalid path '.todos[': "))
    }

    @Test func aPathThatSelectsNothingExitsWithOne() async {
        let result = await InspectorHarness.run(["show", Fixtures.demo, "3", "--path", ".nothing"])
        #expect(result.status == 1)
        #expect(result.stderr == "Error: the path .nothing selects nothing at step 3 of 'main'\n")
    }
}

/// Runs SQL with the sqlite3 shell, as a user with only the shell would.
func sqlite(_ path: String, _ sql: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["sqlite3", path, sql]
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw CocoaError(.fileWriteUnknown)
    }
}

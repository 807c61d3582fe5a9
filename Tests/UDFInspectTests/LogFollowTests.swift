import Foundation
import TestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `log --follow` while a real host process records.
@Suite struct LogFollowTests {
    /// Starts the example host recording `actions` actions into `path`, and
    /// waits until its session exists, as a person starting `--follow` would.
    private func startHost(_ path: String, actions: Int) throws -> Process {
        let host = Process()
        host.executableURL = Executables.url("todo-example")
        host.arguments = ["workload", path, "--actions", "\(actions)", "--seed", "3"]
        host.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        host.standardError = errors
        try host.run()
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if (try? Executables.run("udf-inspect", ["sessions", path]).status) == 0 { return host }
            usleep(5_000)
        }
        throw PseudoTerminalError("the host created no session in \(path)")
    }

    @Test func printsEveryStepOnceInOrderUntilTheHostCloses() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("live.udf")
        let host = try startHost(path, actions: 2_000)
        let follow = try Executables.run("udf-inspect", ["log", path, "--follow"])
        host.waitUntilExit()
        #expect(host.terminationStatus == 0)
        #expect(follow.status == 0)
        #expect(follow.stderr == "")

        let sessions = try Executables.run("udf-inspect", ["sessions", path, "--json"])
        #expect(sessions.stdout.contains(#""status": "closed""#))
        let stepCount = try #require(Self.steps(in: sessions.stdout))
        #expect(stepCount > 2_000)

        // Into a pipe: no session line first, only the steps and the closing line.
        let lines = follow.stdout.split(separator: "\n").map(String.init)
        #expect(lines.last == "session 1 closed")
        let steps = lines.dropLast().map { Int($0.prefix(6).trimmingCharacters(in: .whitespaces)) }
        #expect(steps == Array(0..<stepCount))
    }

    @Test func jsonLinesHoldOneStepEach() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("live.udf")
        let host = try startHost(path, actions: 300)
        let follow = try Executables.run("udf-inspect", ["log", path, "--follow", "--json", "--action", "addTodo"])
        host.waitUntilExit()
        #expect(host.terminationStatus == 0)
        #expect(follow.status == 0)

        let all = try Executables.run("udf-inspect", ["log", path, "--json", "--action", "addTodo"])
        let expected = try Self.stepNumbers(fromLog: all.stdout)
        var lines = follow.stdout.split(separator: "\n")
        let endLine = lines.popLast() ?? ""
        let end = try #require(try JSONSerialization.jsonObject(with: Data(endLine.utf8)) as? [String: Any])
        let followed = try lines.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["actionName"] as? String == "addTodo")
            return try #require(object["step"] as? Int)
        }
        #expect(!followed.isEmpty)
        #expect(followed == expected)
        #expect(end["end"] as? String == "closed")
        #expect(end["printedCount"] as? Int == followed.count)
        #expect(end["schemaVersion"] as? Int == 1)
    }

    @Test func aKilledHostEndsTheFollowAsInterrupted() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("killed.udf")
        let host = Process()
        host.executableURL = Executables.url("todo-example")
        host.arguments = ["workload", path, "--actions", "100000000", "--seed", "5", "--report-every", "100"]
        let reports = Pipe()
        host.standardOutput = reports
        try host.run()
        var seen = ""
        while !seen.contains("sent 500\n") {
            let chunk = reports.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }

        // No action is named so: the stream is only the closing record, and no pipe fills.
        let outputPath = directory.path("follow.out")
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        let follow = Process()
        follow.executableURL = Executables.inspector
        follow.arguments = ["log", path, "--follow", "--json", "--action", "noSuchAction"]
        follow.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        follow.standardError = FileHandle.nullDevice
        try follow.run()
        usleep(300_000)
        kill(host.processIdentifier, SIGKILL)
        host.waitUntilExit()
        let deadline = Date().addingTimeInterval(60)
        while follow.isRunning, Date() < deadline { usleep(20_000) }
        if follow.isRunning { follow.terminate() }
        follow.waitUntilExit()

        #expect(follow.terminationStatus == 1)
        let lines = try String(contentsOfFile: outputPath, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 1)
        let end = try #require(try JSONSerialization.jsonObject(with: Data((lines.last ?? "").utf8)) as? [String: Any])
        #expect(end["end"] as? String == "interrupted")
        #expect(end["printedCount"] as? Int == 0)
        #expect(end["session"] as? Int == 1)
    }

    @Test func aClosedRecordingPrintsItsStepsAndEnds() async throws {
        let result = await InspectorHarness.run(["log", Fixtures.demo, "--follow", "--from", "11"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("    11  "))
        #expect(lines[0].hasSuffix("  deleteTodos(offsets: [1])"))
        #expect(lines[2].hasSuffix("  setFilter(\"all\")"))
        #expect(lines[3] == "session 1 closed")
    }

    @Test func aTerminalSeesTheSessionLineFirst() async throws {
        let result = await InspectorHarness.run(["log", Fixtures.demo, "--follow", "--from", "13", "--color", "never"], stdoutIsTerminal: true)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("session 1 · TodoExample · main · steps 0…13 · closed · started "))
        #expect(lines[0].hasSuffix(" · following"))
        #expect(lines[2] == "session 1 closed")
    }

    @Test func jsonEndsWithAClosingRecord() async throws {
        let result = await InspectorHarness.run(["log", Fixtures.demo, "--follow", "--json", "--from", "12"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[2] == #"{"end":"closed","lastStep":13,"printedCount":2,"schemaVersion":1,"session":1,"timeline":"main"}"#)
    }

    @Test func jsonEndsWithLimitWhenFirstIsReached() async throws {
        let result = await InspectorHarness.run(["log", Fixtures.demo, "--follow", "--json", "--first", "1"])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[1] == #"{"end":"limit","lastStep":13,"printedCount":1,"schemaVersion":1,"session":1,"timeline":"main"}"#)
    }

    private static func steps(in sessionsJSON: String) -> Int? {
        guard let document = try? JSONSerialization.jsonObject(with: Data(sessionsJSON.utf8)) as? [String: Any],
              let sessions = document["sessions"] as? [[String: Any]] else { return nil }
        return sessions.first?["stepCount"] as? Int
    }

    private static func stepNumbers(fromLog json: String) throws -> [Int] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let steps = try #require(object["steps"] as? [[String: Any]])
        return steps.compactMap { $0["step"] as? Int }
    }
}

import Foundation
import TestSupport
import Testing
import UDFDiff
import UDFJSON

/// `sessions`, `find`, `stats` and `export --format ndjson` over a folder of
/// recordings that mixes good, damaged and foreign files.
@Suite struct FleetCommandTests {
    static let cases: [(name: String, arguments: [String])] = [
        ("fleet-sessions", ["sessions"]),
        ("fleet-sessions-json", ["sessions", "--json"]),
        ("fleet-find", ["find", "--where", ".todos[id=2].done == true"]),
        ("fleet-find-all-json", ["find", "--where", ".todos[id=3] exists", "--all", "--action", "add*", "--json"]),
        ("fleet-stats", ["stats"]),
    ]

    @Test(arguments: cases.map(\.name))
    func eachRowNamesItsFileAndSessionAndEachBadFileGetsOneLine(_ name: String) async throws {
        let fleet = try FleetDirectory()
        let arguments = try #require(Self.cases.first { $0.name == name }?.arguments)
        let result = await InspectorHarness.run([arguments[0], fleet.root] + arguments.dropFirst())
        #expect(result.status == 3)
        #expect(result.stderr.split(separator: "\n").count == 3, "\(result.stderr)")
        assertSnapshot(fleet.transcript(result), named: "golden/\(name).txt")
    }

    @Test func oneWorkerAndTwoGiveTheSameRowsInPathOrder() async throws {
        let directory = try TemporaryDirectory()
        for index in 0..<6 {
            _ = try directory.copy(index.isMultiple(of: 2) ? Fixtures.workload : Fixtures.demo, as: "r\(index).udf")
        }
        let arguments = ["find", directory.url.path, "--where", ".todos[*].done == true", "--all"]
        let one = await InspectorHarness.run(arguments + ["--jobs", "1"])
        let two = await InspectorHarness.run(arguments + ["--jobs", "2"])
        #expect(one.status == 0)
        #expect(one == two)
        // The find header and the column header, then rows ending with their file, then the count.
        let files = one.stdout.split(separator: "\n").dropFirst(2).dropLast().map { $0.split(separator: " ").last ?? "" }
        #expect(files.count > 6)
        #expect(files == files.sorted())
        #expect(Set(files).count == 6)
    }

    @Test func severalFilesAreNamedOneByOneToo() async throws {
        let fleet = try FleetDirectory()
        let result = await InspectorHarness.run(["sessions", fleet.root + "/sub/b.udf", fleet.root + "/a.udf", "--json"])
        #expect(result.status == 0)
        let rows = try #require(try JSONParser().parse(Array(result.stdout.utf8)).arrayValue)
        #expect(rows.map { $0["file"] } == [.string(fleet.root + "/a.udf"), .string(fleet.root + "/sub/b.udf")])
        #expect(rows[0]["sessionUUID"] == "4d7f866c-17d7-8422-93c6-2551e5fe384d")
        #expect(rows[0]["sessionUUIDDerived"] == true)
        #expect(rows[0]["schemaVersion"] == 1)
    }

    @Test func everyFileBadExitsWithTheFirstFilesOwnStatus() async throws {
        let fleet = try FleetDirectory()
        let result = await InspectorHarness.run(["find", fleet.root + "/e-notes.udf", fleet.root + "/missing.udf", "--where", ".a == 1"])
        // In path order, e-notes.udf comes first: its status (65) is the command's.
        #expect(result.status == 65)
        #expect(result.stderr == """
            Error: '\(fleet.root)/e-notes.udf' is not a SQLite database, so not a udf recording
            Error: cannot open '\(fleet.root)/missing.udf': no such file

            """)
    }

    @Test func aFolderWithNoRecordingIsRefused() async throws {
        let directory = try TemporaryDirectory()
        let result = await InspectorHarness.run(["stats", directory.url.path])
        #expect(result.status == 66)
        #expect(result.stderr == "Error: cannot open '\(directory.url.path)': is a directory holding no *.udf recording\n")
    }

    @Test func sessionIsRefusedOverManyFiles() async throws {
        let fleet = try FleetDirectory()
        let result = await InspectorHarness.run(["find", fleet.root, "--where", ".a == 1", "--session", "1"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: '--session' reads one file; with several files every session is read\n"))
    }

    // MARK: NDJSON

    static func lines(_ path: String) throws -> [JSONValue] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONParser().parse(Array($0.utf8)) }
    }

    @Test func ndjsonHasOneFlatLinePerStepOfEveryGoodFile() async throws {
        let fleet = try FleetDirectory()
        let out = fleet.directory.path("steps.ndjson")
        let result = await InspectorHarness.run(["export", fleet.root, "--format", "ndjson", "-o", out])
        #expect(result.status == 3)
        #expect(fleet.portable(result.stdout) == """
            Exported 1015 steps of 2 sessions from 2 of 5 files as ndjson to {dir}/steps.ndjson
            Redacted 0 values.

            """)
        #expect(result.stderr.split(separator: "\n").count == 3)
        let lines = try Self.lines(out)
        #expect(lines.count == 14 + 1_001)
        let first = lines[0]
        #expect(first == [
            "action": nil, "actionName": nil, "app": "TodoExample", "appVersion": nil, "cause": nil,
            "file": .string(fleet.root + "/a.udf"), "host": "vm", "os": nil, "patch": nil, "reducerNanoseconds": nil,
            "schemaVersion": 1, "session": 1, "sessionUUID": "4d7f866c-17d7-8422-93c6-2551e5fe384d",
            "state": first["state"] ?? nil, "stateHash": "b0a10bb741680b1b", "step": 0,
            "time": first["time"] ?? nil, "timeline": "main",
        ])
        #expect(lines[11]["actionName"] == "deleteTodos")
        #expect(lines[14]["file"] == .string(fleet.root + "/sub/b.udf"))
        #expect(lines[14]["step"] == 0)
        for line in lines {
            let state = try #require(line["state"])
            #expect(line["stateHash"] == .string(state.stateHash))
        }
    }

    @Test func ndjsonPatchesRebuildEveryStateAndRedactionApplies() async throws {
        let directory = try TemporaryDirectory()
        let out = directory.path("patches.ndjson")
        let result = await InspectorHarness.run(["export", Fixtures.demo, "--format", "ndjson", "--patches", "--redact", "title", "-o", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Exported 14 steps of 1 session from 1 of 1 file as ndjson to \(out)\nRedacted "))
        let text = try String(contentsOfFile: out, encoding: .utf8)
        #expect(!text.contains("\"title\":\"Buy milk\""))
        #expect(text.contains("\"title\":\"<redacted>\""))
        let lines = try Self.lines(out)
        var state = try #require(lines[0]["state"])
        #expect(lines[0]["patch"] == .null)
        for line in lines.dropFirst() {
            #expect(line["state"] == .null)
            let patch = try JSONPatch(jsonValue: try #require(line["patch"]))
            try patch.apply(inPlace: &state)
            #expect(line["stateHash"] == .string(state.stateHash))
        }
    }

    @Test func ndjsonToStandardOutputKeepsTheSummaryOnStandardError() async throws {
        let result = await InspectorHarness.run(["export", Fixtures.demo, "--format", "ndjson", "-o", "-"])
        #expect(result.status == 0)
        #expect(result.stdout.split(separator: "\n").count == 14)
        #expect(result.stderr == "Exported 14 steps of 1 session from 1 of 1 file as ndjson to -\nRedacted 0 values.\n")
    }
    @Test func aTimelineIsPickedByTheScalarsOfItsName() async throws {
        let directory = try TemporaryDirectory()
        let nfc = try directory.copy(Fixtures.demo, as: "a.udf")
        let nfd = try directory.copy(Fixtures.demo, as: "b.udf")
        #expect(await InspectorHarness.run(["branch", nfc, "--at", "5", "--name", "caf\u{E9}"]).status == 0)
        #expect(await InspectorHarness.run(["branch", nfd, "--at", "8", "--name", "cafe\u{301}"]).status == 0)
        let result = await InspectorHarness.run(["stats", directory.url.path, "--timeline", "cafe\u{301}"])
        #expect(result.status == 0)
        // By bytes: `==` would not tell the two names apart.
        #expect(Array(result.stdout.utf8) == Array("""
            SESSION                               TIMELINE    STEPS  ACTIONS  STORED BYTES  LARGEST STATE  FILE
            4d7f866c-17d7-8422-93c6-2551e5fe384d  cafe\u{301}            9        8          1145            311  \(nfd)
            1 session, 9 steps, 1145 stored bytes.

            """.utf8))
    }
}

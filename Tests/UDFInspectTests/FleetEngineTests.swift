import Foundation
import TestSupport
import Testing
import UDFJSON

/// The NDJSON of several recordings, loaded into DuckDB and a real
/// PostgreSQL server, answers in SQL what `find --where` answers over the
/// files: the same sessions, the same steps. scripts/fleet-engines.sh does
/// the loading, on loopback sockets only.
@Suite struct FleetEngineTests {
    static let script = Fixtures.root.appendingPathComponent("scripts/fleet-engines.sh").path

    /// In CI (CI=true) the engines are required, so a missing one fails the test.
    static let enginesRequired = ProcessInfo.processInfo.environment["CI"] == "true"

    static let enginesInstalled: Bool = {
        (try? Subprocess.run(URL(fileURLWithPath: "/bin/bash"), [script, "check"], timeout: 60).status) == 0
    }()

    @Test(
        .enabled(if: enginesRequired || enginesInstalled, "DuckDB (pip install duckdb) and PostgreSQL (apt-get install postgresql) are not installed; .ci/run installs both"),
        arguments: ["duckdb", "postgres"]
    )
    func anEngineAnswersLikeFind(_ engine: String) throws {
        let directory = try TemporaryDirectory()
        let recordings = directory.path("recordings")
        try FileManager.default.createDirectory(atPath: recordings, withIntermediateDirectories: true)
        try CartRecordings.write(into: recordings, files: 4, steps: 300)

        let find = try Subprocess.run(Executables.inspector, ["find", recordings, "--where", ".totalCents < 0", "--first", "--json"])
        #expect(find.status == 0, "\(find.stderr)")
        let rows = try #require(try JSONParser().parse(Array(find.stdout.utf8)).arrayValue)
        let expected = try rows.map { row -> String in
            "\(try #require(row["sessionUUID"]?.stringValue)) \(try #require(row["timeline"]?.stringValue)) \(try #require(row["step"]?.canonicalText)) \(row["actionName"]?.stringValue ?? "-")"
        }.sorted()
        let sessions = try Subprocess.run(Executables.inspector, ["sessions", recordings, "--json"])
        let sessionCount = try #require(try JSONParser().parse(Array(sessions.stdout.utf8)).arrayValue).count
        #expect(sessionCount == 5)
        // The data must discriminate: some sessions match, some do not.
        #expect(!expected.isEmpty && expected.count < sessionCount, "\(expected)")

        let ndjson = directory.path("steps.ndjson")
        let export = try Subprocess.run(Executables.inspector, ["export", recordings, "--format", "ndjson", "-o", ndjson])
        #expect(export.status == 0, "\(export.stderr)")

        let answer = try Subprocess.run(URL(fileURLWithPath: "/bin/bash"), [Self.script, engine, ndjson], timeout: 300)
        #expect(answer.status == 0, "\(engine): \(answer.stderr)")
        var lines = answer.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "rows \(5 * 300)", "\(engine) loaded \(lines.first ?? "nothing")")
        lines.removeFirst(min(1, lines.count))
        #expect(lines.sorted() == expected, "\(engine) answered differently from find")
    }
}

import Foundation
import TestSupport
import Testing

/// Ctrl-C, SIGTERM or SIGHUP during an export removes the temporary files
/// it was writing (a copy's hidden partial file and SQLite's files beside
/// it, an unfinished output, a spill), then ends the process by the signal,
/// as it ended before: a long copy interrupted left hundreds of megabytes in
/// a file whose name starts with a dot.
@Suite struct ExportInterruptTests {
    private static func files(in directory: TemporaryDirectory, _ folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path(folder))) ?? []).sorted()
    }

    /// Exports the workload (an old-format file, exported step by step: long
    /// enough to interrupt) as `format`, sends `signalNumber` once `begun`
    /// holds of the two folders' files (`out`, `tmp`, the child's
    /// `TMPDIR`), and expects the process ended by it with both folders empty.
    private static func interrupt(
        _ format: String, _ signalNumber: Int32, begun: @escaping (_ out: [String], _ tmp: [String]) -> Bool
    ) throws {
        let directory = try TemporaryDirectory()
        for folder in ["out", "tmp"] { try FileManager.default.createDirectory(atPath: directory.path(folder), withIntermediateDirectories: false) }
        let child = try Subprocess(
            Executables.inspector, ["export", Fixtures.workload, "--format", format, "-o", directory.path("out/export")],
            environment: ["TMPDIR": directory.path("tmp")]
        )
        func hasBegun() -> Bool { begun(files(in: directory, "out"), files(in: directory, "tmp")) }
        let deadline = Date().addingTimeInterval(30)
        while !hasBegun(), child.process.isRunning, Date() < deadline {
            usleep(200)
        }
        #expect(hasBegun(), "the export never began: \(files(in: directory, "out")) \(files(in: directory, "tmp"))")
        kill(child.process.processIdentifier, signalNumber)
        let outcome = child.wait(seconds: 30)
        #expect(!outcome.exited, "the export ended before the signal: \(outcome.stdout)")
        #expect(outcome.status == signalNumber)
        #expect(files(in: directory, "out") == [])
        #expect(files(in: directory, "tmp") == [])
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalDuringACopyLeavesNothingBehind(signalNumber: Int32) throws {
        try Self.interrupt("udf", signalNumber) { out, _ in out.contains { $0.hasSuffix(".partial") } }
    }

    @Test func aSignalDuringAnNDJSONExportLeavesNothingBehind() throws {
        try Self.interrupt("ndjson", SIGINT) { out, _ in out.contains { $0.hasSuffix(".partial") } }
    }

    @Test func aSignalDuringAReduxExportLeavesNeitherOutputNorSpill() throws {
        try Self.interrupt("redux", SIGINT) { out, tmp in
            out.contains { $0.hasSuffix(".partial") } && tmp.contains { $0.hasPrefix("udf-redux-") }
        }
    }
}

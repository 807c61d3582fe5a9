import Foundation
import TestSupport
import Testing

/// Ctrl-C, SIGTERM or SIGHUP during a copy (`export --format udf`, `import`)
/// removes the hidden partial file and SQLite's files beside it, then ends
/// the process by the signal, as it ended before: a long copy interrupted
/// left hundreds of megabytes in a file whose name starts with a dot.
@Suite struct ExportInterruptTests {
    private static func files(in directory: TemporaryDirectory) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.url.path)) ?? []).sorted()
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP])
    func aSignalDuringACopyLeavesNothingBehind(signalNumber: Int32) throws {
        let directory = try TemporaryDirectory()
        // An old-format file is copied step by step: long enough to interrupt.
        let child = try Subprocess(Executables.inspector, ["export", Fixtures.workload, "--format", "udf", "-o", directory.path("copy.udf")])
        let deadline = Date().addingTimeInterval(30)
        while !Self.files(in: directory).contains(where: { $0.hasSuffix(".partial") }), child.process.isRunning, Date() < deadline {
            usleep(500)
        }
        #expect(Self.files(in: directory).contains { $0.hasSuffix(".partial") }, "the copy never began")
        kill(child.process.processIdentifier, signalNumber)
        let outcome = child.wait(seconds: 30)
        #expect(!outcome.exited, "the copy ended before the signal: \(outcome.stdout)")
        #expect(outcome.status == signalNumber)
        #expect(Self.files(in: directory) == [])
    }
}

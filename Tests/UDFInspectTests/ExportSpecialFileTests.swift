import Foundation
import TestSupport
import Testing
import UDFInspect

/// An export to a device or a named pipe writes into it, as `cp` would; it
/// never renames a finished file over it, which (as root) replaced
/// `/dev/full` with a plain file. The devices here are made in a temporary
/// folder, so a regression replaces those, not the machine's.
@Suite struct ExportSpecialFileTests {
    private static func kind(_ path: String) -> mode_t {
        var status = stat()
        guard lstat(path, &status) == 0 else { return 0 }
        return status.st_mode & S_IFMT
    }

    private static var isRoot: Bool { getuid() == 0 }

    /// glibc's `makedev`, a macro Swift cannot call, for small numbers.
    private static func device(major: UInt64, minor: UInt64) -> dev_t {
        dev_t(major << 8 | minor)
    }

    // A regression renames over the pipe, and the reader waits for ever.
    @Test(.timeLimit(.minutes(1)))
    func aNamedPipeReceivesTheExportAndStaysAPipe() async throws {
        let directory = try TemporaryDirectory()
        let pipe = directory.path("out.fifo")
        #expect(mkfifo(pipe, 0o600) == 0)
        let received = ReceivedBytes()
        let reader = Thread {
            if let handle = FileHandle(forReadingAtPath: pipe) {
                received.set(handle.readDataToEndOfFile())
            }
        }
        reader.start()
        let result = await InspectorHarness.run(["export", Fixtures.demo, "--format", "json", "-o", pipe])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Exported steps 0…13 of session 1, timeline main (14 steps) as json to \(pipe)\n"))
        let bytes = await received.wait()
        #expect(String(decoding: bytes, as: UTF8.self).hasPrefix("{\"encoding\":\"states\",\"format\":\"udf-timeline\""))
        #expect(Self.kind(pipe) == S_IFIFO)
    }

    /// Replacing a folder named as OUT removed it and everything in it.
    @Test(arguments: ["udf", "json", "redux", "html"])
    func aFolderIsAnIOErrorAndKeepsWhatItHolds(format: String) async throws {
        let directory = try TemporaryDirectory()
        let folder = directory.path("out")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let precious = folder + "/precious.udf"
        try Data("keep me".utf8).write(to: URL(fileURLWithPath: precious))
        let result = await InspectorHarness.run(["export", Fixtures.demo, "--format", format, "-o", folder])
        #expect(result.status == 74)
        #expect(result.stdout == "")
        #expect(result.stderr == "Error: I/O error: cannot write '\(folder)': is a directory\n")
        #expect(try String(contentsOfFile: precious, encoding: .utf8) == "keep me")
    }

    /// `-o` naming the recording itself replaced it with the export.
    @Test(arguments: ["udf", "json", "redux", "html"])
    func theRecordingItselfAsOutIsRefusedAndKept(format: String) async throws {
        let directory = try TemporaryDirectory()
        let path = try directory.copy(Fixtures.demo, as: "demo.udf")
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let spelledOtherwise = directory.path(".") + "/demo.udf"
        let result = await InspectorHarness.run(["export", path, "--format", format, "-o", spelledOtherwise])
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(result.stderr == "Error: cannot write '\(spelledOtherwise)': it is the recording being exported; choose another file\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    /// The same for ndjson, over one file and over several.
    @Test func oneOfTheNDJSONInputsAsOutIsRefusedAndKept() async throws {
        let directory = try TemporaryDirectory()
        let first = try directory.copy(Fixtures.demo, as: "a.udf")
        let second = try directory.copy(Fixtures.demo, as: "b.udf")
        let before = try Data(contentsOf: URL(fileURLWithPath: second))
        let spelledOtherwise = directory.path(".") + "/b.udf"
        let one = await InspectorHarness.run(["export", second, "--format", "ndjson", "-o", spelledOtherwise])
        #expect(one.status == 64)
        #expect(one.stdout == "")
        #expect(one.stderr == "Error: cannot write '\(spelledOtherwise)': it is the recording being exported; choose another file\n")
        let many = await InspectorHarness.run(["export", first, second, "--format", "ndjson", "-o", spelledOtherwise])
        #expect(many.status == 64)
        #expect(many.stdout == "")
        #expect(many.stderr == "Error: cannot write '\(spelledOtherwise)': it is '\(second)', one of the recordings being exported; choose another file\n")
        #expect(try Data(contentsOf: URL(fileURLWithPath: second)) == before)
    }

    @Test(.enabled(if: isRoot, "making a device node needs root; CI runs as root"))
    func aFullDeviceIsAnIOErrorAndStaysADevice() async throws {
        let directory = try TemporaryDirectory()
        let full = directory.path("full")
        #expect(mknod(full, S_IFCHR | 0o666, Self.device(major: 1, minor: 7)) == 0)
        let json = await InspectorHarness.run(["export", Fixtures.demo, "--format", "json", "-o", full])
        #expect(json.status == 74)
        #expect(json.stdout == "")
        #expect(json.stderr == "Error: I/O error: cannot write '\(full)': no space left on device\n")
        let udf = await InspectorHarness.run(["export", Fixtures.demo, "--format", "udf", "-o", full])
        #expect(udf.status == 74)
        #expect(udf.stderr == "Error: I/O error: cannot write '\(full)': not a regular file; a recording is a file of its own\n")
        #expect(Self.kind(full) == S_IFCHR)
    }

    @Test(.enabled(if: isRoot, "making a device node needs root; CI runs as root"))
    func aNullDeviceTakesTheExportAndStaysADevice() async throws {
        let directory = try TemporaryDirectory()
        let null = directory.path("null")
        #expect(mknod(null, S_IFCHR | 0o666, Self.device(major: 1, minor: 3)) == 0)
        for format in ["json", "redux", "html"] {
            let result = await InspectorHarness.run(["export", Fixtures.demo, "--format", format, "-o", null])
            #expect(result.status == 0, "\(format): \(result.stderr)")
            #expect(Self.kind(null) == S_IFCHR, "\(format)")
        }
    }
}

/// Bytes a reader thread hands to the test once it has read them all.
private final class ReceivedBytes: @unchecked Sendable {
    // The condition guards `bytes`.
    private let condition = NSCondition()
    private var bytes: Data?

    func set(_ data: Data) {
        condition.lock()
        bytes = data
        condition.broadcast()
        condition.unlock()
    }

    func wait() async -> Data {
        await withCheckedContinuation { continuation in
            Thread {
                self.condition.lock()
                while self.bytes == nil { self.condition.wait() }
                let data = self.bytes ?? Data()
                self.condition.unlock()
                continuation.resume(returning: data)
            }.start()
        }
    }
}

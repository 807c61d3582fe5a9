import Foundation
import TestSupport
import Testing
import TodoExample
import UDFLog

@MainActor
@Suite struct RecorderRedactionTests {
    @Test func theLoginPasswordAppearsNowhereInTheFilesBytes() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("demo.udf")
        try await TodoRecording.recordDemo(to: path)

        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        for suffix in ["-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            bytes += try Data(contentsOf: URL(fileURLWithPath: path + suffix))
        }
        #expect(bytes.count > 4_096)
        #expect(bytes.range(of: Data(DemoScript.password.utf8)) == nil)
        #expect(bytes.range(of: Data("correct horse".utf8)) == nil)
        // The form's other fields are kept: redaction is targeted, not blanket.
        #expect(bytes.range(of: Data("ada@example.com".utf8)) != nil)

        let recording = try Recording(path: path)
        let main = try recording.timeline(nil, in: try recording.session(nil))
        let login = try recording.state(at: 5, on: main)["login"]
        #expect(login?["password"] == "<redacted>")
        #expect(try recording.step(5, on: main).action == ["passwordChanged": "<redacted>"])
    }
}

import Foundation
import Testing
@testable import UDFInspect

@Suite struct ConsoleTests {
    @Test func capturingKeepsBothStreams() {
        let console = Console.capturing()
        console.out("one")
        console.write("two")
        console.err("oops")
        console.out("")
        #expect(console.stdout == "one\ntwo\n")
        #expect(console.stderr == "oops\n")
        #expect(console.stdoutIsTerminal == false)
        #expect(Console.capturing(stdoutIsTerminal: true).stdoutIsTerminal)
    }

    @Test func writesToDescriptorsInOrder() throws {
        let pipe = Pipe()
        let fd = pipe.fileHandleForWriting.fileDescriptor
        let console = Console.descriptors(output: fd, error: fd)
        console.out("first")
        console.err("second")
        console.out("third")
        console.flush()
        try pipe.fileHandleForWriting.close()
        let data = try pipe.fileHandleForReading.readToEnd() ?? Data()
        #expect(String(decoding: data, as: UTF8.self) == "first\nsecond\nthird\n")
        #expect(console.writeFailure == nil)
    }

    @Test func closedPipeStopsOutputWithoutCrashing() throws {
        // The test process must survive the write, as `Inspector.main` arranges.
        signal(SIGPIPE, SIG_IGN)
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let console = Console.descriptors(output: pipe.fileHandleForWriting.fileDescriptor, error: -1)
        console.out("nobody reads this")
        #expect(console.isOutputClosed == false)
        console.flush()
        #expect(console.writeFailure == .closedPipe)
        #expect(console.isOutputClosed)
        console.out(String(repeating: "x", count: 100_000))
        console.flush()
        #expect(console.writeFailure == .closedPipe)
    }

    @Test func largeOutputIsWrittenBeforeFlush() throws {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("console-\(UUID().uuidString).txt")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }

        let console = Console.descriptors(output: handle.fileDescriptor, error: -1)
        let line = String(repeating: "y", count: 40_000)
        console.out(line)
        #expect(try Data(contentsOf: url).count == 0)
        // The second line takes the buffer over its limit, so both are written now.
        console.out(line)
        #expect(try Data(contentsOf: url).count == 80_002)
        console.out("tail")
        console.flush()
        #expect(try Data(contentsOf: url).count == 80_007)
    }
}

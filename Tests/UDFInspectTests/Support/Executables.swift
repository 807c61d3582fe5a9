import Foundation
import Synchronization

/// The package's built executables sit beside the test bundle.
enum Executables {
    static func url(_ name: String) -> URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        while directory.pathExtension == "xctest" || directory.lastPathComponent == "Contents" || directory.lastPathComponent == "MacOS" {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent(name)
    }

    /// Runs `name` with `input` on its stdin and returns its status and output.
    static func run(_ name: String, _ arguments: [String], input: String = "") throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = url(name)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        // Read both pipes before waiting, so a full pipe cannot stall the child.
        let errorData = Collected()
        let group = DispatchGroup()
        let errorHandle = stderr.fileHandleForReading
        DispatchQueue.global().async(group: group) {
            errorData.set(errorHandle.readDataToEndOfFile())
        }
        let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData.get(), as: UTF8.self))
    }
}

/// Bytes handed from a reading thread to the test.
final class Collected: Sendable {
    private let data = Mutex(Data())

    func set(_ value: Data) { data.withLock { $0 = value } }
    func get() -> Data { data.withLock { $0 } }
}

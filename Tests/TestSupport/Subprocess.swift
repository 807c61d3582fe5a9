import Foundation
import Synchronization

/// A command run to completion, with its output captured.
public struct Subprocess: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    /// Runs `executable` with `input` on its stdin, `NO_COLOR` set.
    public static func run(_ executable: URL, _ arguments: [String], input: String = "") throws -> Subprocess {
        let process = Process()
        process.executableURL = executable
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
        return Subprocess(
            status: process.terminationStatus,
            stdout: String(decoding: outputData, as: UTF8.self),
            stderr: String(decoding: errorData.get(), as: UTF8.self)
        )
    }

    /// The `sqlite3` shell, found on PATH: what a user with only the shell sees.
    public static func sqlite3(_ path: String, _ sql: String) throws -> Subprocess {
        try run(URL(fileURLWithPath: "/usr/bin/env"), ["sqlite3", path, sql])
    }
}

/// Bytes handed from a reading thread to the test.
final class Collected: Sendable {
    private let data = Mutex(Data())

    func set(_ value: Data) { data.withLock { $0 = value } }
    func get() -> Data { data.withLock { $0 } }
}

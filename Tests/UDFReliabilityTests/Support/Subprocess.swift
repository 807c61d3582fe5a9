import Foundation
import Synchronization

/// A child process whose output is collected while it runs.
final class Subprocess {
    /// How a finished child ended.
    struct Outcome: Sendable {
        let status: Int32
        /// False when a signal ended the child: a trap, or our own kill.
        let exited: Bool
        let timedOut: Bool
        let stdout: String
        let stderr: String
    }

    let process: Process
    private let pipes: (out: Pipe, err: Pipe)
    private let output = OutputBuffer()
    private let errors = OutputBuffer()

    /// Starts `executable`; stdout and stderr are read on background threads.
    init(_ executable: URL, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice
        self.process = process
        self.pipes = (outPipe, errPipe)
        outPipe.fileHandleForReading.readabilityHandler = { [output] handle in
            let chunk = handle.availableData
            output.append(chunk)
        }
        errPipe.fileHandleForReading.readabilityHandler = { [errors] handle in
            let chunk = handle.availableData
            errors.append(chunk)
        }
        try process.run()
    }

    var stdout: String { output.text }
    var stderr: String { errors.text }

    /// Polls until `condition` holds for stdout, or `seconds` pass.
    func waitForOutput(seconds: Double, until condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(stdout) { return true }
            if !process.isRunning { return condition(stdout) }
            usleep(2_000)
        }
        return false
    }

    /// Waits for the child to end, killing it after `seconds`.
    func wait(seconds: Double) -> Outcome {
        let deadline = Date().addingTimeInterval(seconds)
        var timedOut = false
        while process.isRunning {
            if Date() >= deadline {
                timedOut = true
                kill(process.processIdentifier, SIGKILL)
                break
            }
            usleep(2_000)
        }
        process.waitUntilExit()
        // The child has closed its ends: what the handlers have not taken yet is read here.
        pipes.out.fileHandleForReading.readabilityHandler = nil
        pipes.err.fileHandleForReading.readabilityHandler = nil
        let restOut = pipes.out.fileHandleForReading.readDataToEndOfFile()
        let restErr = pipes.err.fileHandleForReading.readDataToEndOfFile()
        output.append(restOut)
        errors.append(restErr)
        return Outcome(
            status: process.terminationStatus,
            exited: process.terminationReason == .exit,
            timedOut: timedOut,
            stdout: stdout,
            stderr: stderr
        )
    }

    /// Runs to completion with a timeout.
    static func run(_ executable: URL, _ arguments: [String], timeout: Double = 60) throws -> Outcome {
        try Subprocess(executable, arguments).wait(seconds: timeout)
    }

    /// The `sqlite3` shell, found on PATH.
    static func sqlite3(_ path: String, _ sql: String) throws -> Outcome {
        try run(URL(fileURLWithPath: "/usr/bin/env"), ["sqlite3", path, sql])
    }
}

/// Bytes a pipe's reader thread appends while the test reads them.
final class OutputBuffer: Sendable {
    private let bytes = Mutex(Data())

    func append(_ chunk: Data) {
        bytes.withLock { $0.append(chunk) }
    }

    var text: String { bytes.withLock { String(decoding: $0, as: UTF8.self) } }
}

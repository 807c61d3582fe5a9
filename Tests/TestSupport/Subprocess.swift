import Foundation
import Synchronization

/// A child process whose output is collected while it runs, so that a test
/// can wait for a line, kill it, or run it to completion with a timeout.
public final class Subprocess {
    /// How a finished child ended.
    public struct Outcome: Sendable {
        public let status: Int32
        /// False when a signal ended the child: a trap, or our own kill.
        public let exited: Bool
        public let timedOut: Bool
        public let stdout: String
        public let stderr: String
    }

    public let process: Process
    private let pipes: (out: Pipe, err: Pipe)
    private let output = OutputBuffer()
    private let errors = OutputBuffer()

    /// Starts `executable` with `input` on its stdin (then closed) and
    /// `NO_COLOR` set; stdout and stderr are read on background threads.
    public init(_ executable: URL, _ arguments: [String], input: String? = nil) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let outPipe = Pipe()
        let errPipe = Pipe()
        let inPipe = input.map { _ in Pipe() }
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = inPipe ?? FileHandle.nullDevice
        self.process = process
        self.pipes = (outPipe, errPipe)
        outPipe.fileHandleForReading.readabilityHandler = { [output] handle in
            output.append(handle.availableData)
        }
        errPipe.fileHandleForReading.readabilityHandler = { [errors] handle in
            errors.append(handle.availableData)
        }
        try process.run()
        if let inPipe, let input {
            inPipe.fileHandleForWriting.write(Data(input.utf8))
            try inPipe.fileHandleForWriting.close()
        }
    }

    public var stdout: String { output.text }
    public var stderr: String { errors.text }

    /// Polls until `condition` holds for stdout, or `seconds` pass.
    public func waitForOutput(seconds: Double, until condition: (String) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if condition(stdout) { return true }
            if !process.isRunning { return condition(stdout) }
            usleep(2_000)
        }
        return false
    }

    /// Waits for the child to end, killing it after `seconds`.
    public func wait(seconds: Double) -> Outcome {
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
        output.append(pipes.out.fileHandleForReading.readDataToEndOfFile())
        errors.append(pipes.err.fileHandleForReading.readDataToEndOfFile())
        return Outcome(
            status: process.terminationStatus,
            exited: process.terminationReason == .exit,
            timedOut: timedOut,
            stdout: stdout,
            stderr: stderr
        )
    }

    /// Runs to completion with a timeout.
    public static func run(_ executable: URL, _ arguments: [String], input: String? = nil, timeout: Double = 120) throws -> Outcome {
        try Subprocess(executable, arguments, input: input).wait(seconds: timeout)
    }

    /// The `sqlite3` shell, found on PATH: what a user with only the shell sees.
    public static func sqlite3(_ path: String, _ sql: String) throws -> Outcome {
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

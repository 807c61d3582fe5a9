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
    private let output: PipeDrain
    private let errors: PipeDrain

    /// Starts `executable` with `input` on its stdin (then closed),
    /// `NO_COLOR` set and `environment` added; stdout and stderr are read on
    /// background threads.
    public init(_ executable: URL, _ arguments: [String], input: String? = nil, environment added: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        environment.merge(added) { _, new in new }
        process.environment = environment
        let outPipe = Pipe()
        let errPipe = Pipe()
        let inPipe = input.map { _ in Pipe() }
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = inPipe ?? FileHandle.nullDevice
        self.process = process
        self.pipes = (outPipe, errPipe)
        try process.run()
        self.output = PipeDrain(outPipe.fileHandleForReading)
        self.errors = PipeDrain(errPipe.fileHandleForReading)
        if let inPipe, let input {
            inPipe.fileHandleForWriting.write(Data(input.utf8))
            try inPipe.fileHandleForWriting.close()
        }
    }

    public var stdout: String { output.text }
    public var stderr: String { errors.text }

    /// Polls until `condition` holds for stdout, or `seconds` pass.
    public func waitForOutput(seconds: Double, until condition: (String) -> Bool) -> Bool {
        poll(seconds: seconds) { condition(stdout) }
    }

    /// Polls until `condition` holds for stderr, or `seconds` pass.
    public func waitForErrors(seconds: Double, until condition: (String) -> Bool) -> Bool {
        poll(seconds: seconds) { condition(stderr) }
    }

    private func poll(seconds: Double, until holds: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if holds() { return true }
            if !process.isRunning { return holds() }
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
        output.waitForEnd()
        errors.waitForEnd()
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

/// Reads one pipe to its end on a thread of its own, while the test reads
/// what has arrived so far.
///
/// Blocking reads, not `readabilityHandler`: tearing that dispatch source
/// down races inside libdispatch on Linux (swift-corelibs-libdispatch#949)
/// and crashed CI with a SIGSEGV.
final class PipeDrain: Sendable {
    private let bytes = Mutex(Data())
    private let ended = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread { [self] in self.drain(handle) }.start()
    }

    /// `handle` is held here, so its descriptor stays open until the end.
    private func drain(_ handle: FileHandle) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(handle.fileDescriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes.withLock { $0.append(contentsOf: buffer[..<count]) }
            } else if count < 0, errno == EINTR {
                continue
            } else {
                break
            }
        }
        ended.signal()
    }

    var text: String { bytes.withLock { String(decoding: $0, as: UTF8.self) } }

    /// Returns once the writer side has closed and every byte is in.
    func waitForEnd() {
        ended.wait()
        ended.signal()
    }
}

import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Musl)
private let systemWrite = Musl.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif

/// Where a command's output goes: the real stdout and stderr, or strings in tests.
///
/// The standard console buffers stdout, because `log` may print a million lines, and
/// flushes it before anything goes to stderr so the two stay in order on a terminal.
/// Writing to a closed pipe (`udf-inspect log app.udf | head`) does not crash: the
/// console stops writing and reports ``isOutputClosed``, so long loops can stop early.
public final class Console: Sendable {
    /// Why writing to stdout stopped.
    public enum WriteFailure: Sendable, Equatable {
        /// The reader went away, as `head` does; not an error worth reporting.
        case closedPipe
        /// Writing failed, for example because the disk is full.
        case failed(String)
    }

    private enum Destination {
        case descriptors(output: Int32, error: Int32)
        case capture
    }

    private struct State {
        var pending: [UInt8] = []
        var capturedOutput = ""
        var capturedError = ""
        var failure: WriteFailure?
    }

    /// Beyond this many pending bytes, stdout is written out.
    private static let bufferLimit = 64 * 1024

    private let destination: Destination
    private let state = Mutex(State())

    /// Whether stdout is a terminal, which is when colour is used by default.
    public let stdoutIsTerminal: Bool

    private init(destination: Destination, stdoutIsTerminal: Bool) {
        self.destination = destination
        self.stdoutIsTerminal = stdoutIsTerminal
    }

    /// The process's stdout and stderr. Call ``flush()`` before the process exits.
    public static func standard() -> Console {
        descriptors(output: STDOUT_FILENO, error: STDERR_FILENO)
    }

    /// A console writing to two file descriptors, for testing closed pipes.
    static func descriptors(output: Int32, error: Int32) -> Console {
        Console(destination: .descriptors(output: output, error: error), stdoutIsTerminal: isatty(output) == 1)
    }

    /// A console that keeps everything in ``stdout`` and ``stderr``, for tests.
    ///
    /// - Parameter stdoutIsTerminal: What to report, to test colour decisions.
    public static func capturing(stdoutIsTerminal: Bool = false) -> Console {
        Console(destination: .capture, stdoutIsTerminal: stdoutIsTerminal)
    }

    /// The descriptor stdout is written to; nil for a capturing console.
    var outputDescriptor: Int32? {
        if case let .descriptors(output, _) = destination { output } else { nil }
    }

    /// Everything written to stdout, for a capturing console; empty otherwise.
    public var stdout: String {
        state.withLock { $0.capturedOutput }
    }

    /// Everything written to stderr, for a capturing console; empty otherwise.
    public var stderr: String {
        state.withLock { $0.capturedError }
    }

    /// Why stdout stopped accepting output, or nil while it works.
    public var writeFailure: WriteFailure? {
        state.withLock { $0.failure }
    }

    /// Whether stdout stopped accepting output; a long listing can stop producing it.
    public var isOutputClosed: Bool {
        writeFailure != nil
    }

    /// Writes `line` and a newline to stdout.
    public func out(_ line: String) {
        append(line.utf8, newline: true)
    }

    /// Writes the line whose UTF-8 bytes are `line`, and a newline, to
    /// stdout: a long table's lines, made as bytes, go out with no string.
    func out(utf8 line: [UInt8]) {
        append(line, newline: true)
    }

    /// Writes `text` to stdout as it is, for output that ends its own lines.
    public func write(_ text: String) {
        append(text.utf8, newline: false)
    }

    private func append(_ bytes: some Collection<UInt8>, newline: Bool) {
        state.withLock { state in
            switch destination {
            case .capture:
                state.capturedOutput += String(decoding: bytes, as: UTF8.self)
                if newline { state.capturedOutput += "\n" }
            case let .descriptors(output, _):
                guard state.failure == nil else {
                    return
                }
                state.pending.append(contentsOf: bytes)
                if newline { state.pending.append(UInt8(ascii: "\n")) }
                if state.pending.count >= Self.bufferLimit {
                    Self.drain(&state, to: output)
                }
            }
        }
    }

    /// Writes `line` and a newline to stderr, after any pending stdout.
    public func err(_ line: String) {
        state.withLock { state in
            switch destination {
            case .capture:
                state.capturedError += line + "\n"
            case let .descriptors(output, error):
                Self.drain(&state, to: output)
                // Nothing useful can be done when stderr itself is gone.
                _ = Self.writeAll(Array((line + "\n").utf8), to: error)
            }
        }
    }

    /// Writes pending stdout.
    public func flush() {
        state.withLock { state in
            if case let .descriptors(output, _) = destination {
                Self.drain(&state, to: output)
            }
        }
    }

    private static func drain(_ state: inout State, to descriptor: Int32) {
        guard state.failure == nil, !state.pending.isEmpty else {
            state.pending.removeAll()
            return
        }
        let result = writeAll(state.pending, to: descriptor)
        state.pending.removeAll(keepingCapacity: true)
        if result == EPIPE {
            state.failure = .closedPipe
        } else if result != 0 {
            state.failure = .failed(String(cString: strerror(result)))
        }
    }

    /// Writes every byte, retrying short writes and interruptions.
    ///
    /// - Returns: 0 on success, else the `errno` that stopped it.
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                guard let base = buffer.baseAddress else {
                    return 0
                }
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR {
                        continue
                    }
                    return errno
                }
                offset += written
            }
            return 0
        }
    }
}

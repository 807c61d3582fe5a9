import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A pseudo-terminal with a process running on its slave side, and a
/// ``VirtualScreen`` fed from its master side.
final class PseudoTerminal {
    let master: Int32
    let slave: Int32
    let process = Process()
    private(set) var screen: VirtualScreen

    init(columns: Int = 80, rows: Int = 24) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else {
            throw PseudoTerminalError("openpty failed: \(String(cString: strerror(errno)))")
        }
        self.master = master
        self.slave = slave
        screen = VirtualScreen(columns: columns, rows: rows)
    }

    deinit {
        if process.isRunning { process.terminate() }
        close(master)
        close(slave)
    }

    /// The slave's termios settings, as the process sees them.
    func settings() throws -> termios {
        var settings = termios()
        guard tcgetattr(slave, &settings) == 0 else {
            throw PseudoTerminalError("tcgetattr failed: \(String(cString: strerror(errno)))")
        }
        return settings
    }

    /// Starts `executable` with the slave as its stdin, stdout and stderr.
    func start(_ executable: URL, _ arguments: [String], environment: [String: String]) throws {
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
    }

    /// Types `text` as key presses.
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Reads output until `condition` holds on the screen, or throws after `timeout` seconds.
    @discardableResult
    func waitUntil(timeout: Double = 10, _ description: String, _ condition: (VirtualScreen) -> Bool) throws -> VirtualScreen {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition(screen) {
            guard Date() < deadline else {
                throw PseudoTerminalError("timed out waiting for \(description); screen:\n" + screen.lines.joined(separator: "\n"))
            }
            drain(milliseconds: 50)
        }
        return screen
    }

    /// Reads what the process wrote, until its exit; returns the exit status.
    func waitForExit(timeout: Double = 10) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            guard Date() < deadline else { throw PseudoTerminalError("the process did not exit") }
            drain(milliseconds: 20)
        }
        drain(milliseconds: 20)
        return process.terminationStatus
    }

    private func drain(milliseconds: Int32) {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        while poll(&descriptor, 1, milliseconds) > 0 {
            var buffer = [UInt8](repeating: 0, count: 4096)
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { return }
            screen.feed(Array(buffer[0..<count]))
        }
    }
}

struct PseudoTerminalError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

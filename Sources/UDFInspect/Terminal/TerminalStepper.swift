#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The full-screen stepper: raw mode, the alternate screen, keys in, frames out.
///
/// All the logic lives in ``StepperSession`` and ``StepperScreen``; this type
/// only moves bytes. The terminal is restored on every way out: `q`, Ctrl-C,
/// a thrown error (through `defer`), and SIGINT, SIGTERM or SIGHUP (through
/// ``TerminalSignals``).
struct TerminalStepper {
    let session: StepperSession
    let input: Int32
    let output: Int32
    let colour: Colour

    /// How long to wait for a key before checking for a resize.
    static let pollMilliseconds: Int32 = 100
    /// Idle polls between two looks for steps a running host recorded (half a second).
    static let reloadEveryPolls = 5

    static let enterScreen = "\u{1B}[?1049h\u{1B}[?25l"

    /// Runs until `q`.
    ///
    /// - Returns: ``ExitCode/success`` after `q`; 130 after Ctrl-C.
    func run() throws(InspectError) -> Int32 {
        let mode = try TerminalMode(descriptor: input)
        TerminalSignals.install(mode, output: output)
        defer {
            writeAll(TerminalSignals.leaveScreen.description)
            mode.restore()
            TerminalSignals.uninstall()
        }
        try mode.enterRaw()
        writeAll(Self.enterScreen)

        var decoder = KeyDecoder()
        var size = TerminalSize.of(output)
        draw(size)
        var buffer = [UInt8](repeating: 0, count: 256)
        var idlePolls = 0
        while !session.state.isFinished {
            if TerminalSignals.takeResize() {
                size = TerminalSize.of(output)
                draw(size)
            }
            var descriptor = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Self.pollMilliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                throw InspectError.io("waiting for a key: \(String(cString: strerror(errno)))")
            }
            guard ready > 0 else {
                // A live recording grows while nobody types: look for new steps now and then.
                idlePolls += 1
                if idlePolls >= Self.reloadEveryPolls {
                    idlePolls = 0
                    if session.reload() { draw(size) }
                }
                continue
            }
            let count = read(input, &buffer, buffer.count)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                throw InspectError.io("reading a key: \(String(cString: strerror(errno)))")
            }
            guard count > 0 else { break }
            for key in decoder.decode(Array(buffer[0..<count])) {
                if key == .interrupt, session.state.prompt == nil {
                    return 130
                }
                session.handle(key)
                if session.state.isFinished { break }
            }
            if !session.state.isFinished {
                draw(size)
            }
        }
        return ExitCode.success.rawValue
    }

    private func draw(_ size: TerminalSize) {
        let screen = StepperScreen(width: size.columns, height: size.rows, colour: colour)
        session.pageHeight = screen.contentHeight
        session.clampScroll(height: screen.contentHeight)
        var frame = "\u{1B}[H"
        for (row, line) in screen.render(session).enumerated() {
            frame += "\u{1B}[\(row + 1);1H" + line + "\u{1B}[K"
        }
        if let prompt = session.state.prompt {
            frame += "\u{1B}[\(size.rows);\(prompt.label.count + prompt.text.count + 1)H\u{1B}[?25h"
        } else {
            frame += "\u{1B}[?25l"
        }
        writeAll(frame)
    }

    private func writeAll(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                write(output, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }
}

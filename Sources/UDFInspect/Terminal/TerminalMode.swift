#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal's termios settings: saved, switched to raw mode, and restored.
///
/// Raw mode is written out by hand, as `cfmakeraw` does it: no echo, no line
/// editing, no signals from keys, no output processing, 8-bit characters, and
/// `read` returning after one byte.
final class TerminalMode {
    let descriptor: Int32
    /// The settings found at start, which ``restore()`` puts back. Allocated
    /// once and never freed while handlers may read it, so a signal handler
    /// can restore it without allocating.
    let saved: UnsafeMutablePointer<termios>
    private(set) var isRaw = false

    /// Saves the settings of the terminal on `descriptor`.
    ///
    /// - Throws: `InspectError.io` when `descriptor` is not a terminal.
    init(descriptor: Int32) throws(InspectError) {
        self.descriptor = descriptor
        saved = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        saved.initialize(to: termios())
        guard tcgetattr(descriptor, saved) == 0 else {
            let reason = String(cString: strerror(errno))
            saved.deallocate()
            throw InspectError.io("cannot read the terminal settings: \(reason)")
        }
    }

    deinit {
        restore()
        // The signal handlers may still point at `saved` if they were left installed.
        if !TerminalSignals.isInstalled(for: self) {
            saved.deallocate()
        }
    }

    /// The raw settings derived from `settings`.
    static func raw(from settings: termios) -> termios {
        var raw = settings
        raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
        raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
        raw.c_cflag |= tcflag_t(CS8)
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        return raw
    }

    /// Switches the terminal to raw mode.
    func enterRaw() throws(InspectError) {
        var raw = Self.raw(from: saved.pointee)
        guard tcsetattr(descriptor, TCSAFLUSH, &raw) == 0 else {
            throw InspectError.io("cannot switch the terminal to raw mode: \(String(cString: strerror(errno)))")
        }
        isRaw = true
    }

    /// Puts the saved settings back; harmless when already restored.
    func restore() {
        guard isRaw else { return }
        _ = tcsetattr(descriptor, TCSAFLUSH, saved)
        isRaw = false
    }
}

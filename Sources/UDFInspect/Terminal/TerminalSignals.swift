import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Signal handlers that put the terminal back before the process ends.
///
/// SIGINT, SIGTERM and SIGHUP restore the saved termios settings, leave the
/// alternate screen and exit with 128 plus the signal (130, 143, 129).
/// SIGWINCH only raises a flag that the key loop polls. A handler may only
/// call async-signal-safe functions, so everything it reads is stored in
/// atomics before the handlers are installed: no locks, no allocation.
enum TerminalSignals {
    private static let settingsAddress = Atomic<UInt>(0)
    private static let inputDescriptor = Atomic<Int32>(-1)
    private static let outputDescriptor = Atomic<Int32>(-1)
    private static let resizedFlag = Atomic<Bool>(false)

    /// The escape sequences that undo the stepper's screen: reset colours,
    /// show the cursor, leave the alternate screen.
    static let leaveScreen: StaticString = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    static let terminating = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handlers for a terminal in `mode`, drawn on `output`.
    static func install(_ mode: TerminalMode, output: Int32) {
        settingsAddress.store(UInt(bitPattern: mode.saved), ordering: .releasing)
        inputDescriptor.store(mode.descriptor, ordering: .releasing)
        outputDescriptor.store(output, ordering: .releasing)
        resizedFlag.store(false, ordering: .releasing)
        for signalNumber in terminating {
            _ = signal(signalNumber, terminationHandler)
        }
        _ = signal(SIGWINCH, resizeHandler)
    }

    /// Puts the default handlers back.
    static func uninstall() {
        for signalNumber in terminating + [SIGWINCH] {
            _ = signal(signalNumber, SIG_DFL)
        }
        settingsAddress.store(0, ordering: .releasing)
        inputDescriptor.store(-1, ordering: .releasing)
        outputDescriptor.store(-1, ordering: .releasing)
    }

    /// Whether the handlers currently restore `mode`'s settings.
    static func isInstalled(for mode: TerminalMode) -> Bool {
        settingsAddress.load(ordering: .acquiring) == UInt(bitPattern: mode.saved)
    }

    /// Whether the terminal was resized since the last call; clears the flag.
    static func takeResize() -> Bool {
        resizedFlag.exchange(false, ordering: .acquiringAndReleasing)
    }

    private static let terminationHandler: @convention(c) (Int32) -> Void = { signalNumber in
        TerminalSignals.restoreFromHandler()
        _exit(128 + signalNumber)
    }

    private static let resizeHandler: @convention(c) (Int32) -> Void = { _ in
        TerminalSignals.resizedFlag.store(true, ordering: .releasing)
    }

    /// Async-signal-safe: atomics, `write` and `tcsetattr` only.
    private static func restoreFromHandler() {
        let output = outputDescriptor.load(ordering: .acquiring)
        if output >= 0 {
            _ = write(output, leaveScreen.utf8Start, leaveScreen.utf8CodeUnitCount)
        }
        let input = inputDescriptor.load(ordering: .acquiring)
        if input >= 0, let settings = UnsafePointer<termios>(bitPattern: settingsAddress.load(ordering: .acquiring)) {
            _ = tcsetattr(input, TCSAFLUSH, settings)
        }
    }
}

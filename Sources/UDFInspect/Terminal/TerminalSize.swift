#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal's size in character cells.
struct TerminalSize: Equatable, Sendable {
    var columns: Int
    var rows: Int

    /// What a terminal that reports no size is taken to be.
    static let fallback = TerminalSize(columns: 80, rows: 24)

    /// The size of the terminal on `descriptor`, from `ioctl(TIOCGWINSZ)`;
    /// ``fallback`` when it reports none, as a fresh pseudo-terminal may.
    static func of(_ descriptor: Int32) -> TerminalSize {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
            return fallback
        }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }
}

/// Tiny ANSI styling that leaves text untouched when colour is off.
///
/// For example:
///
/// ```swift
/// let colour = Colour(isEnabled: context.colourEnabled)
/// context.console.out(colour.red("- removed"))
/// ```
public struct Colour: Sendable, Equatable {
    /// Whether escape sequences are added at all.
    public var isEnabled: Bool

    /// Creates a styler that adds escape sequences only when `isEnabled`.
    public init(isEnabled: Bool) {
        self.isEnabled = isEnabled
    }

    /// `text` in bold.
    public func bold(_ text: String) -> String { style(text, code: 1) }
    /// `text` dimmed, for secondary details.
    public func dim(_ text: String) -> String { style(text, code: 2) }
    /// `text` in red, for removals and failures.
    public func red(_ text: String) -> String { style(text, code: 31) }
    /// `text` in green, for additions and success.
    public func green(_ text: String) -> String { style(text, code: 32) }
    /// `text` in yellow, for changes and warnings.
    public func yellow(_ text: String) -> String { style(text, code: 33) }

    /// Wraps `text` in one SGR code and a full reset; empty text stays empty so that
    /// table cells without content measure as empty.
    private func style(_ text: String, code: Int) -> String {
        guard isEnabled, !text.isEmpty else {
            return text
        }
        return "\u{1B}[\(code)m\(text)\u{1B}[0m"
    }
}

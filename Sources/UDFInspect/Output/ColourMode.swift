/// When to colour output, as chosen with the global `--color` option.
public enum ColourMode: String, Sendable, Equatable, CaseIterable {
    /// Colour when stdout is a terminal and `NO_COLOR` is unset or empty.
    case auto
    /// Colour even into a pipe, for `less -R`.
    case always
    /// Never colour.
    case never

    /// Whether to colour, given where stdout goes and the environment.
    ///
    /// `NO_COLOR` follows https://no-color.org: any non-empty value turns colour off.
    public func isEnabled(stdoutIsTerminal: Bool, environment: [String: String]) -> Bool {
        switch self {
        case .always:
            true
        case .never:
            false
        case .auto:
            stdoutIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty
        }
    }
}

/// What a running command may use besides its arguments: where to print, the
/// environment, and the colour decision.
public struct CommandContext: Sendable {
    /// Where output and messages go.
    public let console: Console
    /// The process environment, passed in so tests control it.
    public let environment: [String: String]
    /// Whether to colour output: decided from `--color`, the terminal and `NO_COLOR`.
    public var colourEnabled: Bool
    /// The inspector's shared settings.
    public let inspector: InspectorConfiguration

    /// Creates a context; ``Inspector`` makes one per run, tests may make their own.
    public init(
        console: Console,
        environment: [String: String] = [:],
        colourEnabled: Bool = false,
        inspector: InspectorConfiguration = .init()
    ) {
        self.console = console
        self.environment = environment
        self.colourEnabled = colourEnabled
        self.inspector = inspector
    }

    /// ANSI styling that follows ``colourEnabled``.
    public var colour: Colour {
        Colour(isEnabled: colourEnabled)
    }
}

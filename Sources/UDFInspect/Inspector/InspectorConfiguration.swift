/// Settings shared by every command of one ``Inspector``.
///
/// It will hold the registered host apps; commands receive it through
/// ``CommandContext/inspector``, so adding settings later changes no command signature.
public struct InspectorConfiguration: Sendable, Equatable {
    /// The default configuration.
    public init() {}
}

/// Settings shared by every command of one ``Inspector``.
///
/// It holds what the host registered: the demo scenario, and later reducers
/// for replay. Commands receive it through ``CommandContext/inspector``, so
/// adding settings later changes no command signature.
public struct InspectorConfiguration: Sendable {
    /// What `demo` records and tours; nil in an inspector without an example app.
    public var demo: DemoScenario?

    public init(demo: DemoScenario? = nil) {
        self.demo = demo
    }
}

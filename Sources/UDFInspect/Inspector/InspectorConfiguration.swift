/// Settings shared by every command of one ``Inspector``.
///
/// It holds what the host registered: the demo scenario, and reducers for
/// replay. Commands receive it through ``CommandContext/inspector``, so
/// adding settings later changes no command signature.
public struct InspectorConfiguration: Sendable {
    /// What `demo` records and tours; nil in an inspector without an example app.
    public var demo: DemoScenario?
    /// The hosts whose reducers `replay` and `verify --replay` may run, by app name.
    public var replayHosts: [ReplayHost]

    public init(demo: DemoScenario? = nil, replayHosts: [ReplayHost] = []) {
        self.demo = demo
        self.replayHosts = replayHosts
    }

    /// The registered host for recordings of `app`.
    public func replayHost(for app: String) -> ReplayHost? {
        replayHosts.first { $0.appName == app }
    }
}

/// An example app's scripted run and the tour `udf-inspect demo` gives of it.
///
/// The inspector knows nothing of the host's Swift types, so the host
/// registers this: how to record, and which commands tell its story.
public struct DemoScenario: Sendable {
    /// One stop of the tour: a sentence, then a command run on the recording.
    public struct Stop: Sendable {
        public let narration: String
        /// The command's arguments after the file, for example `["diff", "11"]`
        /// becomes `udf-inspect diff FILE 11`.
        public let command: String
        public let arguments: [String]

        public init(_ narration: String, command: String, arguments: [String] = []) {
            self.narration = narration
            self.command = command
            self.arguments = arguments
        }
    }

    public let appName: String
    /// Records the scripted run into the file at the given path.
    public let record: @MainActor @Sendable (String) async throws -> Void
    public let introduction: String
    public let stops: [Stop]

    public init(
        appName: String,
        introduction: String,
        stops: [Stop],
        record: @escaping @MainActor @Sendable (String) async throws -> Void
    ) {
        self.appName = appName
        self.introduction = introduction
        self.stops = stops
        self.record = record
    }
}

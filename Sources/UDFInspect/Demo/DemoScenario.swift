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
        /// A file the command writes beside the recording, which the tour then shows.
        public let output: Output?

        public init(_ narration: String, command: String, arguments: [String] = [], writes output: Output? = nil) {
            self.narration = narration
            self.command = command
            self.arguments = arguments
            self.output = output
        }
    }

    /// A file a stop's command writes: passed as `-o PATH`, with PATH beside
    /// the recording, and shown after the command's output, its first lines only.
    public struct Output: Sendable {
        public let fileName: String
        public let lines: Int

        public init(fileName: String, lines: Int) {
            self.fileName = fileName
            self.lines = lines
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

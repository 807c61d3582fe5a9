/// The recording file and the `--session` and `--timeline` options that most
/// commands take, parsed once for all of them.
struct RecordingArguments {
    let path: String
    let session: Int?
    let timeline: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        path = arguments.positional("file") ?? ""
        session = try arguments.value(CommonOptions.session)
        timeline = try arguments.value(CommonOptions.timeline)
    }

    /// Opens the file and resolves the session and timeline the options chose.
    func open() throws(InspectError) -> RecordingSelection {
        try RecordingSelection(path: path, session: session, timeline: timeline)
    }
}

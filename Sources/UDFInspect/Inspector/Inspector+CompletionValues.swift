import UDFLog

extension Inspector {
    /// The hidden command the bash completion script runs for values that
    /// live in a recording: `__values sessions FILE` prints the session ids,
    /// `__values timelines FILE [SESSION]` the timeline names, one per line.
    ///
    /// It is not listed in help: completion must never print an error into
    /// the user's command line, so anything wrong prints nothing and exits 0.
    public static let completionValuesCommand = "__values"

    func completionValues(_ arguments: [String], console: Console) -> ExitCode {
        guard arguments.count >= 2, let recording = try? Recording(path: arguments[1]) else {
            return .success
        }
        switch arguments[0] {
        case "sessions":
            for session in (try? recording.sessions()) ?? [] {
                console.out(String(session.id))
            }
        case "timelines":
            let id = arguments.count > 2 ? Int(arguments[2]) : nil
            guard let session = try? recording.session(id) else { break }
            for timeline in (try? recording.timelines(in: session)) ?? [] {
                console.out(timeline.name)
            }
        default:
            break
        }
        return .success
    }
}

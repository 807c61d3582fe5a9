import UDFLog

/// What a stepper does per key, measured through the UDFLog API on a long
/// recording: rebuild (and verify) the state shown and read its step.
///
/// This is not the stepper's own figure (its `StepperBenchmark` lives in
/// UDFInspect, which the bench does not link); it is the reading cost under
/// it, which the 100 ms per key budget has to cover.
enum NavigationBenchmark {
    struct Key {
        let name: String
        let seconds: Double
    }

    /// Opens `path` at the middle step, then steps and jumps as the keys do.
    static func run(path: String) throws -> [Key] {
        var keys: [Key] = []
        var recording: Recording?
        var main: TimelineInfo?
        let open = try measure {
            let opened = try Recording(path: path)
            let timeline = try opened.timeline(nil, in: try opened.session(nil))
            _ = try opened.state(at: timeline.lastStep / 2, on: timeline)
            _ = try opened.step(timeline.lastStep / 2, on: timeline)
            recording = opened
            main = timeline
        }
        guard let recording, let main else { throw BenchError("the long recording has no timeline") }
        let middle = main.lastStep / 2
        keys.append(Key(name: "open at step \(middle)", seconds: open))
        let moves: [(String, Int)] = [
            ("next (n)", middle + 1), ("previous (p)", middle), ("previous (p)", middle - 1), ("next (n)", middle),
            ("last (G)", main.lastStep), ("first (g)", 0), ("jump to \(middle)", middle),
        ]
        for (name, step) in moves {
            let seconds = try measure {
                _ = try recording.state(at: step, on: main)
                _ = try recording.step(step, on: main)
            }
            keys.append(Key(name: name, seconds: seconds))
        }
        return keys
    }
}

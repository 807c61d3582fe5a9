import Foundation

/// Measures how fast the stepper answers keys, for the benchmark: the time
/// from a key to a rendered frame, the reading of the recording included.
///
/// For example, in a benchmark of a 1,000,000-step recording:
/// ```swift
/// for latency in try StepperBenchmark.measureKeyLatencies(path: "big.udf") {
///     print(latency.keys, latency.nanoseconds)
/// }
/// ```
public enum StepperBenchmark {
    /// One key sequence and how long the stepper took to answer it.
    public struct KeyLatency: Sendable, Equatable {
        /// The keys, as typed: `n`, `p`, `G`, `g`, `:500000⏎`, `d`, `j`.
        public let keys: String
        /// The step shown afterwards.
        public let step: Int
        /// From the first key to the rendered frame.
        public let nanoseconds: Int64
    }

    /// The keys measured, in order; from the middle step they step forward and
    /// back, toggle the state and the diff, scroll, jump to both ends and back.
    public static let keySequences = ["n", "p", "p", "n", "d", "j", "d", "G", "g", ":MIDDLE\r"]

    /// Opens `path` at `step` (the middle step when nil) in an 80×24 screen
    /// and measures each of ``keySequences``.
    ///
    /// - Throws: `InspectError` when the file cannot be read.
    public static func measureKeyLatencies(
        path: String,
        at step: Int? = nil,
        session: Int? = nil,
        timeline: String? = nil
    ) throws(InspectError) -> [KeyLatency] {
        let selection = try RecordingSelection(path: path, session: session, timeline: timeline)
        let document = try StepperDocument(selection)
        let middle = step ?? document.lastStep / 2
        let stepper = try StepperSession(document: document, step: middle)
        let screen = StepperScreen(width: 80, height: 24, colour: Colour(isEnabled: false))
        stepper.pageHeight = screen.contentHeight
        _ = screen.render(stepper)
        let clock = ContinuousClock()
        var latencies: [KeyLatency] = []
        for sequence in keySequences {
            let typed = sequence.replacingMiddle(with: middle)
            let elapsed = clock.measure {
                for character in typed {
                    stepper.handle(character == "\r" ? .enter : .character(character))
                }
                _ = screen.render(stepper)
            }
            let (seconds, attoseconds) = elapsed.components
            latencies.append(KeyLatency(
                keys: typed.replacingOccurrences(of: "\r", with: "⏎"),
                step: stepper.state.step,
                nanoseconds: seconds * 1_000_000_000 + attoseconds / 1_000_000_000
            ))
        }
        return latencies
    }
}

private extension String {
    func replacingMiddle(with step: Int) -> String {
        replacingOccurrences(of: "MIDDLE", with: String(step))
    }
}

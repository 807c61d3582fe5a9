import UDFInspect

/// The stepper's own per-key latency on a long recording: `udf-inspect step`'s
/// model, opened at the middle step on an 80×24 screen, timed from each key
/// to the rendered frame (`StepperBenchmark` in UDFInspect).
enum NavigationBenchmark {
    struct Key {
        let name: String
        let seconds: Double
    }

    static func run(path: String) throws -> [Key] {
        try StepperBenchmark.measureKeyLatencies(path: path).map { latency in
            let keys = latency.keys.replacingOccurrences(of: "\r", with: "⏎")
            return Key(name: "\(keys) → \(latency.step)", seconds: Double(latency.nanoseconds) / 1e9)
        }
    }
}

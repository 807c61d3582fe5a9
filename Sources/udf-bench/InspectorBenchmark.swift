import Foundation

/// Whole-process latency of `udf-inspect` commands: start, open, query, print, exit.
enum InspectorBenchmark {
    enum Outcome {
        case measured(Double)
        case unavailable(String)
    }

    /// The built inspector beside this executable, if there is one.
    static func binary() -> String? {
        guard let directory = try? SelfExecutable.directory() else { return nil }
        let path = directory + "/udf-inspect"
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Runs `arguments` `runs` times; a failing command is reported, not timed.
    static func run(binary: String, arguments: [String], runs: Int) -> Outcome {
        var times = Samples()
        for _ in 0..<runs {
            // Not Foundation's `Process`: its `waitUntilExit` polls a run loop
            // and rounded a 15 ms command up to about 50 ms.
            let child: ChildRun
            do {
                child = try ChildRun.spawn(binary, arguments, measuringPeak: false)
            } catch {
                return .unavailable("cannot start udf-inspect: \(error)")
            }
            guard child.status == 0 else {
                return .unavailable("inspector failed: wait status \(child.status)")
            }
            times.add(seconds: child.seconds)
        }
        return .measured(times.median)
    }
}

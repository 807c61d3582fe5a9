import Foundation
import UDFInspect

/// The reader's rows, each timed in a child process set up as
/// `udf-inspect`'s is (`InspectorHeap`): the bench's own process also hosts
/// the recorder rows, whose figures must not change with the reader's setup.
@MainActor
enum ReaderChild {
    static let flag = "--reader-child"

    /// Runs `udf-bench --reader-child arguments…` and decodes its report.
    static func run<Report: Decodable>(_ arguments: [String], name: String, as report: Report.Type) throws -> Report {
        try SelfExecutable.runChild([flag] + arguments, name: name, as: report)
    }

    /// The child's body: `rebuild PATH SAMPLES`, `naive-rebuild PATH
    /// SAMPLES` or `parse BYTES SAMPLES`; prints its report as JSON.
    static func main(arguments: [String]) throws {
        let usage = BenchError("usage: udf-bench \(flag) rebuild|naive-rebuild PATH SAMPLES, or parse BYTES SAMPLES")
        guard arguments.count == 3, let samples = Int(arguments[2]), samples > 0 else { throw usage }
        InspectorHeap.keepFreedMemory()
        let report: Data
        switch arguments[0] {
        case "rebuild":
            report = try JSONEncoder().encode(try RebuildBenchmark.inProcess(path: arguments[1], samples: samples))
        case "naive-rebuild":
            report = try JSONEncoder().encode(try RebuildBenchmark.naiveInProcess(path: arguments[1], samples: samples))
        case "parse":
            guard let bytes = Int(arguments[1]), bytes > 0 else { throw usage }
            report = try JSONEncoder().encode(try ParseBenchmark.inProcess(state: BenchState.sized(bytes), samples: samples))
        default:
            throw usage
        }
        FileHandle.standardOutput.write(report)
    }
}

import Foundation

/// Records the shop workload through the real recorder in a child process,
/// and leaves the file for the long-recording query rows.
@MainActor
enum GrowingRecording {
    static let childFlag = "--record-growing"

    /// Runs the child and reads its one-line JSON report.
    static func run(path: String, actions: Int) throws -> GrowingStateBenchmark.Result {
        try SelfExecutable.runChild([childFlag, path, String(actions)], name: "growing-state recording", as: GrowingStateBenchmark.Result.self)
    }

    /// The child's body: `udf-bench --record-growing PATH ACTIONS`.
    static func child(arguments: [String]) throws {
        guard arguments.count == 2, let actions = Int(arguments[1]), actions >= 10 else {
            throw BenchError("usage: udf-bench \(childFlag) PATH ACTIONS")
        }
        let result = try GrowingStateBenchmark.ours(actions: actions, slices: 10, path: arguments[0])
        FileHandle.standardOutput.write(try JSONEncoder().encode(result))
    }
}

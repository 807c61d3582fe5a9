import Foundation

/// Records the shop workload through the real recorder in a child process,
/// and leaves the file for the long-recording query rows.
@MainActor
enum GrowingRecording {
    static let childFlag = "--record-growing"

    /// Runs the child and reads its one-line JSON report.
    static func run(path: String, actions: Int) throws -> GrowingStateBenchmark.Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try SelfExecutable.path())
        process.arguments = [childFlag, path, String(actions)]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError("the growing-state recording child exited with status \(process.terminationStatus)")
        }
        return try JSONDecoder().decode(GrowingStateBenchmark.Result.self, from: data)
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

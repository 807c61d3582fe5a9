import Foundation
import UDF
import UDFRecorder

/// Records a million small-state actions in a child process, so its peak RSS
/// is the recorder's alone, and leaves the file for the inspector rows.
@MainActor
enum LongRecording {
    static let childFlag = "--record-long"

    struct Result: Codable {
        let actions: Int
        let seconds: Double
        let peakBytes: Int
        /// Resident memory after each tenth of the actions.
        let residentBytes: [Int]
    }

    /// Runs the child and reads its one-line JSON report.
    static func run(path: String, actions: Int) throws -> Result {
        try SelfExecutable.runChild([childFlag, path, String(actions)], name: "recording", as: Result.self)
    }

    /// The child's body: record, then print the report.
    static func child(arguments: [String]) throws {
        guard arguments.count == 2, let actions = Int(arguments[1]), actions >= 10 else {
            throw BenchError("usage: udf-bench \(childFlag) PATH ACTIONS")
        }
        let path = arguments[0]
        let state = BenchState.sized(1_000)
        let recorder = try Recorder(path: path, app: "udf-bench")
        let store = Store(initialState: state, reducer: BenchReducer.reducer, middleware: [recorder.middleware()])
        let count = state.items.count
        var resident: [Int] = []
        let tenth = actions / 10
        let seconds = measure {
            for n in 0..<actions {
                store.send(BenchReducer.action(n, count: count))
                if (n + 1) % tenth == 0 {
                    resident.append(ProcessMemory.current)
                }
            }
            recorder.flush()
        }
        try recorder.close()
        let result = Result(actions: actions, seconds: seconds, peakBytes: ProcessMemory.peak, residentBytes: resident)
        FileHandle.standardOutput.write(try JSONEncoder().encode(result))
    }
}

/// The path of the running executable, so the bench can start itself.
enum SelfExecutable {
    static func path() throws -> String {
        try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    }

    /// The directory the build products sit in, `udf-inspect` among them.
    static func directory() throws -> String {
        (try path() as NSString).deletingLastPathComponent
    }

    /// Runs this executable as a child with `arguments` and decodes the
    /// one-line JSON report it prints; `name` says which child failed.
    static func runChild<Report: Decodable>(_ arguments: [String], name: String, as report: Report.Type) throws -> Report {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try path())
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError("the \(name) child exited with status \(process.terminationStatus)")
        }
        return try JSONDecoder().decode(Report.self, from: data)
    }
}

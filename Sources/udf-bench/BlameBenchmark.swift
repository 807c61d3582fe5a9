import Foundation
import UDFDiff
import UDFJSON
import UDFLog

/// `blame '.todos[id=N]'` on an element that vanished early in a 10,000-step
/// todo workload: the inspector, as a whole process, against the naive
/// anchor that rebuilds the state at every step and compares the value.
enum BlameBenchmark {
    struct Result {
        let steps: Int
        let path: String
        /// The step whose action removed the element for good.
        let vanishedAt: Int
        let ours: Double
        let naive: Double
    }

    /// The example app's workload seed, and an id it adds early and deletes
    /// a few hundred steps in.
    static let seed = 7
    static let identity = 100

    static func run(directory: String, actions: Int, runs: Int) throws -> Result {
        let products = try SelfExecutable.directory()
        let recordingPath = directory + "/blame-workload.udf"
        try? FileManager.default.removeItem(atPath: recordingPath)
        _ = try capture(products + "/todo-example", ["workload", recordingPath, "--actions", String(actions), "--seed", String(seed)])
        let path = ".todos[id=\(identity)]"
        let inspector = products + "/udf-inspect"
        let answer = try JSONParser().parse(Array(try capture(inspector, ["blame", recordingPath, path, "--json"]).utf8))
        guard let last = answer["changes"]?.arrayValue?.last, last["kind"]?.stringValue == "removed",
              let vanishedAt = last["step"]?.numberValue?.intValue else {
            throw BenchError("blame \(path) found no removal in the workload; pick another id")
        }
        var ours = Samples()
        for _ in 0..<runs {
            ours.add(seconds: try measure { _ = try capture(inspector, ["blame", recordingPath, path]) })
        }
        let naive = try measure { _ = try naiveChanges(recordingPath, path: try JSONPath(parsing: path)) }
        let recording = try Recording(path: recordingPath)
        let steps = try recording.timeline(nil, in: try recording.session(nil)).lastStep
        return Result(steps: steps, path: path, vanishedAt: vanishedAt, ours: ours.median, naive: naive)
    }

    static func rows(_ result: Result) -> [BenchRow] {
        let scenario = "\(result.steps)-step todo workload, \(result.path) gone at step \(result.vanishedAt)"
        return [
            BenchRow(
                "blame on a vanished id, udf-inspect whole process", scenario,
                figure: "\(Format.duration(result.ours)) (\(Format.digits(result.naive / result.ours))× faster than the anchor)",
                value: result.ours * 1e3, unit: "ms", target: "≤ 500 ms", met: result.ours <= 0.5
            ),
            BenchRow(
                "blame on a vanished id, naive: rebuild every step", scenario, figure: Format.duration(result.naive),
                value: result.naive * 1e3, unit: "ms"
            ),
        ]
    }

    /// The anchor: every state rebuilt on its own from its keyframe, the value compared.
    static func naiveChanges(_ file: String, path: JSONPath) throws -> Int {
        let recording = try Recording(path: file)
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        var previous: [JSONValue] = []
        var changes = 0
        for step in 0...timeline.lastStep {
            let current = path.select(in: try recording.state(at: step, on: timeline)).map(\.value)
            if step > 0, current != previous { changes += 1 }
            previous = current
        }
        return changes
    }

    /// Runs a build product and returns its stdout; a failure is a `BenchError`.
    private static func capture(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw BenchError("cannot start \(executable): \(error)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw BenchError("\((executable as NSString).lastPathComponent) \(arguments.first ?? "") exited with \(process.terminationStatus)")
        }
        return String(decoding: data, as: UTF8.self)
    }
}

import Foundation
import UDFJSON
import UDFLog

/// Many recordings: `find --first` over a folder against one process per
/// file, and the NDJSON export rate next to `verify`'s read rate. Whole
/// processes, as a user runs them.
enum FleetBenchmark {
    struct Result {
        let files: Int
        let steps: Int
        /// 100 one-file `find` processes, one after another.
        let sequential: Double
        /// One `find` over the folder with one worker, then with two.
        let folderOneWorker: Double
        let folderTwoWorkers: Double
        let ndjsonSeconds: Double
        let ndjsonBytes: Int
        let verifySeconds: Double
        /// Canonical state bytes `verify` rebuilt and hashed.
        let verifiedStateBytes: Int
    }

    /// Writes `files` cart recordings of `steps` steps into `directory`; in
    /// every other one the total falls below zero near the end, so `find
    /// --first` walks almost every step of every file.
    static func record(into directory: String, files: Int, steps: Int) throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for file in 0..<files {
            let writer = try RecordingWriter(path: directory + "/cart-\(String(format: "%03d", file)).udf", app: "Shop")
            let negativeAt = file.isMultiple(of: 2) ? steps - steps / 20 : Int.max
            var batch: [StepInput] = []
            for step in 0..<steps {
                let total = step >= negativeAt ? -1 : step * 7 % 10_000
                batch.append(StepInput(
                    step: step, time: Date(timeIntervalSince1970: 1_800_000_000 + Double(step) / 100),
                    action: step == 0 ? nil : ["addItem": ["cents": .number(JSONNumber(step % 997))]],
                    actionName: step == 0 ? nil : "addItem", cause: nil, reducerNanoseconds: step == 0 ? nil : 900,
                    state: .object([
                        "totalCents": .number(JSONNumber(total)),
                        "items": .array((0..<8).map { .object(["id": .number(JSONNumber($0)), "cents": .number(JSONNumber((step + $0) % 500))]) }),
                        "customer": ["name": "Ada Lovelace", "tier": "gold"],
                    ])
                ))
                if batch.count == 1_000 {
                    try writer.append(batch)
                    batch.removeAll(keepingCapacity: true)
                }
            }
            try writer.append(batch)
            try writer.close()
        }
    }

    static func run(binary: String, directory: String, files: Int, steps: Int) throws -> Result {
        try record(into: directory, files: files, steps: steps)
        let paths = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".udf") }.sorted()
            .map { directory + "/" + $0 }
        let predicate = ["--where", ".totalCents < 0", "--first"]
        let sequential = try measure {
            for path in paths { try process(binary, ["find", path] + predicate, allowing: [0, 1]) }
        }
        let one = try measure { try process(binary, ["find", directory] + predicate + ["--jobs", "1"], allowing: [0]) }
        let two = try measure { try process(binary, ["find", directory] + predicate + ["--jobs", "2"], allowing: [0]) }
        let ndjson = directory + ".ndjson"
        defer { try? FileManager.default.removeItem(atPath: ndjson) }
        let export = try measure { try process(binary, ["export", directory, "--format", "ndjson", "-o", ndjson], allowing: [0]) }
        let ndjsonBytes = (try FileManager.default.attributesOfItem(atPath: ndjson)[.size] as? Int) ?? 0
        let verify = try measure {
            for path in paths { try process(binary, ["verify", path, "--jobs", "1"], allowing: [0]) }
        }
        var stateBytes = 0
        for path in paths {
            stateBytes += try Recording(path: path).statistics(on: try latestMain(path)).storage.totalStateBytes
        }
        return Result(
            files: paths.count, steps: steps, sequential: sequential, folderOneWorker: one, folderTwoWorkers: two,
            ndjsonSeconds: export, ndjsonBytes: ndjsonBytes, verifySeconds: verify, verifiedStateBytes: stateBytes
        )
    }

    private static func latestMain(_ path: String) throws -> TimelineInfo {
        let recording = try Recording(path: path)
        return try recording.timeline(nil, in: try recording.session(nil))
    }

    private static func process(_ binary: String, _ arguments: [String], allowing statuses: Set<Int32>) throws {
        // Not Foundation's `Process`: its `waitUntilExit` polls a run loop,
        // which added tens of milliseconds to every one-process-per-file run.
        let child = try ChildRun.spawn(binary, arguments, measuringPeak: false)
        let exited = child.status & 0x7f == 0
        guard exited, statuses.contains(child.status >> 8) else {
            throw BenchError("udf-inspect \(arguments.joined(separator: " ")) ended with wait status \(child.status)")
        }
    }

    /// The table rows for `result`.
    static func rows(_ result: Result) -> [BenchRow] {
        let scenario = "\(result.files) recordings × \(result.steps) steps"
        let speedUp = result.sequential / result.folderTwoWorkers
        let ndjsonRate = Double(result.ndjsonBytes) / result.ndjsonSeconds / 1e6
        let verifyRate = Double(result.verifiedStateBytes) / result.verifySeconds / 1e6
        return [
            BenchRow("find --first, one process per file", scenario, figure: Format.duration(result.sequential),
                     value: result.sequential, unit: "s"),
            BenchRow("find --first over the folder, --jobs 1", scenario, figure: Format.duration(result.folderOneWorker),
                     value: result.folderOneWorker, unit: "s"),
            BenchRow("find --first over the folder, --jobs 2", scenario, figure: Format.duration(result.folderTwoWorkers),
                     value: result.folderTwoWorkers, unit: "s"),
            BenchRow("speed-up: folder with 2 workers vs one process per file", scenario,
                     figure: "\(Format.digits(speedUp))× (2 workers vs 1: \(Format.digits(result.folderOneWorker / result.folderTwoWorkers))×)",
                     value: speedUp, unit: "ratio", target: "> 1.5×", met: speedUp > 1.5),
            BenchRow("export --format ndjson", scenario,
                     figure: "\(Format.digits(ndjsonRate)) MB/s written (\(Format.bytes(Double(result.ndjsonBytes))) in \(Format.duration(result.ndjsonSeconds)))",
                     value: ndjsonRate, unit: "MB/s"),
            BenchRow("verify, one process per file", scenario,
                     figure: "\(Format.digits(verifyRate)) MB/s of canonical state rebuilt and hashed (\(Format.duration(result.verifySeconds)))",
                     value: verifyRate, unit: "MB/s"),
        ]
    }
}

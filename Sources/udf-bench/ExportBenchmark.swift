import Foundation

/// Export of long recordings by the real `udf-inspect`, each run in a child
/// whose own peak RSS is read from `/proc` while it runs, beside `verify` on the same file as
/// the anchor: an export should cost no more than reading every step once.
enum ExportBenchmark {
    struct Run {
        let seconds: Double
        let peakBytes: Int
        let outputBytes: Int
    }

    /// Runs `udf-inspect arguments`, output to /dev/null, timing it and reading its peak RSS.
    static func run(binary: String, _ arguments: [String], output: String? = nil) throws -> Run {
        let child = try ChildRun.spawn(binary, arguments)
        guard child.status == 0 else {
            throw BenchError("udf-inspect \(arguments.joined(separator: " ")) failed with status \(child.status)")
        }
        let size = output.flatMap { try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int } ?? 0
        return Run(seconds: child.seconds, peakBytes: child.peakBytes, outputBytes: size)
    }

    /// Reads `path` whole into a reused 1 MB buffer, as `cat path > /dev/null`
    /// would: what reading the file costs, the floor for `verify`.
    static func readWhole(_ path: String) throws -> (seconds: Double, bytes: Int) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw BenchError("cannot open \(path)") }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        var total = 0
        let seconds = measure {
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                total += count
            }
        }
        return (seconds, total)
    }

    /// Rounds of `verify` and the three exports, interleaved.
    ///
    /// This machine's speed drifts by a quarter from one minute to the next
    /// (other tenants of the host), so one run of each, minutes apart,
    /// compares different machines. Each round runs the anchor and every
    /// export back to back; a row gives the median of its rounds and the
    /// median of its per-round ratios to the anchor.
    static let rounds = 3

    /// The export rows for the long recording at `path`.
    static func rows(binary: String, path: String, steps: Int, directory: String, progress: (String) -> Void) -> [BenchRow] {
        var rows: [BenchRow] = []
        let scenario = "\(steps)-step recording"
        let formats = ["json", "udf", "redux"]
        do {
            let read = try readWhole(path)
            rows.append(BenchRow(
                "read the file whole (disk-read anchor)", scenario,
                figure: "\(Format.duration(read.seconds)), \(Format.bytes(Double(read.bytes)))",
                value: read.seconds, unit: "s"
            ))
            var verifies: [Run] = []
            var exports: [String: [Run]] = [:]
            for round in 1...rounds {
                progress("round \(round) of \(rounds): udf-inspect verify --jobs 1, then export --format \(formats.joined(separator: "|")), on the \(scenario)")
                verifies.append(try run(binary: binary, ["verify", path, "--jobs", "1"]))
                for format in formats {
                    let out = directory + "/long-export." + format
                    exports[format, default: []].append(try run(binary: binary, ["export", path, "--format", format, "-o", out], output: out))
                    // Removed at once, so its dirty pages are not written back during the next run.
                    try? FileManager.default.removeItem(atPath: out)
                }
            }
            let verify = Samples.median(of: verifies.map(\.seconds))
            rows.append(BenchRow(
                "verify --jobs 1 (anchor: one walk)", scenario,
                figure: "\(Format.duration(verify)) (\(Format.digits(verify / read.seconds))× reading it), "
                    + "peak RSS \(Format.bytes(Double(verifies.map(\.peakBytes).max() ?? 0))), median of \(rounds)",
                value: verify, unit: "s"
            ))
            for format in formats {
                let runs = exports[format] ?? []
                let ratio = Samples.median(of: zip(runs, verifies).map { $0.seconds / $1.seconds })
                let peak = runs.map(\.peakBytes).max() ?? 0
                let ratios = zip(runs, verifies).map { String(format: "%.2f", $0.seconds / $1.seconds) }.joined(separator: ", ")
                rows.append(BenchRow(
                    "export --format \(format), whole process", scenario,
                    figure: "\(Format.duration(Samples.median(of: runs.map(\.seconds)))) (\(String(format: "%.2f", ratio))× verify; rounds \(ratios)), "
                        + "peak RSS \(Format.bytes(Double(peak))), \(Format.bytes(Double(runs.last?.outputBytes ?? 0)))",
                    value: Double(peak) / 1_048_576, unit: "MB peak",
                    target: "≤ 100 MB, ≤ verify's time",
                    met: peak <= 100 * 1_048_576 && ratio <= 1
                ))
            }
        } catch {
            rows.append(BenchRow("export, whole process", scenario, figure: "n/a (\(error))", value: nil, unit: "s"))
        }
        return rows
    }

    /// HTML export of the first `steps` steps, the page's size against
    /// `json --patches`, and the page's own time to show a step in Chromium.
    static func htmlRows(binary: String, path: String, steps: Int, directory: String, progress: (String) -> Void) -> [BenchRow] {
        let scenario = "\(steps)-step recording"
        var rows: [BenchRow] = []
        do {
            let page = directory + "/long.html", json = directory + "/long-patches.json"
            progress("udf-inspect export --format html on the \(scenario)")
            let html = try run(binary: binary, ["export", path, "--to", String(steps - 1), "--format", "html", "-o", page], output: page)
            rows.append(BenchRow(
                "export --format html, whole process", scenario,
                figure: "\(Format.duration(html.seconds)), peak RSS \(Format.bytes(Double(html.peakBytes)))",
                value: html.seconds, unit: "s", target: "seconds", met: html.seconds < 60
            ))
            let patches = try run(binary: binary, ["export", path, "--to", String(steps - 1), "--format", "json", "--patches", "-o", json], output: json)
            try? FileManager.default.removeItem(atPath: json)
            let ratio = Double(html.outputBytes) / Double(max(patches.outputBytes, 1))
            rows.append(BenchRow(
                "page size against json --patches", scenario,
                figure: "\(Format.bytes(Double(html.outputBytes))) vs \(Format.bytes(Double(patches.outputBytes))) (\(String(format: "%.2f", ratio))×)",
                value: ratio, unit: "×", target: "≤ 1.2×", met: ratio <= 1.2
            ))
            if let chromium = chromiumPath() {
                var opened: [(Int, Double)] = []
                for step in [0, steps / 2, steps - 1] {
                    progress("chromium opens the page at step \(step)")
                    if let milliseconds = try openTime(chromium: chromium, page: page, step: step) {
                        opened.append((step, milliseconds / 1_000))
                    }
                }
                let slowest = opened.map(\.1).max() ?? .infinity
                rows.append(BenchRow(
                    "page opens at a step, headless Chromium", scenario,
                    figure: opened.map { "#step=\($0.0) \(Format.duration($0.1))" }.joined(separator: "; "),
                    value: slowest * 1e3, unit: "ms", target: "≤ 1 s", met: slowest <= 1
                ))
            } else {
                rows.append(BenchRow("page opens at a step, headless Chromium", scenario, figure: "n/a (chromium not installed)", value: nil, unit: "ms"))
            }
            try? FileManager.default.removeItem(atPath: page)
        } catch {
            rows.append(BenchRow("export --format html, whole process", scenario, figure: "n/a (\(error))", value: nil, unit: "s"))
        }
        return rows
    }

    /// The page's own report of when it showed the step, in milliseconds
    /// since navigation started: parsing the page, its data and the first render.
    private static func openTime(chromium: String, page: String, step: Int) throws -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = ["--headless", "--disable-gpu", "--no-sandbox", "--host-resolver-rules=MAP * ~NOTFOUND", "--dump-dom",
                             URL(fileURLWithPath: page).absoluteString + "#step=\(step)"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let dom = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard let range = dom.range(of: "data-opened-ms=\"") else { return nil }
        return Double(dom[range.upperBound...].prefix { $0 != "\"" })
    }

    private static func chromiumPath() -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let candidate = "\(directory)/chromium"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

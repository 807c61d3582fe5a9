import Foundation
import UDFSQLite

/// The inspector rows' anchor: what a tool reading a naive recording (every
/// state stored whole, `NaiveRecorder`) does for `show N`, `diff N` and
/// `log --last 50`, as a process of its own, as `udf-inspect` runs: SQLite
/// finds the rows, `JSONSerialization` parses and prints the states, and a
/// diff compares their pretty lines (`NaiveLineDiff`).
enum NaiveInspector {
    static let flag = "--naive-inspect"

    /// `udf-bench --naive-inspect show|diff|log PATH STEP`; prints what it read.
    static func child(arguments: [String]) throws {
        let usage = BenchError("usage: udf-bench \(flag) show|diff|log PATH STEP")
        guard arguments.count == 3, let step = Int(arguments[2]) else { throw usage }
        let database = try Database(path: arguments[1], mode: .readOnly)
        defer { database.close() }
        let output: String
        switch arguments[0] {
        case "show":
            output = try pretty(NaiveRecorder.state(at: step, in: database))
        case "diff":
            let old = try pretty(NaiveRecorder.state(at: step - 1, in: database))
            let lines = NaiveLineDiff.changed(old, try pretty(NaiveRecorder.state(at: step, in: database)))
            output = (lines.old.map { "- " + String(Substring($0)) } + lines.new.map { "+ " + String(Substring($0)) }).joined(separator: "\n")
        case "log":
            let rows = try database.prepare("SELECT step, action FROM steps WHERE step <= ? ORDER BY step DESC LIMIT 50")
                .rows([step]) { "\($0.int(0))  \($0.text(1))" }
            output = rows.reversed().joined(separator: "\n")
        default:
            throw usage
        }
        FileHandle.standardOutput.write(Data((output + "\n").utf8))
    }

    private static func pretty(_ object: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]), as: UTF8.self)
    }
}

import Foundation

/// Runs a command to completion and captures its output.
struct Subprocess {
    let status: Int32
    let stdout: String
    let stderr: String

    static func run(_ executable: URL, _ arguments: [String]) throws -> Subprocess {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Subprocess(
            status: process.terminationStatus,
            stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self)
        )
    }

    /// The `sqlite3` shell, found on PATH.
    static func sqlite3(_ path: String, _ sql: String) throws -> Subprocess {
        try run(URL(fileURLWithPath: "/usr/bin/env"), ["sqlite3", path, sql])
    }
}

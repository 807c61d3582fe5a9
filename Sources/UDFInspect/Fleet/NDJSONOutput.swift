import Foundation
import UDFLog

/// Where an export's text goes: stdout for `-`; a device, pipe or socket
/// (`/dev/null`, a named pipe) written in place; else a temporary file
/// beside the target, renamed over it only once the export is done, so a
/// failed export never leaves half a file.
final class NDJSONOutput {
    private let path: String
    private let console: Console
    private let temporaryPath: String?
    private let handle: FileHandle?

    var isStandardOutput: Bool { handle == nil }

    init(path: String, console: Console) throws(InspectError) {
        self.path = path
        self.console = console
        guard path != "-" else {
            temporaryPath = nil
            handle = nil
            return
        }
        if SpecialFile.isSpecial(path) {
            let descriptor = open(path, O_WRONLY)
            guard descriptor >= 0 else {
                throw InspectError.io("cannot write '\(path)': \(String(cString: strerror(errno)).lowercased())")
            }
            temporaryPath = nil
            handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            return
        }
        let url = URL(fileURLWithPath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).partial").path
        // Noted before it exists, so that no signal finds it unnoted.
        PartialFileCleanup.writing(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            let reason = String(cString: strerror(errno)).lowercased()
            PartialFileCleanup.finished(temporary)
            throw InspectError.io("cannot write '\(path)': \(reason)")
        }
        temporaryPath = temporary
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    func write(_ bytes: [UInt8]) throws {
        if let handle {
            try handle.write(contentsOf: bytes)
        } else {
            console.write(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// Puts the finished file in place.
    func finish() throws(InspectError) {
        guard let handle else { return }
        do {
            try handle.close()
        } catch {
            discard()
            throw InspectError.io("cannot write '\(path)': \(FileErrorReason.of(error))")
        }
        guard let temporaryPath else { return }
        guard rename(temporaryPath, path) == 0 else {
            let reason = String(cString: strerror(errno)).lowercased()
            discard()
            throw InspectError.io("cannot write '\(path)': \(reason)")
        }
        PartialFileCleanup.finished(temporaryPath)
    }

    /// Removes the unfinished file.
    func discard() {
        try? handle?.close()
        if let temporaryPath {
            try? FileManager.default.removeItem(atPath: temporaryPath)
            PartialFileCleanup.finished(temporaryPath)
        }
    }
}

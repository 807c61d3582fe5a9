import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Long output on a terminal goes through a pager, as git does.
///
/// - The command is `$UDF_PAGER`, else `$PAGER`, else `less -FRX`: `-F` quits
///   at once when the text fits one screen, `-R` keeps colour, `-X` leaves the
///   text on the terminal afterwards. An empty value or `cat` means no pager.
/// - It only starts when stdout is a terminal, and never with `--no-pager`.
/// - stdout is redirected into the pager's stdin, so commands write as
///   always; ``finish()`` closes it and waits for the pager to quit.
final class Pager {
    /// What runs when neither `UDF_PAGER` nor `PAGER` says otherwise.
    static let defaultCommand = "less -FRX"

    private let process: Process
    private let descriptor: Int32

    private init(process: Process, descriptor: Int32) {
        self.process = process
        self.descriptor = descriptor
    }

    /// The pager command the environment asks for; nil for none, and for the
    /// default when `less` is not installed, so that output is never lost to
    /// a pager that cannot start.
    static func command(environment: [String: String]) -> String? {
        guard let chosen = environment["UDF_PAGER"] ?? environment["PAGER"] else {
            return isInstalled("less", path: environment["PATH"]) ? defaultCommand : nil
        }
        let command = chosen.trimmingCharacters(in: .whitespaces)
        guard !command.isEmpty, command != "cat" else { return nil }
        return command
    }

    /// Whether `program` is an executable file in one of `path`'s directories.
    static func isInstalled(_ program: String, path: String?) -> Bool {
        (path ?? "/usr/bin:/bin").split(separator: ":").contains { directory in
            FileManager.default.isExecutableFile(atPath: "\(directory)/\(program)")
        }
    }

    /// Whether a run of command `name` with these arguments writes output worth
    /// paging: the full-screen stepper and `log --follow` stream to the terminal.
    static func pages(_ name: String, _ arguments: ParsedArguments) -> Bool {
        switch name {
        case "step": false
        case "log": !((try? arguments.value(LogCommand.follow)) ?? false)
        default: true
        }
    }

    /// Runs `command` through `/bin/sh` and points `descriptor` (stdout) at its
    /// input; nil when it cannot start, and the output then goes straight out.
    static func start(_ command: String, over descriptor: Int32, environment: [String: String]) -> Pager? {
        let pipe = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.standardInput = pipe
        var pagerEnvironment = environment
        // As git does: less gets these unless the user chose its options.
        if pagerEnvironment["LESS"] == nil { pagerEnvironment["LESS"] = "FRX" }
        process.environment = pagerEnvironment
        do {
            try process.run()
        } catch {
            return nil
        }
        guard dup2(pipe.fileHandleForWriting.fileDescriptor, descriptor) >= 0 else {
            process.terminate()
            return nil
        }
        try? pipe.fileHandleForWriting.close()
        try? pipe.fileHandleForReading.close()
        return Pager(process: process, descriptor: descriptor)
    }

    /// Ends the pager's input and waits until the user quits it.
    func finish() {
        close(descriptor)
        process.waitUntilExit()
    }
}

import Foundation
import UDFLog

/// `udf-inspect demo`: records the example app and tours the recording.
struct DemoCommand: InspectCommand {
    /// `-o` and `--output` as `export` and `testgen` spell it; `--out` as the demo first did.
    static let output = OptionKey<String?>.text("-o", "--output", "--out", value: "file", help: "Keep the recording in this file.")

    static let spec = CommandSpec(
        name: "demo",
        abstract: "Record the example app into a file and take a guided tour of it.",
        discussion: "Every command of the tour is printed before its output, so you can run it again yourself. Without a file the recording goes to a temporary file that is removed afterwards.",
        // A file as every other command takes it, or as `-o`, as `export` takes it.
        arguments: [ArgumentSpec(name: "file", help: "Keep the recording in this file, as --output does.", isOptional: true)],
        options: [Self.output.spec],
        examples: ["udf-inspect demo", "udf-inspect demo todo.udf"]
    )

    let output: String?

    init(_ arguments: ParsedArguments) throws(UsageError) {
        let named = try arguments.value(Self.output)
        let positional = arguments.positional("file")
        if named != nil, positional != nil {
            throw arguments.usageError("'<file>' and '--output' cannot be used together: name the file once")
        }
        output = named ?? positional
    }

    func run(_ context: CommandContext) async throws(InspectError) -> ExitCode {
        guard let scenario = context.inspector.demo else {
            throw InspectError.badArgument("this inspector has no example app registered to demo")
        }
        let console = context.console
        let colour = context.colour
        let temporary: URL?
        let path: String
        if let output {
            path = output
            temporary = nil
        } else {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("udf-demo-\(UUID().uuidString)")
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw InspectError.io("cannot create a temporary directory: \(FileErrorReason.of(error))")
            }
            temporary = directory
            path = directory.appendingPathComponent("todo.udf").path
        }
        defer {
            if let temporary { try? FileManager.default.removeItem(at: temporary) }
        }

        console.out(colour.bold(scenario.introduction))
        console.out("")
        console.out("Recording \(scenario.appName) into \(path) …")
        do {
            try await scenario.record(path)
        } catch let error as RecordingError {
            throw InspectError(error)
        } catch {
            throw InspectError.io("cannot record the demo into '\(path)': \(error)")
        }
        console.out("")

        let inspector = Inspector(commands: Inspector.builtInCommands, configuration: context.inspector)
        for stop in scenario.stops {
            console.out(colour.bold("▸ \(stop.narration)"))
            var arguments = [stop.command, path] + stop.arguments
            let written = stop.output.map { URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent($0.fileName).path }
            if let written { arguments += ["-o", written] }
            console.out(colour.dim("$ udf-inspect " + arguments.map(Self.shellQuoted).joined(separator: " ")))
            let status = await inspector.run(
                ["--color", context.colourEnabled ? "always" : "never"] + arguments,
                console: console,
                environment: context.environment
            )
            if let written, let output = stop.output, status == 0 {
                console.out(colour.dim("$ head -n \(output.lines) \(Self.shellQuoted(written))"))
                let text = (try? String(contentsOfFile: written, encoding: .utf8)) ?? ""
                for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(output.lines) {
                    console.out(String(line))
                }
            }
            console.out("")
        }
        if temporary != nil {
            console.out("The recording was temporary. Keep one to explore: udf-inspect demo todo.udf")
        } else {
            console.out("The recording is in \(path). Try: udf-inspect log \(Self.shellQuoted(path))")
        }
        return .success
    }

    /// Quotes a word for a shell when it needs it, so printed commands can be pasted.
    ///
    /// A word holding a character that must not reach the terminal as it is
    /// (`HiddenScalars`: a newline, an escape, a bidirectional control) is
    /// written `$'…'`, with each such character's UTF-8 bytes as `\xHH`:
    /// one visible line that bash, zsh and ksh read back as the very word,
    /// whatever the locale.
    static func shellQuoted(_ word: String) -> String {
        let safe = word.unicodeScalars.allSatisfy { scalar in
            CharacterSet.alphanumerics.contains(scalar) || "-_./@=:,+".unicodeScalars.contains(scalar)
        }
        if safe && !word.isEmpty { return word }
        guard word.unicodeScalars.contains(where: HiddenScalars.contains) else {
            return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        var quoted = "$'"
        for scalar in word.unicodeScalars {
            switch scalar {
            case "\\", "'":
                quoted += "\\" + String(scalar)
            case _ where HiddenScalars.contains(scalar):
                for byte in String(scalar).utf8 {
                    quoted += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
                }
            default:
                quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "'"
    }
}

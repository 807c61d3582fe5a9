import Foundation

/// Shell completion scripts for bash, zsh and fish, generated from the same
/// command specs as help, so that completion cannot drift from the parser.
///
/// Each completes the command names, each command's options (its own and the
/// global ones), the values of options with a fixed set (`--format`,
/// `--color`), the shells of `completions`, the commands of `help`, and files
/// for positionals and for options whose value is a path.
public struct CompletionScript {
    public let toolName: String
    public let commands: [CommandSpec]
    public let globalOptions: [OptionSpec]

    public init(toolName: String, commands: [CommandSpec], globalOptions: [OptionSpec]) {
        self.toolName = toolName
        self.commands = commands
        self.globalOptions = globalOptions
    }

    /// The script for `shell`: `bash`, `zsh` or `fish`.
    public func render(for shell: String) -> String {
        switch shell {
        case "zsh": zsh()
        case "fish": fish()
        default: bash()
        }
    }

    /// The values an option completes with; nil when it takes none or any text.
    static func values(of option: OptionSpec) -> [String]? {
        option.completionValues.isEmpty ? nil : option.completionValues
    }

    /// Whether an option's value is a file name: an output (`-o`), or a
    /// placeholder that says so. `--path <path>` is a path into a state, not a file.
    static func takesPath(_ option: OptionSpec) -> Bool {
        option.names.contains("--output") || ["out", "file", "in"].contains(option.valueName ?? "")
    }

    /// What `__values` lists for an option whose values live in the recording
    /// (bash only): `sessions` for `--session`, `timelines` for `--timeline`.
    static func recordedValues(of option: OptionSpec) -> String? {
        if option.names.contains("--session") { return "sessions" }
        if option.names.contains("--timeline") { return "timelines" }
        return nil
    }

    /// The words a positional of `command` completes with; nil for file names.
    func positionalWords(of command: CommandSpec) -> [String]? {
        switch command.name {
        case "help": commands.map(\.name)
        case "completions": Inspector.completionShells
        case "man": []
        default: command.arguments.isEmpty ? [] : nil
        }
    }

    var functionName: String {
        "_" + toolName.map { $0.isLetter || $0.isNumber ? $0 : "_" }.map(String.init).joined()
    }

    /// Every option of every command that takes a value, so that its value is not taken for the file.
    var valuedOptionNames: [String] {
        var names: [String] = []
        for option in commands.flatMap(\.options) + globalOptions where !option.isFlag {
            for name in option.names where !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The shell function that lists a recording's timelines or sessions.
    var valuesFunction: String {
        "_" + functionName + "_values"
    }

    var toolOptionNames: [String] {
        globalOptions.flatMap(\.names) + ["--version"] + ArgumentParser.helpNames
    }

    /// `text` in single quotes for sh and zsh.
    func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}

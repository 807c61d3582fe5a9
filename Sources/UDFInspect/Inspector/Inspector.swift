/// The `udf-inspect` tool: finds the command named on the command line, parses its
/// arguments, runs it, and turns every failure into a message and an exit code.
///
/// - `udf-inspect`, `--help`, `-h` and `help` print the tool's help.
/// - `help <command>`, `<command> --help` and `<command> -h` print the command's help.
/// - `--version` prints `udf-inspect 0.1.0`.
/// - `--color auto|always|never` and `--no-pager` may come before the command or among its options.
/// - `completions <shell>` and `man` print scripts and a manual page generated from the specs.
/// - A usage error prints three lines on stderr and exits with 64; an
///   ``InspectError`` prints one line and exits with its code.
public struct Inspector {
    /// The line under OVERVIEW in the tool's help, unless another is given.
    public static let defaultAbstract =
        "Step through, diff and query recordings of UDF programs."

    /// The option choosing when to colour, accepted by every command.
    public static let colourOption = OptionSpec.option(
        "--color",
        value: "when",
        help: "When to colour output: auto, always or never.",
        defaultDescription: "auto",
        completionValues: ColourMode.allCases.map(\.rawValue)
    )

    static let versionOption = OptionSpec.flag("--version", help: "Show the version.")

    /// The name in usage lines and help, and the first word of `--version`.
    public let toolName: String
    /// The commands, in the order help lists them.
    public let commands: [any InspectCommand.Type]
    /// The settings handed to every command.
    public let configuration: InspectorConfiguration
    /// The line under OVERVIEW in the tool's help.
    public let abstract: String
    /// What `--version` prints after the tool name.
    public let version: String

    /// Creates the tool.
    ///
    /// - Parameters:
    ///   - toolName: The name in usage lines and help.
    ///   - commands: The commands, in the order help lists them.
    ///   - configuration: The settings handed to every command.
    ///   - abstract: The line under OVERVIEW in the tool's help.
    ///   - version: What `--version` prints after the tool name.
    public init(
        toolName: String = "udf-inspect",
        commands: [any InspectCommand.Type],
        configuration: InspectorConfiguration = .init(),
        abstract: String = Inspector.defaultAbstract,
        version: String = "0.1.0"
    ) {
        self.toolName = toolName
        self.commands = commands
        self.configuration = configuration
        self.abstract = abstract
        self.version = version
    }

    /// Runs the command line `arguments` (without the tool's own name).
    ///
    /// - Returns: The exit status: the command's ``ExitCode``, 64 for a usage error,
    ///   the error's code for an ``InspectError``, 74 when stdout could not be written.
    public func run(_ arguments: [String], console: Console, environment: [String: String]) async -> Int32 {
        var pager: Pager?
        let code = await execute(arguments, console: console, environment: environment, pager: &pager)
        console.flush()
        pager?.finish()
        if case let .failed(reason) = console.writeFailure {
            console.err("Error: cannot write output: \(reason)")
            return ExitCode.ioError.rawValue
        }
        return code.rawValue
    }

    /// The help text of the tool itself.
    public func toolHelp() -> String {
        HelpRenderer.renderTool(
            toolName: toolName,
            abstract: abstract,
            commands: commands.map { $0.spec },
            options: [Self.colourOption, Self.noPagerOption, Self.versionOption],
            builtIns: Self.toolCommandSpecs,
            exitCodes: ExitCode.helpSection
        )
    }

    private func execute(
        _ arguments: [String],
        console: Console,
        environment: [String: String],
        pager: inout Pager?
    ) async -> ExitCode {
        var colourMode = ColourMode.auto
        var noPager = false
        var index = arguments.startIndex
        do throws(UsageError) {
            while index < arguments.endIndex, ArgumentParser.isOptionLike(arguments[index]) {
                let word = arguments[index]
                index += 1
                if ArgumentParser.helpNames.contains(word) {
                    pager = startPager(console: console, environment: environment, noPager: noPager)
                    console.write(toolHelp())
                    return .success
                } else if word == Self.versionOption.preferredName {
                    console.out("\(toolName) \(version)")
                    return .success
                } else if word == Self.noPagerOption.preferredName {
                    noPager = true
                } else if let mode = try colourOption(word, in: arguments, at: &index, commandName: nil) {
                    colourMode = mode
                } else {
                    throw unknownToolOption(word)
                }
            }
        } catch {
            return report(error, command: nil, console: console)
        }

        guard index < arguments.endIndex else {
            console.write(toolHelp())
            return .success
        }
        let name = arguments[index]
        let rest = Array(arguments[(index + 1)...])
        if name == Self.completionValuesCommand {
            return completionValues(rest, console: console)
        }
        if let spec = Self.toolCommandSpecs.first(where: { $0.name == name }) {
            return toolCommand(spec, rest, console: console, environment: environment, noPager: noPager, pager: &pager)
        }
        guard let command = command(named: name) else {
            return report(unknownCommand(name), command: nil, console: console)
        }

        let spec = command.spec
        let parsed: ParsedArguments
        do throws(UsageError) {
            let globals = try extractGlobalOptions(from: rest, for: spec)
            colourMode = globals.colour ?? colourMode
            noPager = noPager || globals.noPager
            parsed = try ArgumentParser.parse(globals.words, for: spec)
        } catch {
            return report(error, command: spec, console: console)
        }
        if parsed.isHelpRequested {
            pager = startPager(console: console, environment: environment, noPager: noPager)
            console.write(HelpRenderer.render(spec, toolName: toolName, globalOptions: Self.globalOptions))
            return .success
        }

        let context = CommandContext(
            console: console,
            environment: environment,
            colourEnabled: colourMode.isEnabled(stdoutIsTerminal: console.stdoutIsTerminal, environment: environment),
            inspector: configuration
        )
        do throws(InspectError) {
            let instance: any InspectCommand
            do throws(UsageError) {
                instance = try command.init(parsed)
            } catch {
                return report(error, command: spec, console: console)
            }
            if Pager.pages(spec.name, parsed) {
                pager = startPager(console: console, environment: environment, noPager: noPager)
            }
            return try await instance.run(context)
        } catch {
            if case let .usage(usageError) = error {
                return report(usageError, command: spec, console: console)
            }
            console.err(error.description)
            return error.exitCode
        }
    }

    /// Starts the pager over stdout when stdout is a terminal and nothing turned it off.
    private func startPager(console: Console, environment: [String: String], noPager: Bool) -> Pager? {
        guard !noPager, console.stdoutIsTerminal, let descriptor = console.outputDescriptor,
              let command = Pager.command(environment: environment) else {
            return nil
        }
        console.flush()
        return Pager.start(command, over: descriptor, environment: environment)
    }

    /// `help`, `completions` and `man`.
    private func toolCommand(
        _ spec: CommandSpec,
        _ arguments: [String],
        console: Console,
        environment: [String: String],
        noPager: Bool,
        pager: inout Pager?
    ) -> ExitCode {
        if spec.name == Self.helpSpec.name {
            pager = startPager(console: console, environment: environment, noPager: noPager)
            return help(arguments, console: console)
        }
        let parsed: ParsedArguments
        do throws(UsageError) {
            parsed = try ArgumentParser.parse(try extractGlobalOptions(from: arguments, for: spec).words, for: spec)
            if parsed.isHelpRequested {
                console.write(HelpRenderer.render(spec, toolName: toolName, globalOptions: Self.globalOptions))
                return .success
            }
            if spec.name == Self.manSpec.name {
                console.write(ManPageRenderer.render(toolName: toolName, abstract: abstract, version: version, commands: allSpecs, globalOptions: Self.globalOptions))
                return .success
            }
            let shell = parsed.positional("shell") ?? ""
            guard Self.completionShells.contains(shell) else {
                throw UsageError(Suggestion.invalidValue(shell, for: "<shell>", expected: Self.completionShells))
            }
            let script = CompletionScript(toolName: toolName, commands: allSpecs, globalOptions: Self.globalOptions)
            console.write(script.render(for: shell))
            return .success
        } catch {
            return report(error, command: spec, console: console)
        }
    }

    /// `help`, `help <command>`.
    private func help(_ arguments: [String], console: Console) -> ExitCode {
        guard let name = arguments.first, !ArgumentParser.helpNames.contains(name) else {
            console.write(toolHelp())
            return .success
        }
        let spec: CommandSpec
        if let toolSpec = Self.toolCommandSpecs.first(where: { $0.name == name }) {
            spec = toolSpec
        } else if let command = command(named: name) {
            spec = command.spec
        } else {
            return report(unknownCommand(name), command: Self.helpSpec, console: console)
        }
        if arguments.count > 1 {
            return report(UsageError("Unexpected argument '\(arguments[1])'"), command: Self.helpSpec, console: console)
        }
        console.write(HelpRenderer.render(spec, toolName: toolName, globalOptions: Self.globalOptions))
        return .success
    }

    private func command(named name: String) -> (any InspectCommand.Type)? {
        commands.first { $0.spec.name == name }
    }

    /// Removes the global options (`--color <when>`, `--no-pager`) from a command's
    /// words, up to `--`, except those the command declares itself.
    private func extractGlobalOptions(
        from arguments: [String],
        for spec: CommandSpec
    ) throws(UsageError) -> (colour: ColourMode?, noPager: Bool, words: [String]) {
        let ownsColour = spec.option(named: Self.colourOption.preferredName) != nil
        let ownsNoPager = spec.option(named: Self.noPagerOption.preferredName) != nil
        var mode: ColourMode?
        var noPager = false
        var kept: [String] = []
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let word = arguments[index]
            index += 1
            if word == "--" {
                kept += arguments[(index - 1)...]
                break
            }
            if !ownsNoPager, word == Self.noPagerOption.preferredName {
                noPager = true
            } else if !ownsColour, let found = try colourOption(word, in: arguments, at: &index, commandName: spec.name) {
                mode = found
            } else {
                kept.append(word)
            }
        }
        return (mode, noPager, kept)
    }

    /// The mode when `word` is `--color`, taking its value from `word` or from the next
    /// word (advancing `index`); nil when `word` is something else.
    private func colourOption(
        _ word: String,
        in arguments: [String],
        at index: inout Int,
        commandName: String?
    ) throws(UsageError) -> ColourMode? {
        let name = Self.colourOption.preferredName
        let value: String
        if word.hasPrefix(name + "=") {
            value = String(word.dropFirst(name.count + 1))
        } else if word == name {
            guard index < arguments.endIndex, !ArgumentParser.isOptionLike(arguments[index]) else {
                throw UsageError("Missing value for '\(Self.colourOption.synopsis)'", commandName: commandName)
            }
            value = arguments[index]
            index += 1
        } else {
            return nil
        }
        guard let mode = ColourMode(rawValue: value) else {
            let expected = ColourMode.allCases.map(\.rawValue)
            throw UsageError(
                Suggestion.invalidValue(value, for: Self.colourOption.synopsis, expected: expected),
                commandName: commandName
            )
        }
        return mode
    }

    private func unknownToolOption(_ word: String) -> UsageError {
        let name = String(word.prefix { $0 != "=" })
        let candidates = Self.colourOption.names + Self.noPagerOption.names + Self.versionOption.names + ArgumentParser.helpNames
        var message = "Unknown option '\(name)'"
        if let suggestion = Suggestion.closest(to: name, among: candidates) {
            message += ". Did you mean '\(suggestion)'?"
        }
        return UsageError(message)
    }

    private func unknownCommand(_ name: String) -> UsageError {
        var message = "Unknown command '\(name)'"
        if let suggestion = Suggestion.closest(to: name, among: allSpecs.map(\.name)) {
            message += ". Did you mean '\(suggestion)'?"
        }
        return UsageError(message)
    }

    /// Prints the three-line usage error about `command` (nil for the tool itself).
    private func report(_ error: UsageError, command: CommandSpec?, console: Console) -> ExitCode {
        var error = error
        error.commandName = command?.name
        let usage = command?.synopsis(toolName: toolName) ?? HelpRenderer.toolSynopsis(toolName: toolName)
        for line in error.rendered(toolName: toolName, usage: usage) {
            console.err(line)
        }
        return .usage
    }
}

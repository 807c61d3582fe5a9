/// The commands and options the tool itself answers, rather than one of its
/// ``InspectCommand``s: they need every command's spec.
extension Inspector {
    /// `help [<command>]`.
    public static let helpSpec = CommandSpec(
        name: "help",
        abstract: "Show help for a command.",
        arguments: [ArgumentSpec(name: "command", help: "The command to describe; none for the tool's help.", isOptional: true)],
        examples: ["udf-inspect help step"]
    )

    /// `completions <shell>`.
    public static let completionsSpec = CommandSpec(
        name: "completions",
        abstract: "Print a shell completion script: bash, zsh or fish.",
        discussion: """
            The script completes commands, options and the values of options with a fixed set, from the same specs as help. Install it with:
              bash: udf-inspect completions bash > ~/.local/share/bash-completion/completions/udf-inspect
              zsh:  udf-inspect completions zsh > ~/.zfunc/_udf-inspect (with ~/.zfunc on fpath)
              fish: udf-inspect completions fish > ~/.config/fish/completions/udf-inspect.fish
            """,
        arguments: [ArgumentSpec(name: "shell", help: "bash, zsh or fish.")],
        examples: ["udf-inspect completions bash > ~/.local/share/bash-completion/completions/udf-inspect"]
    )

    /// `man`.
    public static let manSpec = CommandSpec(
        name: "man",
        abstract: "Print the manual page, in roff.",
        discussion: "Generated from the same specs as help. Read it with 'udf-inspect man | man -l -'.",
        examples: ["udf-inspect man > udf-inspect.1"]
    )

    /// The shells `completions` writes for.
    public static let completionShells = ["bash", "zsh", "fish"]

    /// The flag that keeps long output off the pager.
    public static let noPagerOption = OptionSpec.flag(
        "--no-pager",
        help: "Print straight to the terminal; otherwise long output goes through $UDF_PAGER, $PAGER or 'less -FRX'."
    )

    /// Options every command takes, listed under GLOBAL OPTIONS in each command's help.
    public static var globalOptions: [OptionSpec] {
        [colourOption, noPagerOption]
    }

    /// The built-in commands, in the order the tool's help lists them.
    public static var toolCommandSpecs: [CommandSpec] {
        [completionsSpec, manSpec, helpSpec]
    }

    /// Every command's spec, built-in ones included, as completion and the man page see them.
    public var allSpecs: [CommandSpec] {
        commands.map { $0.spec } + Self.toolCommandSpecs
    }
}

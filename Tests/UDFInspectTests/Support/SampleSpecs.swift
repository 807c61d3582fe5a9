import UDFInspect

/// Command specs shared by the parser and help tests.
enum SampleSpecs {
    /// A `log`-like command with every kind of option.
    static let log = CommandSpec(
        name: "log",
        abstract: "Show the steps of a recording, one line per step.",
        discussion: """
            Steps are listed oldest first. Filters combine: a step is shown only when \
            it matches every filter given.
            Without --session, the latest session is read.
            """,
        arguments: [
            ArgumentSpec(name: "file", help: "The recording to read."),
        ],
        options: [
            SampleKeys.session.spec,
            SampleKeys.timeline.spec,
            SampleKeys.from.spec,
            SampleKeys.to.spec,
            SampleKeys.action.spec,
            SampleKeys.format.spec,
            SampleKeys.changedPathPrefix.spec,
            SampleKeys.json.spec,
        ],
        examples: [
            "udf-inspect log app.udf",
            "udf-inspect log app.udf --from 10 --to 20 --action 'todo/*'",
        ]
    )

    /// A `diff`-like command with a required and an optional positional.
    static let diff = CommandSpec(
        name: "diff",
        abstract: "Show what changed between two steps.",
        arguments: [
            ArgumentSpec(name: "file", help: "The recording to read."),
            ArgumentSpec(name: "a", help: "The later step."),
            ArgumentSpec(name: "b", help: "The earlier step.", isOptional: true),
        ],
        options: [
            .option("--offset", value: "n", help: "Shift both steps."),
        ]
    )

    /// A command whose last argument collects every remaining word.
    static let blame = CommandSpec(
        name: "blame",
        abstract: "Show the steps that changed some paths.",
        arguments: [
            ArgumentSpec(name: "file", help: "The recording to read."),
            ArgumentSpec(name: "paths", help: "The state paths.", isRepeating: true),
        ]
    )
}

/// The options of ``SampleSpecs/log``, declared as keys the tests read them by.
enum SampleKeys {
    static let session = OptionKey<Int?>.int("--session", value: "id", help: "The session to read.", defaultDescription: "the latest")
    static let timeline = OptionKey<String?>.text("--timeline", value: "name", help: "The timeline to follow.", defaultDescription: "main")
    static let from = OptionKey<Int?>.int("--from", value: "step", help: "The first step to show.")
    static let to = OptionKey<Int?>.int("--to", value: "step", help: "The last step to show.")
    static let action = OptionKey<[String]>.repeating(
        "-a", "--action",
        value: "glob",
        help: "Only show steps whose action name matches the glob; repeat the option to match any of several globs."
    )
    static let format = OptionKey<String?>.choice("--format", value: "format", allowed: ["table", "lines"], help: "How to print each step: table or lines.")
    static let changedPathPrefix = OptionKey<String?>.text(
        "--changed-path-prefix", value: "path",
        help: "Only show steps that changed a path starting with this prefix."
    )
    static let json = OptionKey<Bool>.flag("--json", help: "Print one JSON object per step instead of a table.")
}

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
            .option("--session", value: "id", help: "The session to read.", defaultDescription: "the latest"),
            .option("--timeline", value: "name", help: "The timeline to follow.", defaultDescription: "main"),
            .option("--from", value: "step", help: "The first step to show."),
            .option("--to", value: "step", help: "The last step to show."),
            .option(
                "-a", "--action",
                value: "glob",
                help: "Only show steps whose action name matches the glob; repeat the option to match any of several globs.",
                isRepeating: true
            ),
            .option("--format", value: "format", help: "How to print each step: table or lines."),
            .option(
                "--changed-path-prefix", value: "path",
                help: "Only show steps that changed a path starting with this prefix."
            ),
            .flag("--json", help: "Print one JSON object per step instead of a table."),
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

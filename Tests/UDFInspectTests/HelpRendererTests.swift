import Foundation
import Testing
import UDFInspect

@Suite struct HelpRendererTests {
    @Test func sampleCommandHelp() {
        assertSnapshot(HelpRenderer.render(SampleSpecs.log, toolName: "udf-inspect"), named: "help/sample.txt")
    }

    /// Recording would overwrite the real fixture with the wrong text.
    @Test(.disabled(if: ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"))
    func snapshotMismatchFails() {
        withKnownIssue {
            assertSnapshot("not the help text\n", named: "help/sample.txt")
        }
    }

    @Test(.disabled(if: ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"))
    func missingSnapshotFails() {
        withKnownIssue {
            assertSnapshot("anything\n", named: "help/does-not-exist.txt")
        }
    }

    @Test func minimalCommandHelp() {
        let spec = CommandSpec(name: "verify", abstract: "Check the integrity of a recording.")
        #expect(HelpRenderer.render(spec, toolName: "udf-inspect") == """
            OVERVIEW: Check the integrity of a recording.

            USAGE: udf-inspect verify

            OPTIONS:
              -h, --help  Show help information.

            """)
    }

    @Test func argumentsAndOptionsShareOneColumn() {
        let spec = CommandSpec(
            name: "show",
            abstract: "Show the action and state at a step.",
            arguments: [
                ArgumentSpec(name: "file", help: "The recording to read."),
                ArgumentSpec(name: "step", help: "The step to show.", isOptional: true),
                ArgumentSpec(name: "more", help: "Extra words.", isOptional: true, isRepeating: true),
            ],
            options: [
                .option("-p", "--path", value: "path", help: "Only this part of the state."),
                .flag("--json", help: "Print JSON."),
            ],
            examples: ["udf-inspect show app.udf 42 --path todos[0]"]
        )
        #expect(HelpRenderer.render(spec, toolName: "udf-inspect") == """
            OVERVIEW: Show the action and state at a step.

            USAGE: udf-inspect show <file> [<step>] [<more> ...] [--path <path>] [--json]

            ARGUMENTS:
              <file>             The recording to read.
              <step>             The step to show.
              <more> ...         Extra words.

            OPTIONS:
              -p, --path <path>  Only this part of the state.
              --json             Print JSON.
              -h, --help         Show help information.

            EXAMPLES:
              udf-inspect show app.udf 42 --path todos[0]

            """)
    }

    @Test func synopsisShrinksOptionsWhenTooWide() {
        #expect(SampleSpecs.log.synopsis(toolName: "udf-inspect") == "udf-inspect log <file> [options]")
        #expect(SampleSpecs.diff.synopsis(toolName: "udf-inspect") == "udf-inspect diff <file> <a> [<b>] [--offset <n>]")
    }

    @Test func synopsisMarksRepeatingOptions() {
        let spec = CommandSpec(
            name: "find",
            abstract: "Find steps.",
            options: [.option("--where", value: "expr", help: "A predicate.", isRepeating: true)]
        )
        #expect(spec.synopsis(toolName: "udf-inspect") == "udf-inspect find [--where <expr> ...]")
    }

    @Test func toolHelp() {
        let text = HelpRenderer.renderTool(
            toolName: "udf-inspect",
            abstract: "Inspect recordings.",
            commands: [SampleSpecs.log, SampleSpecs.diff],
            options: [.flag("--version", help: "Show the version.")]
        )
        #expect(text == """
            OVERVIEW: Inspect recordings.

            USAGE: udf-inspect <command> <file> [options]

            OPTIONS:
              --version   Show the version.
              -h, --help  Show help information.

            SUBCOMMANDS:
              log         Show the steps of a recording, one line per step.
              diff        Show what changed between two steps.
              help        Show help for a command.

              See 'udf-inspect help <command>' for detailed help.

            """)
    }
}

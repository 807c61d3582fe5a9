import Testing
import UDFInspect

@Suite struct UsageErrorTests {
    @Test func rendersThreeLinesForACommand() {
        let error = UsageError("Unknown option '--foo'", commandName: "log")
        #expect(error.rendered(toolName: "udf-inspect", usage: "udf-inspect log <file> [options]") == [
            "Error: Unknown option '--foo'",
            "Usage: udf-inspect log <file> [options]",
            "  See 'udf-inspect log --help' for more information.",
        ])
    }

    @Test func rendersThreeLinesForTheTool() {
        let error = UsageError("Unknown command 'lgo'. Did you mean 'log'?")
        #expect(error.rendered(toolName: "udf-inspect", usage: "udf-inspect <command> <file> [options]") == [
            "Error: Unknown command 'lgo'. Did you mean 'log'?",
            "Usage: udf-inspect <command> <file> [options]",
            "  See 'udf-inspect --help' for more information.",
        ])
        #expect(error.description == "Error: Unknown command 'lgo'. Did you mean 'log'?")
    }
}

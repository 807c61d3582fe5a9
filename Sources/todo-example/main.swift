import Foundation
import TodoExample

// The example host: records the todo app into a file, for the demo, the
// fixtures script and the crash tests.
let usage = """
    Usage: todo-example demo <file>
           todo-example workload <file> [--actions <n>] [--seed <n>] [--report-every <n>]
    """
exit(await TodoHostCommand.run(Array(CommandLine.arguments.dropFirst()), usage: usage))

import Foundation
import TodoExample

// The example host: records the todo app into a file, for the demo, the
// fixtures script and the crash tests.
let usage = """
    OVERVIEW: Record the example todo app into a recording file.

    USAGE: todo-example demo <file>
           todo-example workload <file> [--actions <n>] [--seed <n>] [--report-every <n>] [--pause-ms <n>]

    OPTIONS:
      --actions <n>       How many actions the workload sends. (default: 1000)
      --seed <n>          The seed of the workload's random actions. (default: 1)
      --report-every <n>  Print 'sent N' after every n actions. (default: never)
      --pause-ms <n>      Wait this long after each action, so a recording grows slowly. (default: 0)
      -h, --help          Show help information.
    """
exit(await TodoHostCommand.run(Array(CommandLine.arguments.dropFirst()), usage: usage))

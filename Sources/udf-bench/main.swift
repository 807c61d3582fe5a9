BenchCommand.run(arguments: Array(CommandLine.arguments.dropFirst()))

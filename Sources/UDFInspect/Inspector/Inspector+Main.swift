import Foundation
import UDFLog
import UDFSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension Inspector {
    /// Runs the process's command line on the real stdout and stderr, then exits.
    ///
    /// For example, the whole of `main.swift`:
    ///
    /// ```swift
    /// Inspector.main(commands: [LogCommand.self, ShowCommand.self])
    /// ```
    public static func main(
        toolName: String = "udf-inspect",
        commands: [any InspectCommand.Type],
        configuration: InspectorConfiguration = .init()
    ) async -> Never {
        // Without this, writing to a pipe whose reader has gone (`| head`) kills the
        // process; ignored, the write fails with EPIPE and Console stops quietly.
        signal(SIGPIPE, SIG_IGN)
        InspectorHeap.keepFreedMemory()
        SQLiteLibrary.stopCountingMemory()
        PartialFileCleanup.install()
        let console = Console.standard()
        let inspector = Inspector(toolName: toolName, commands: commands, configuration: configuration)
        let status = await inspector.run(
            Array(CommandLine.arguments.dropFirst()),
            console: console,
            environment: ProcessInfo.processInfo.environment
        )
        console.flush()
        exit(status)
    }
}

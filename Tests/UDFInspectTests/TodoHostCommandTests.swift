import Foundation
import TestSupport
import Testing

/// `todo-example`'s own command line: help is help, never a file name.
@Suite struct TodoHostCommandTests {
    @Test(arguments: [["--help"], ["-h"], ["help"], ["workload", "-h"], ["workload", "out.udf", "--help"], ["demo", "--help"]])
    func helpPrintsTheUsageAndRecordsNothing(_ arguments: [String]) throws {
        let result = try Executables.run("todo-example", arguments)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout.hasPrefix("OVERVIEW: Record the example todo app into a recording file.\n\nUSAGE: todo-example demo <file>\n"))
        #expect(!FileManager.default.fileExists(atPath: "-h"))
        #expect(!FileManager.default.fileExists(atPath: "out.udf"))
    }

    @Test func anOptionWhereTheFileBelongsIsAnError() throws {
        let result = try Executables.run("todo-example", ["workload", "--actions", "3"])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: expected a file before the options, got '--actions'\n"))
    }
}

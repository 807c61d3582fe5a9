import Foundation

/// The package's built executables, which sit beside the test bundle.
public enum Executables {
    public static func url(_ name: String) -> URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        while directory.pathExtension == "xctest" || ["Contents", "MacOS"].contains(directory.lastPathComponent) {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent(name)
    }

    public static var inspector: URL { url("udf-inspect") }
    public static var todoExample: URL { url("todo-example") }

    /// Runs the built executable `name` with `input` on its stdin.
    public static func run(_ name: String, _ arguments: [String], input: String = "") throws -> Subprocess.Outcome {
        try Subprocess.run(url(name), arguments, input: input)
    }
}

import Foundation

/// The package's built executables, which sit beside the test bundle.
public enum Executables {
    public static func url(_ name: String) -> URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        while directory.pathExtension == "xctest" || directory.lastPathComponent == "Contents" || directory.lastPathComponent == "MacOS" {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent(name)
    }

    /// Runs the built executable `name` with `input` on its stdin.
    public static func run(_ name: String, _ arguments: [String], input: String = "") throws -> Subprocess {
        try Subprocess.run(url(name), arguments, input: input)
    }
}

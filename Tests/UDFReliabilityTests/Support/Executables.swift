import Foundation

/// The package's built executables, which sit beside the test bundle.
enum Executables {
    static func url(_ name: String) -> URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        while ["xctest"].contains(directory.pathExtension) || ["Contents", "MacOS"].contains(directory.lastPathComponent) {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent(name)
    }

    static var inspector: URL { url("udf-inspect") }
    static var todoExample: URL { url("todo-example") }
}

import Foundation

/// The package's built executables sit beside the test bundle.
enum Executables {
    static func url(_ name: String) -> URL {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var directory = testBinary.deletingLastPathComponent()
        while directory.pathExtension == "xctest" || directory.lastPathComponent == "Contents" || directory.lastPathComponent == "MacOS" {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent(name)
    }
}

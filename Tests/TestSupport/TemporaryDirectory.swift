import Foundation

/// A fresh directory per test, removed when the value is released.
public final class TemporaryDirectory {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("udf-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    public func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// A copy of a fixture that a test may change.
    public func copy(_ fixture: String, as name: String) throws -> String {
        let destination = path(name)
        try FileManager.default.copyItem(atPath: fixture, toPath: destination)
        return destination
    }
}

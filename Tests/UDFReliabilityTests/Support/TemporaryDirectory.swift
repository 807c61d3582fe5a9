import Foundation

/// A fresh directory per test, removed when the value is released.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("udf-reliability-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func path(_ name: String) -> String {
        url.appendingPathComponent(name).path
    }

    /// A copy of a committed fixture that a test may damage.
    func copy(_ fixture: String, as name: String) throws -> String {
        let destination = path(name)
        try FileManager.default.copyItem(atPath: fixture, toPath: destination)
        return destination
    }
}

import Foundation

/// The repository's committed fixtures; tests copy them before changing anything.
enum Fixtures {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url
            }
        }
        return url
    }()

    static func path(_ name: String) -> String {
        root.appendingPathComponent("fixtures").appendingPathComponent(name).path
    }

    /// The demo recording: 14 steps.
    static var demo: String { path("todo-demo.udf") }

    /// 1,000 pseudo-random actions of the example app.
    static var workload: String { path("todo-workload.udf") }
}

import Foundation

/// The committed fixtures, made by fixtures/make-fixtures.sh. Tests copy a
/// recording before changing anything.
public enum Fixtures {
    public static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
                return url
            }
        }
        return url
    }()

    public static func path(_ name: String) -> String {
        root.appendingPathComponent("fixtures").appendingPathComponent(name).path
    }

    /// The demo recording: 14 steps, the planted bug at step 11.
    public static var demo: String { path("todo-demo.udf") }

    /// 1,000 pseudo-random actions of the example app, seed 7.
    public static var workload: String { path("todo-workload.udf") }
}

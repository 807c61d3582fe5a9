import Foundation
import TestSupport

/// A folder of recordings as a team collects them: two good ones (one in a
/// subfolder), a damaged one, a foreign SQLite file and a text file named
/// `.udf`, and a file that is not `*.udf` and is not read.
struct FleetDirectory {
    let directory: TemporaryDirectory
    var root: String { directory.url.path }

    init() throws {
        directory = try TemporaryDirectory()
        let root = directory.url.path
        try FileManager.default.createDirectory(atPath: root + "/sub", withIntermediateDirectories: true)
        _ = try directory.copy(Fixtures.path("todo-demo-v1.udf"), as: "a.udf")
        _ = try directory.copy(Fixtures.workload, as: "sub/b.udf")
        let damaged = try directory.copy(Fixtures.workload, as: "c-damaged.udf")
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: damaged))
        try handle.seek(toOffset: 4 * 4_096)
        var garbage = SplitMix64(seed: 5)
        try handle.write(contentsOf: Data((0..<4_096).map { _ in UInt8(truncatingIfNeeded: garbage.next()) }))
        try handle.close()
        _ = try Subprocess.sqlite3(root + "/d-foreign.udf", "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hi')")
        _ = FileManager.default.createFile(atPath: root + "/e-notes.udf", contents: Data("remember the milk\n".utf8))
        _ = FileManager.default.createFile(atPath: root + "/readme.txt", contents: Data("not a recording\n".utf8))
    }

    /// `text` with the folder's path replaced by `{dir}`, for golden files.
    func portable(_ text: String) -> String {
        text.replacingOccurrences(of: root, with: "{dir}")
    }

    /// A command's status, stdout and stderr as one portable golden text.
    func transcript(_ result: InspectorHarness.Result) -> String {
        portable("exit \(result.status)\n--- stdout\n\(result.stdout)--- stderr\n\(result.stderr)")
    }
}

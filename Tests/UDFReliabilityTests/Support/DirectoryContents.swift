import Foundation

/// Every entry of a directory, hidden ones included, with its bytes: two
/// snapshots are equal only if nothing was added, removed or changed.
struct DirectoryContents: Equatable, CustomStringConvertible {
    let files: [String: Data]

    init(_ directory: String) throws {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            files[name] = FileManager.default.contents(atPath: directory + "/" + name) ?? Data()
        }
        self.files = files
    }

    var names: [String] { files.keys.sorted() }

    var description: String {
        names.map { "\($0) (\(files[$0]?.count ?? 0) bytes)" }.joined(separator: ", ")
    }
}

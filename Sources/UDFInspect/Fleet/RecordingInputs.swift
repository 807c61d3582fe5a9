import Foundation

/// The recordings a command was given: files as named, and, for each
/// directory, every `*.udf` file under it. Sorted by path, so every run
/// answers in the same order.
struct RecordingInputs: Equatable {
    /// Every file to read, sorted by path, without duplicates.
    let files: [String]
    /// True when the command was given more than one path or a directory:
    /// then every session of every file is read, and rows name their file.
    let isMany: Bool
    /// The directories among the paths, to name one when none holds a recording.
    let directories: [String]

    /// Expands `paths`. A path that does not exist is kept, so that reading
    /// it reports it like any other unreadable file.
    init(_ paths: [String]) {
        var files: Set<String> = []
        var directories: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                directories.append(path)
                files.formUnion(Self.recordings(under: path))
            } else {
                files.insert(path)
            }
        }
        // Byte order of the UTF-8 path: stable whatever the locale.
        self.files = files.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        isMany = paths.count > 1 || !directories.isEmpty
        self.directories = directories
    }

    /// Refuses a command line whose directories hold no recording at all.
    func requireFiles() throws(InspectError) {
        guard files.isEmpty, let directory = directories.first else { return }
        throw InspectError.cannotOpen(path: directory, reason: "is a directory holding no *.udf recording")
    }

    /// Every regular `*.udf` file under `directory`, at any depth, skipping
    /// hidden names. A `-wal` or `-shm` file travels with its recording.
    private static func recordings(under directory: String) -> [String] {
        let base = directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        guard let enumerator = FileManager.default.enumerator(atPath: directory) else { return [] }
        var found: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let name = (relative as NSString).lastPathComponent
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            guard name.hasSuffix(".udf") else { continue }
            let path = base + "/" + relative
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                found.append(path)
            }
        }
        return found
    }
}

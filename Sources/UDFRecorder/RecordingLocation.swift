import Foundation

/// Where a host keeps its recordings when it has no better place.
///
/// On iOS, macOS, tvOS, watchOS and visionOS that is
/// `Application Support/Recordings` in the app's container: not shown in
/// the Files app, not purged like `Caches`, and copied off a simulator or a
/// device with the container (see docs/embedding.md). Elsewhere it is
/// `$XDG_DATA_HOME/<app>/recordings`, or `~/.local/share/<app>/recordings`.
///
/// For example:
/// ```swift
/// let recorder = try Recorder(path: try RecordingLocation.file(app: "Todos"), app: "Todos")
/// ```
public enum RecordingLocation {
    /// The folder, created when missing.
    ///
    /// - Throws: the file system's error if the folder cannot be created.
    public static func directory(app: String) throws -> URL {
        #if canImport(Darwin)
        let base = try FileManager.default.url(
            for: .applicationSupportDirectory, in: .userDomainMask, appropriateFor: nil, create: true
        )
        let directory = base.appendingPathComponent("Recordings", isDirectory: true)
        #else
        let environment = ProcessInfo.processInfo.environment
        let data = environment["XDG_DATA_HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share", isDirectory: true)
        let directory = data.appendingPathComponent(app, isDirectory: true).appendingPathComponent("recordings", isDirectory: true)
        #endif
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// `<app>.udf` in `directory(app:)`: one file per app, one session per
    /// launch, so `udf-inspect sessions` lists the launches.
    public static func file(app: String) throws -> String {
        try directory(app: app).appendingPathComponent("\(app).udf").path
    }
}

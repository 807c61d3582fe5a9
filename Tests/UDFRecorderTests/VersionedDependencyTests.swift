import Foundation
import TestSupport
import Testing
import UDFRecorder

/// Another package depends on this one by version, as an app would: SwiftPM
/// refuses a dependency with unsafe flags, and a host must configure the
/// recorder with `import UDFRecorder` alone.
@Suite struct VersionedDependencyTests {
    /// One build of the consumer, in a scratch build folder: a few minutes.
    @Test(.timeLimit(.minutes(15)))
    func aConsumerPackageDependingOnATaggedVersionBuildsAndRecords() async throws {
        let directory = try TemporaryDirectory()
        let repository = directory.path("udf-timetravel")
        try copyPackage(to: repository)
        for arguments in [
            ["init", "-q"], ["add", "-A"],
            ["-c", "user.name=test", "-c", "user.email=test@example.com", "commit", "-qm", "release"],
            ["tag", "0.1.0"],
        ] {
            let git = try Subprocess.run(URL(fileURLWithPath: "/usr/bin/env"), ["git", "-C", repository] + arguments)
            try #require(git.status == 0, "git \(arguments): \(git.stderr)")
        }

        let consumer = directory.path("consumer")
        try FileManager.default.createDirectory(atPath: consumer + "/Sources/consumer", withIntermediateDirectories: true)
        try Self.manifest(dependingOn: repository).write(toFile: consumer + "/Package.swift", atomically: true, encoding: .utf8)
        try Self.main.write(toFile: consumer + "/Sources/consumer/main.swift", atomically: true, encoding: .utf8)

        let scratch = directory.path("build")
        let build = try await OffPool.run {
            try Subprocess.run(
                URL(fileURLWithPath: "/usr/bin/env"), ["swift", "build", "--package-path", consumer, "--scratch-path", scratch],
                timeout: 900
            )
        }
        try #require(build.status == 0, "\(build.stdout)\(build.stderr)")
        #expect(!build.stdout.contains("warning:") && !build.stderr.contains("warning:"), "\(build.stdout)\(build.stderr)")

        let recording = directory.path("consumer.udf")
        let run = try Subprocess.run(URL(fileURLWithPath: directory.path("build") + "/debug/consumer"), [recording])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "recorded 3 steps\n")
        let verified = try Executables.run("udf-inspect", ["verify", recording])
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
        let shown = try Executables.run("udf-inspect", ["show", recording, "2", "--json"])
        let state = try JSONParser().parse(Array(shown.stdout.utf8))["state"]
        #expect(try JSONParser().parse(Array(#"{"count":2,"onTap":"(Function)","secret":"<redacted>"}"#.utf8)) == state)
    }

    /// The package's manifest and sources, as a release would hold them.
    private func copyPackage(to destination: String) throws {
        let manager = FileManager.default
        try manager.createDirectory(atPath: destination, withIntermediateDirectories: true)
        for item in ["Package.swift", "Sources", "Tests"] {
            try manager.copyItem(atPath: Fixtures.root.appendingPathComponent(item).path, toPath: destination + "/" + item)
        }
    }

    private static func manifest(dependingOn repository: String) -> String {
        """
        // swift-tools-version:6.0
        import PackageDescription

        let package = Package(
            name: "consumer",
            platforms: [.macOS(.v15), .iOS(.v18)],
            dependencies: [.package(url: "file://\(repository)", from: "0.1.0")],
            targets: [
                .executableTarget(name: "consumer", dependencies: [.product(name: "UDFRecorder", package: "udf-timetravel")]),
            ]
        )

        """
    }

    /// A host with a store of its own, a state that is not Codable, and a
    /// redaction path: every type from `import UDFRecorder` alone.
    private static let main = """
        import UDFRecorder

        struct Screen {
            var count = 0
            var secret = "hunter2"
            var onTap: () -> Void = {}
        }

        enum Tap { case tap }

        let options = RecorderOptions(redactor: Redactor(paths: [try JSONPath(parsing: ".secret")]), shadowCheck: true)
        let recorder = try Recorder(path: CommandLine.arguments[1], app: "Consumer", options: options)
        var screen = Screen()
        recorder.start(state: screen)
        for _ in 0..<2 {
            screen.count += 1
            recorder.record(action: Tap.tap, state: screen)
        }
        try recorder.close()
        print("recorded 3 steps")

        """
}

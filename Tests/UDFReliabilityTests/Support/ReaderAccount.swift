import Foundation
import TestSupport
import Testing

/// The account that runs the built `udf-inspect` in the read-only tests.
///
/// Root ignores permission bits, so a read-only directory or file proves
/// nothing to a root reader. When the tests run as root (as in CI), readers
/// run as `nobody` through `setpriv`; otherwise as the current user.
struct ReaderAccount {
    static let nobody: uid_t = 65_534
    static var isRoot: Bool { getuid() == 0 }

    let uid: uid_t
    let gid: gid_t
    /// A copy of `udf-inspect` the account can run: `.build` may sit under a
    /// directory it cannot enter.
    let inspector: URL

    /// Copies `udf-inspect` into `directory` and checks that the account can
    /// start it (its Swift runtime libraries must be readable to others).
    init(copyingInspectorInto directory: TemporaryDirectory) throws {
        if Self.isRoot {
            (uid, gid) = (Self.nobody, Self.nobody)
        } else {
            (uid, gid) = (getuid(), getgid())
        }
        let bin = directory.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: false)
        inspector = URL(fileURLWithPath: bin + "/udf-inspect")
        try Self.copyExecutable(Executables.inspector.path, to: inspector.path)
        try Self.chmod(directory.url.path, 0o755)
        try Self.chmod(bin, 0o755)
        var probe = try run(["--help"])
        // A child that another test forks while the copy is open for writing
        // holds that descriptor until it execs: exec then fails with ETXTBSY.
        for _ in 1...50 where probe.status == 126 && probe.stderr.contains("Text file busy") {
            usleep(20_000)
            probe = try run(["--help"])
        }
        guard probe.status == 0, probe.stdout.hasPrefix("OVERVIEW:") else {
            throw ReaderAccountError.cannotRun("uid \(uid) cannot run \(inspector.path): exit \(probe.status), \(probe.stderr)")
        }
    }

    /// Runs `udf-inspect` with `arguments` as this account.
    func run(_ arguments: [String], input: String? = nil) throws -> Subprocess.Outcome {
        if uid == getuid() {
            return try Subprocess.run(inspector, arguments, input: input, timeout: 120)
        }
        let setpriv = ["--reuid=\(uid)", "--regid=\(gid)", "--clear-groups", inspector.path]
        return try Subprocess.run(URL(fileURLWithPath: "/usr/bin/setpriv"), setpriv + arguments, input: input, timeout: 120)
    }

    /// Gives `path` to this account, so that "the reader owns the file"
    /// holds when the tests run as root.
    func own(_ path: String) throws {
        guard uid != getuid() else { return }
        guard chown(path, uid, gid) == 0 else {
            throw ReaderAccountError.cannotRun("chown \(path): \(String(cString: strerror(errno)))")
        }
    }

    /// Copies through a close-on-exec descriptor, so children forked
    /// meanwhile do not keep the new executable open for writing.
    static func copyExecutable(_ source: String, to destination: String) throws {
        let bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        let descriptor = open(destination, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard descriptor >= 0 else {
            throw ReaderAccountError.cannotRun("create \(destination): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            guard written > 0 else {
                throw ReaderAccountError.cannotRun("write \(destination): \(String(cString: strerror(errno)))")
            }
            offset += written
        }
    }

    static func chmod(_ path: String, _ mode: mode_t) throws {
        guard Glibc.chmod(path, mode) == 0 else {
            throw ReaderAccountError.cannotRun("chmod \(path): \(String(cString: strerror(errno)))")
        }
    }
}

enum ReaderAccountError: Error, CustomStringConvertible {
    case cannotRun(String)

    var description: String {
        switch self {
        case .cannotRun(let reason): reason
        }
    }
}

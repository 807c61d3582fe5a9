import Foundation
import TestSupport
import Testing
import UDFJSON
import UDFLog

/// Recordings anyone can read: a closed recording is one file in rollback
/// mode, and every read command works on it from a directory the reader
/// cannot write, on a read-only file, and for a user who does not own it,
/// leaving the directory exactly as it was. See docs/format.md, "Journal mode".
///
/// Readers are the built `udf-inspect`, run as `nobody` when the tests run as
/// root (`ReaderAccount`).
@Suite struct ReadOnlyRecordingTests {
    /// Read commands whose exact output on the demo fixture is a golden file.
    static let goldenCommands: [(golden: String, arguments: [String])] = [
        ("sessions", ["sessions"]),
        ("timelines", ["timelines"]),
        ("log", ["log"]),
        ("show-11", ["show", "11"]),
        ("diff-11", ["diff", "11"]),
        ("find-becomes", ["find", "--where", "not (.todos[id=2] exists)", "--becomes"]),
        ("blame-todo-2", ["blame", ".todos[id=2]"]),
        ("why-7", ["why", "7"]),
        ("stats", ["stats"]),
        ("verify", ["verify"]),
    ]

    static let stepScript = """
        jump 11
        state .todos[id=3]
        diff
        find .filter == "all"
        prev
        quit

        """

    static func golden(_ name: String) throws -> String {
        try String(contentsOfFile: Fixtures.path("golden/\(name).txt"), encoding: .utf8)
    }

    /// Bytes 18 and 19 of the SQLite header: 1 for a rollback journal, 2 for WAL.
    static func journalVersions(_ path: String) throws -> [UInt8] {
        let header = try FileHandle(forReadingFrom: URL(fileURLWithPath: path)).read(upToCount: 20) ?? Data()
        return Array(header.suffix(2))
    }

    // MARK: The file a closed recording leaves

    @Test func aClosedRecordingIsOneFileInRollbackMode() throws {
        let directory = try TemporaryDirectory()
        let host = try Subprocess.run(Executables.todoExample, ["demo", directory.path("app.udf")])
        #expect(host.status == 0 && host.stderr == "", "\(host.stderr)")
        #expect(try DirectoryContents(directory.url.path).names == ["app.udf"])
        #expect(try Self.journalVersions(directory.path("app.udf")) == [1, 1])
        #expect(try Subprocess.sqlite3(directory.path("app.udf"), "PRAGMA journal_mode").stdout == "delete\n")

        // Copied alone into a place the reader cannot write, it reads the same.
        let reader = try ReaderAccount(copyingInspectorInto: directory)
        let copy = directory.path("copy")
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: directory.path("app.udf"), toPath: copy + "/app.udf")
        try reader.own(copy)
        try reader.own(copy + "/app.udf")
        try ReaderAccount.chmod(copy, 0o555)
        defer { try? ReaderAccount.chmod(copy, 0o755) }
        for arguments in [["sessions"], ["log"], ["verify"]] {
            let original = try Subprocess.run(Executables.inspector, [arguments[0], directory.path("app.udf")])
            let copied = try reader.run([arguments[0], copy + "/app.udf"])
            #expect(original.status == 0)
            #expect(copied.status == 0, "\(arguments): \(copied.stderr)")
            #expect(copied.stderr == "")
            #expect(copied.stdout == original.stdout, "\(arguments)")
        }
        #expect(try DirectoryContents(copy).names == ["app.udf"])
    }

    /// A second connection (here a reader in the same process, as a
    /// `log --follow` would be) keeps the file in WAL when the writer closes;
    /// every step is in the main file anyway. The next writer that closes
    /// alone puts it back in rollback mode.
    @Test func aWriterClosingWhileAReaderHasTheFileLeavesItInWALUntilTheNextClose() throws {
        let directory = try TemporaryDirectory()
        let folder = directory.path("recording")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let path = folder + "/shared.udf"
        let options = RecordingWriter.Options(keyframePolicy: KeyframePolicy(interval: 16))
        let writer = try RecordingWriter(path: path, app: "Notebook", options: options)
        try writer.append((0...20).map(Self.step))
        var reader: Recording? = try Recording(path: path)
        #expect(try reader?.session(nil).stepCount == 21)
        try writer.close()
        #expect(try Self.journalVersions(path) == [2, 2])
        #expect(try DirectoryContents(folder).files["shared.udf-wal"] == Data())
        #expect(try reader?.session(nil).status == .closed)

        // Only the main file, copied where the reader cannot write: complete.
        let account = try ReaderAccount(copyingInspectorInto: directory)
        let copy = directory.path("copy")
        try FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: false)
        try FileManager.default.copyItem(atPath: path, toPath: copy + "/shared.udf")
        try ReaderAccount.chmod(copy, 0o555)
        defer { try? ReaderAccount.chmod(copy, 0o755) }
        let verify = try account.run(["verify", copy + "/shared.udf"])
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stdout == "ok: 1 session, 1 timeline, 21 steps, 2 keyframes; integrity_check ok; every state hash verified\n")
        #expect(try DirectoryContents(copy).names == ["shared.udf"])

        // A read-only connection closing last cannot remove the WAL files.
        reader = nil
        #expect(try DirectoryContents(folder).names == ["shared.udf", "shared.udf-shm", "shared.udf-wal"])
        let next = try RecordingWriter(path: path, app: "Notebook")
        try next.append([Self.step(0)])
        try next.close()
        #expect(try Self.journalVersions(path) == [1, 1])
        #expect(try DirectoryContents(folder).names == ["shared.udf"])
        #expect(try Recording(path: path).sessions().map(\.stepCount) == [21, 1])
    }

    /// A step of a small host whose state is big enough that patches, not
    /// keyframes, store the steps after step 0.
    static func step(_ n: Int) -> StepInput {
        StepInput(
            step: n, time: Date(timeIntervalSince1970: 1_800_000_000 + Double(n)),
            action: n == 0 ? nil : ["tick": [:]], actionName: n == 0 ? nil : "tick",
            cause: nil, reducerNanoseconds: n == 0 ? nil : 1_000,
            state: ["notes": .string(String(repeating: "note ", count: 40)), "ticks": .number(JSONNumber(n))]
        )
    }

    // MARK: Every read command, three ways of not being able to write

    @Test func everyReadCommandWorksInADirectoryTheReaderCannotWrite() throws {
        let directory = try TemporaryDirectory()
        let reader = try ReaderAccount(copyingInspectorInto: directory)
        let folder = directory.path("read-only")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let path = try directory.copy(Fixtures.demo, as: "read-only/demo.udf")
        try reader.own(folder)
        try reader.own(path)
        try ReaderAccount.chmod(folder, 0o555)
        defer { try? ReaderAccount.chmod(folder, 0o755) }
        try checkEveryReadCommand(on: path, as: reader, exportingTo: try writableFolder(in: directory, for: reader))
    }

    /// In rollback mode, and in WAL mode with no `-wal` (as `udf-inspect
    /// branch` leaves a file): a reader that cannot write the file must not
    /// leave WAL files beside it.
    @Test func everyReadCommandWorksOnAReadOnlyFile() throws {
        let directory = try TemporaryDirectory()
        let reader = try ReaderAccount(copyingInspectorInto: directory)
        let output = try writableFolder(in: directory, for: reader)
        for wal in [false, true] {
            let name = wal ? "writable-wal" : "writable"
            let folder = directory.path(name)
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
            let path = try Self.demo(in: directory, as: "\(name)/demo.udf", wal: wal)
            try reader.own(folder)
            try reader.own(path)
            try ReaderAccount.chmod(path, 0o444)
            try checkEveryReadCommand(on: path, as: reader, exportingTo: output + "/" + name)
        }
    }

    /// Only root can make a second account read; a non-root run skips this
    /// test visibly, it does not pass it.
    @Test(.enabled(if: ReaderAccount.isRoot, "needs root to run udf-inspect as nobody"))
    func everyReadCommandWorksForAUserWhoDoesNotOwnTheFile() throws {
        let directory = try TemporaryDirectory()
        let reader = try ReaderAccount(copyingInspectorInto: directory)
        let output = try writableFolder(in: directory, for: reader)
        // Root's file in root's folder, and in a sticky folder anyone may
        // write, where SQLite could create side files if it wanted to; in
        // rollback mode and in WAL mode with no `-wal`.
        for (folderName, mode) in [("owned-by-root", mode_t(0o755)), ("sticky", mode_t(0o1777))] {
            for wal in [false, true] {
                let name = folderName + (wal ? "-wal" : "")
                let folder = directory.path(name)
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
                let path = try Self.demo(in: directory, as: "\(name)/demo.udf", wal: wal)
                try ReaderAccount.chmod(folder, mode)
                try ReaderAccount.chmod(path, 0o644)
                try checkEveryReadCommand(on: path, as: reader, exportingTo: output + "/" + name)
            }
        }
    }

    /// A copy of the demo fixture, switched to WAL mode if `wal` (the
    /// `sqlite3` shell removes the `-wal` as it exits, the header stays WAL).
    static func demo(in directory: TemporaryDirectory, as name: String, wal: Bool) throws -> String {
        let path = try directory.copy(Fixtures.demo, as: name)
        if wal {
            let shell = try Subprocess.sqlite3(path, "PRAGMA journal_mode = WAL")
            guard shell.stdout == "wal\n", !FileManager.default.fileExists(atPath: path + "-wal") else {
                throw ReaderAccountError.cannotRun("sqlite3 left \(path) in \(shell.stdout)\(shell.stderr)")
            }
        }
        return path
    }

    /// A folder the reader may write, for `export`'s output.
    func writableFolder(in directory: TemporaryDirectory, for reader: ReaderAccount) throws -> String {
        let folder = directory.path("out")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        try reader.own(folder)
        return folder
    }

    /// Runs every read command on `path` as `reader` and compares its output
    /// with the golden text (or, for `step` and a JSON export, with the same
    /// command run on the fixture where it lives). The folder holding `path`
    /// must be byte-for-byte unchanged afterwards: no `-wal`, `-shm` or
    /// `-journal` appears.
    func checkEveryReadCommand(
        on path: String, as reader: ReaderAccount, exportingTo output: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let folder = (path as NSString).deletingLastPathComponent
        let before = try DirectoryContents(folder)
        if !FileManager.default.fileExists(atPath: output) {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: false)
            try reader.own(output)
        }

        for (golden, arguments) in Self.goldenCommands {
            let outcome = try reader.run([arguments[0], path] + arguments.dropFirst())
            #expect(outcome.status == 0, "\(path) \(golden): \(outcome.stderr)", sourceLocation: sourceLocation)
            #expect(outcome.stderr == "", "\(path) \(golden)", sourceLocation: sourceLocation)
            #expect(outcome.stdout == (try Self.golden(golden)), "\(path) \(golden)", sourceLocation: sourceLocation)
        }

        let expectedStep = try Subprocess.run(Executables.inspector, ["step", Fixtures.demo], input: Self.stepScript)
        let step = try reader.run(["step", path], input: Self.stepScript)
        #expect(step.status == 0 && step.stderr == "", "\(path) step: \(step.stderr)", sourceLocation: sourceLocation)
        #expect(step.stdout == expectedStep.stdout, "\(path) step", sourceLocation: sourceLocation)
        #expect(step.stdout.contains("step 11 of 13"), sourceLocation: sourceLocation)

        let exported = output + "/demo.udf"
        let export = try reader.run(["export", path, "--format", "udf", "-o", exported])
        #expect(export.status == 0, "\(path) export: \(export.stderr)", sourceLocation: sourceLocation)
        #expect(export.stdout == """
            Exported steps 0…13 of session 1, timeline main (14 steps) as udf to \(exported)
            Redacted 0 values.

            """, sourceLocation: sourceLocation)
        #expect(try Self.journalVersions(exported) == [1, 1], sourceLocation: sourceLocation)
        let exportedLog = try reader.run(["log", exported])
        #expect(exportedLog.stdout == (try Self.golden("log")), sourceLocation: sourceLocation)

        let json = output + "/demo.json"
        let reference = FileManager.default.temporaryDirectory.appendingPathComponent("udf-reference-\(UUID().uuidString).json").path
        defer { try? FileManager.default.removeItem(atPath: reference) }
        _ = try Subprocess.run(Executables.inspector, ["export", Fixtures.demo, "--format", "json", "-o", reference])
        let jsonExport = try reader.run(["export", path, "--format", "json", "-o", json])
        #expect(jsonExport.status == 0, "\(path) export json: \(jsonExport.stderr)", sourceLocation: sourceLocation)
        #expect(FileManager.default.contents(atPath: json) == FileManager.default.contents(atPath: reference), sourceLocation: sourceLocation)

        let after = try DirectoryContents(folder)
        #expect(after == before, "\(path)\nbefore: \(before)\nafter: \(after)", sourceLocation: sourceLocation)
    }

    // MARK: WAL-mode files

    /// A WAL-mode file with no `-wal` beside it (copied while a reader held
    /// it, or last written by `udf-inspect branch`) in a folder the reader
    /// cannot write: SQLite could not create the WAL files, so it is read
    /// immutable, in full.
    @Test func aWALModeFileWithNoWALIsReadImmutableWhereTheReaderCannotWrite() throws {
        let directory = try TemporaryDirectory()
        let reader = try ReaderAccount(copyingInspectorInto: directory)
        let folder = directory.path("wal")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let path = try Self.demo(in: directory, as: "wal/demo.udf", wal: true)
        #expect(try DirectoryContents(folder).names == ["demo.udf"])
        #expect(try Self.journalVersions(path) == [2, 2])
        try reader.own(folder)
        try reader.own(path)
        try ReaderAccount.chmod(folder, 0o555)
        defer { try? ReaderAccount.chmod(folder, 0o755) }
        let before = try DirectoryContents(folder)
        for (golden, arguments) in Self.goldenCommands {
            let outcome = try reader.run([arguments[0], path] + arguments.dropFirst())
            #expect(outcome.status == 0, "\(golden): \(outcome.stderr)")
            #expect(outcome.stdout == (try Self.golden(golden)), "\(golden)")
        }
        #expect(try DirectoryContents(folder) == before)
    }

    /// A host killed mid-recording leaves steps in its `-wal`. Copied with
    /// its `-wal` but not its `-shm` into a folder the reader cannot write,
    /// SQLite cannot read that WAL; reading the main file alone would hide
    /// committed steps, so the file is refused in one line.
    @Test func aWALWithoutItsIndexWhereTheReaderCannotWriteIsRefusedInOneLine() throws {
        let directory = try TemporaryDirectory()
        let reader = try ReaderAccount(copyingInspectorInto: directory)
        let crashed = try Self.recordAndKill(into: directory.path("crashed.udf"))
        #expect(crashed.walBytes > 0)
        let folder = directory.path("copy")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        for suffix in ["", "-wal"] {
            try FileManager.default.copyItem(atPath: directory.path("crashed.udf") + suffix, toPath: folder + "/crashed.udf" + suffix)
        }
        try ReaderAccount.chmod(folder, 0o555)
        defer { try? ReaderAccount.chmod(folder, 0o755) }
        let path = folder + "/crashed.udf"
        let before = try DirectoryContents(folder)
        for command in ["sessions", "verify"] {
            let outcome = try reader.run([command, path])
            #expect(outcome.status == 66)
            #expect(outcome.stdout == "")
            #expect(outcome.stderr == """
                Error: cannot open '\(path)': its -wal file holds steps not yet in the file, and reading them needs a -shm file this directory does not allow; copy both to a directory you can write

                """)
        }
        #expect(try DirectoryContents(folder) == before)
    }

    /// A recording still being written, and then its host killed, read by
    /// another user from the host's folder: with the WAL, as always.
    @Test(.enabled(if: ReaderAccount.isRoot, "needs root to run udf-inspect as nobody"))
    func aLiveRecordingIsReadWithItsWALByAnotherUser() throws {
        let directory = try TemporaryDirectory()
        let reader = try ReaderAccount(copyingInspectorInto: directory)
        let folder = directory.path("host")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let path = folder + "/live.udf"
        let host = try Subprocess(Executables.todoExample, [
            "workload", path, "--actions", "100000000", "--seed", "3", "--report-every", "100",
        ])
        defer {
            if host.process.isRunning { kill(host.process.processIdentifier, SIGKILL) }
        }
        #expect(host.waitForOutput(seconds: 60) { $0.contains("sent 500\n") }, "\(host.stderr)")

        let live = try reader.run(["sessions", path])
        #expect(live.status == 0, "\(live.stderr)")
        let row = try #require(live.stdout.split(separator: "\n").last)
        #expect(row.contains(" recording "), "\(live.stdout)")
        // The writer may not have committed its first batch yet on a busy
        // machine: "sent" counts queued steps, not written ones.
        var log = try reader.run(["log", path, "--last", "1"])
        for _ in 0..<300 where log.status != 0 {
            Thread.sleep(forTimeInterval: 0.1)
            log = try reader.run(["log", path, "--last", "1"])
        }
        #expect(log.status == 0, "\(log.stderr)")

        kill(host.process.processIdentifier, SIGKILL)
        _ = host.wait(seconds: 30)
        let names = try DirectoryContents(folder).names
        #expect(names == ["live.udf", "live.udf-shm", "live.udf-wal"])
        // Root's own read first: it may rebuild the dead host's -shm.
        let committed = try Recording(path: path).session(nil).stepCount
        let before = try DirectoryContents(folder)
        let after = try reader.run(["sessions", path])
        #expect(after.stdout.split(separator: "\n").last?.contains(" interrupted ") == true, "\(after.stdout)")
        let verify = try reader.run(["verify", path])
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stdout.hasPrefix("ok: 1 session, 1 timeline, \(committed) steps, "), "\(verify.stdout)")
        #expect(try DirectoryContents(folder) == before)
    }

    /// Records the todo workload into `path` and kills the host with SIGKILL
    /// once it has sent 300 actions, so committed steps sit in the `-wal`.
    static func recordAndKill(into path: String) throws -> (steps: Int, walBytes: Int) {
        let host = try Subprocess(Executables.todoExample, [
            "workload", path, "--actions", "100000000", "--seed", "5", "--report-every", "100",
        ])
        let started = host.waitForOutput(seconds: 60) { $0.contains("sent 300\n") }
        kill(host.process.processIdentifier, SIGKILL)
        _ = host.wait(seconds: 30)
        guard started else { throw ReaderAccountError.cannotRun("the host never reported: \(host.stderr)") }
        let wal = try FileManager.default.attributesOfItem(atPath: path + "-wal")[.size] as? Int ?? 0
        return (try Recording(path: path).session(nil).stepCount, wal)
    }
}

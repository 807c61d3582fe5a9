import Foundation
import TestSupport
import Testing
import TodoExample
import UDFInspect

/// Every `udf-inspect` command against every kind of bad input: one clear
/// line, a documented exit code, no trap, no hang, and the file untouched.
@Suite struct InspectBadInputMatrixTests {
    /// How each command is called. `{file}` is the recording, `{step}`,
    /// `{path}` and `{expr}` the arguments the matrix spoils one at a time.
    /// A new command needs a row here; the first test fails until it has one.
    struct Template: Sendable {
        /// The arguments after the command's name.
        let arguments: [String]
        /// True when the command creates `{file}` when it is missing or empty.
        var writesFile = false
    }

    static let templates: [String: Template] = [
        "sessions": Template(arguments: ["{file}"]),
        "timelines": Template(arguments: ["{file}"]),
        "log": Template(arguments: ["{file}", "--last", "5"]),
        "show": Template(arguments: ["{file}", "{step}", "--path", "{path}"]),
        "diff": Template(arguments: ["{file}", "{step}", "--path", "{path}"]),
        "find": Template(arguments: ["{file}", "--where", "{expr}", "--from", "{step}"]),
        "blame": Template(arguments: ["{file}", "{path}", "--at", "{step}"]),
        "why": Template(arguments: ["{file}", "{step}"]),
        "stats": Template(arguments: ["{file}"]),
        "step": Template(arguments: ["{file}", "--at", "{step}"]),
        "branch": Template(arguments: ["{file}", "--at", "{step}", "--name", "matrix"]),
        "replay": Template(arguments: ["{file}", "--from", "{step}", "--name", "matrix"]),
        "verify": Template(arguments: ["{file}"]),
        "export": Template(arguments: ["{file}", "--format", "json", "--from", "{step}", "--to", "{step}", "-o", "{out}"]),
        "testgen": Template(arguments: [
            "{file}", "--from", "{step}", "--module", "TodoExample", "--state", "AppState", "--action", "AppAction",
            "--reducer", "appReducer", "-o", "{out}",
        ]),
        "import": Template(arguments: ["{file}", "{in}"], writesFile: true),
        "demo": Template(arguments: ["--out", "{file}"], writesFile: true),
    ]

    static let good = ["{step}": "3", "{path}": ".todos", "{expr}": ".nextID > 0"]

    static func arguments(_ command: String, file: String, directory: TemporaryDirectory, replacing: [String: String] = [:]) -> [String] {
        let template = templates[command]?.arguments ?? []
        let values = good.merging(replacing) { $1 }.merging([
            "{file}": file,
            "{out}": directory.path("out-\(UUID().uuidString).json"),
            "{in}": Fixtures.path("redux/counter-actions.json"),
        ]) { $1 }
        return [command] + template.map { values[$0] ?? $0 }
    }

    static var commandNames: [String] { Inspector.builtInCommands.map { $0.spec.name } }

    @Test func everyCommandHasATemplate() {
        let missing = Self.commandNames.filter { Self.templates[$0] == nil }
        #expect(missing == [], "add a row to InspectBadInputMatrixTests.templates for: \(missing.joined(separator: ", "))")
    }

    @Test(arguments: commandNames)
    func theTemplateWorksOnAGoodRecording(_ command: String) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.copy(Fixtures.demo, as: "good.udf")
        let outcome = try Subprocess.run(Executables.inspector, Self.arguments(command, file: file, directory: directory), timeout: 120)
        #expect(outcome.exited && outcome.status == 0, "\(command): \(outcome.status) \(outcome.stderr)")
    }

    /// A bad file, and what every command that reads it must say.
    struct BadFile: Sendable, CustomStringConvertible {
        let name: String
        let status: Int32
        /// The error line, given the file's path.
        let message: @Sendable (String) -> String
        let make: @Sendable (TemporaryDirectory) throws -> String
        var description: String { name }
    }

    static func damaged(_ name: String, _ change: @escaping @Sendable (String) throws -> Void) -> @Sendable (TemporaryDirectory) throws -> String {
        { directory in
            let path = try directory.copy(Fixtures.workload, as: "\(name).udf")
            try change(path)
            return path
        }
    }

    static func truncated(at offset: UInt64, message: @escaping @Sendable (String) -> String) -> BadFile {
        BadFile(name: "truncated-\(offset)", status: 65, message: message, make: damaged("truncated-\(offset)") { path in
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.truncate(atOffset: offset)
            try handle.close()
        })
    }

    static func garbagePage(_ page: UInt64) -> BadFile {
        BadFile(name: "garbage-page-\(page)", status: 65, message: { "Error: '\($0)' is damaged: " }, make: damaged("garbage-\(page)") { path in
            let handle = try #require(FileHandle(forWritingAtPath: path))
            try handle.seek(toOffset: (page - 1) * 4_096)
            var garbage = TestSupport.SplitMix64(seed: page)
            try handle.write(contentsOf: Data((0..<4_096).map { _ in UInt8(truncatingIfNeeded: garbage.next()) }))
            try handle.close()
        })
    }

    static let workloadSize = 319_488

    static let badFiles: [BadFile] = [
        BadFile(name: "missing", status: 66, message: { "Error: cannot open '\($0)': no such file" }) { $0.path("missing.udf") },
        BadFile(name: "empty", status: 65, message: { "Error: '\($0)' is empty, not a udf recording" }) { directory in
            let path = directory.path("empty.udf")
            _ = FileManager.default.createFile(atPath: path, contents: Data())
            return path
        },
        BadFile(name: "directory", status: 66, message: { "Error: cannot open '\($0)': is a directory" }) { directory in
            let path = directory.path("folder.udf")
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            return path
        },
        BadFile(name: "text", status: 65, message: { "Error: '\($0)' is not a SQLite database, so not a udf recording" }) { directory in
            let path = directory.path("notes.txt")
            _ = FileManager.default.createFile(atPath: path, contents: Data("remember the milk\n".utf8))
            return path
        },
        BadFile(name: "foreign-sqlite", status: 65, message: { "Error: '\($0)' is a SQLite database but not a udf recording" }) { directory in
            let path = directory.path("foreign.db")
            _ = try Subprocess.sqlite3(path, "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('hi')")
            return path
        },
        truncated(at: 50) { "Error: '\($0)' is truncated: its SQLite header is cut short" },
        truncated(at: 100) { "Error: '\($0)' is truncated: it has 100 bytes, its header says \(workloadSize)" },
        truncated(at: 4_096) { "Error: '\($0)' is truncated: it has 4096 bytes, its header says \(workloadSize)" },
        truncated(at: 100_000) { "Error: '\($0)' is truncated: it has 100000 bytes, its header says \(workloadSize)" },
        truncated(at: 315_392) { "Error: '\($0)' is truncated: it has 315392 bytes, its header says \(workloadSize)" },
        garbagePage(2),
        garbagePage(5),
        garbagePage(40),
        garbagePage(77),
        BadFile(name: "future-version", status: 65, message: {
            "Error: '\($0)' is a recording of format version 99; this build reads versions up to 7, upgrade udf-timetravel"
        }, make: damaged("future") { _ = try Subprocess.sqlite3($0, "PRAGMA user_version = 99") }),
        BadFile(name: "wrong-application-id", status: 65, message: { "Error: '\($0)' is a SQLite database but not a udf recording" },
                make: damaged("foreign-id") { _ = try Subprocess.sqlite3($0, "PRAGMA application_id = 1234") }),
    ]

    @Test(arguments: badFiles)
    func everyCommandRefusesABadFileInOneLineAndLeavesItUnchanged(_ bad: BadFile) throws {
        for command in Self.commandNames {
            // A fresh bad file per command: `import` and `demo` may create one.
            let directory = try TemporaryDirectory()
            let path = try bad.make(directory)
            let before = Snapshot(path)
            let template = try #require(Self.templates[command], "no template for \(command)")
            let outcome = try Subprocess.run(Executables.inspector, Self.arguments(command, file: path, directory: directory), timeout: 60)
            #expect(outcome.exited && !outcome.timedOut, "\(command) on \(bad.name): trapped or hung")
            if template.writesFile && ["missing", "empty"].contains(bad.name) {
                // A command that creates the file may start one here.
                #expect(outcome.status == 0, "\(command) on \(bad.name): \(outcome.stderr)")
                continue
            }
            #expect(outcome.status == bad.status, "\(command) on \(bad.name): \(outcome.stderr)")
            let lines = outcome.stderr.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.count == 2 && lines[1] == "", "\(command) on \(bad.name): \(outcome.stderr)")
            #expect(outcome.stderr.hasPrefix(bad.message(path)), "\(command) on \(bad.name): \(outcome.stderr)")
            #expect(Snapshot(path) == before, "\(command) changed \(bad.name)")
        }
    }

    /// Spoilt arguments on a good recording: usage errors, exit 64.
    static let badArguments: [(name: String, replacing: [String: String], appending: [String])] = [
        ("malformed step", ["{step}": "x1"], []),
        ("step past the end", ["{step}": "9999"], []),
        ("negative step", ["{step}": "-3"], []),
        ("bad path", ["{path}": ".todos[=="], []),
        ("bad expression", ["{expr}": ".todos.count >>> ("], []),
        ("unknown flag", [:], ["--no-such-flag"]),
    ]

    @Test(arguments: commandNames)
    func spoiltArgumentsAreUsageErrors(_ command: String) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.copy(Fixtures.demo, as: "good.udf")
        let before = Snapshot(file)
        let template = try #require(Self.templates[command])
        for bad in Self.badArguments {
            let spoils = bad.replacing.keys.allSatisfy { template.arguments.contains($0) }
            guard spoils else { continue }
            let arguments = Self.arguments(command, file: file, directory: directory, replacing: bad.replacing) + bad.appending
            let outcome = try Subprocess.run(Executables.inspector, arguments, timeout: 60)
            #expect(outcome.exited && !outcome.timedOut, "\(command), \(bad.name): trapped or hung")
            #expect(outcome.status == 64, "\(command), \(bad.name): \(outcome.status) \(outcome.stderr)")
            #expect(outcome.stderr.hasPrefix("Error: "), "\(command), \(bad.name): \(outcome.stderr)")
            #expect(!outcome.stderr.contains("Fatal error"), "\(command), \(bad.name)")
        }
        #expect(Snapshot(file) == before)
    }
}

extension InspectBadInputMatrixTests {
    /// How each command that reads many recordings is called on a folder.
    static let folderTemplates: [String: [String]] = [
        "sessions": ["{dir}"],
        "find": ["{dir}", "--where", ".nextID > 0"],
        "stats": ["{dir}"],
        "export": ["{dir}", "--format", "ndjson", "-o", "{out}"],
    ]

    /// A folder of good, damaged and foreign files: every command that reads
    /// many recordings answers for the good ones, gives each bad one exactly
    /// its line on stderr, exits with 3 (partial), and changes no file.
    @Test(arguments: folderTemplates.keys.sorted())
    func aFolderMixingGoodDamagedAndForeignFilesIsAnsweredInPart(_ command: String) throws {
        let directory = try TemporaryDirectory()
        let folder = directory.path("recordings")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let folderDirectory = FolderFiles(folder)
        let good = [try folderDirectory.copy(Fixtures.demo, as: "a-good.udf"), try folderDirectory.copy(Fixtures.workload, as: "z-good.udf")]
        var bad: [(path: String, message: String)] = []
        for file in Self.badFiles where !["missing", "directory"].contains(file.name) {
            let made = try file.make(directory)
            let path = folder + "/bad-\(file.name).udf"
            try FileManager.default.moveItem(atPath: made, toPath: path)
            bad.append((path, file.message(path)))
        }
        let everything = (good + bad.map(\.path)).sorted()
        let before = everything.map(Snapshot.init)
        let values = ["{dir}": folder, "{out}": directory.path("out.ndjson")]
        let arguments = [command] + (Self.folderTemplates[command] ?? []).map { values[$0] ?? $0 }
        let outcome = try Subprocess.run(Executables.inspector, arguments, timeout: 120)
        #expect(outcome.exited && !outcome.timedOut, "\(command): trapped or hung")
        #expect(outcome.status == 3, "\(command): \(outcome.status) \(outcome.stderr)")
        let lines = outcome.stderr.split(separator: "\n").map(String.init)
        let expected = bad.sorted { $0.path < $1.path }
        #expect(lines.count == expected.count, "\(command): \(outcome.stderr)")
        for (line, file) in zip(lines, expected) {
            #expect(line.hasPrefix(file.message), "\(command): \(line)")
        }
        if command != "export" {
            for path in good {
                #expect(outcome.stdout.contains(path), "\(command) did not answer for \(path)")
            }
        }
        #expect(everything.map(Snapshot.init) == before, "\(command) changed a file")
    }
}

/// Copies fixtures into a folder that is not a `TemporaryDirectory` of its own.
private struct FolderFiles {
    let folder: String
    init(_ folder: String) { self.folder = folder }

    func copy(_ fixture: String, as name: String) throws -> String {
        let path = folder + "/" + name
        try FileManager.default.copyItem(atPath: fixture, toPath: path)
        return path
    }
}

/// A file's bytes, or what stands at its path, to prove a command left it alone.
struct Snapshot: Equatable {
    let kind: String
    let bytes: Data?

    init(_ path: String) {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            kind = "missing"
            bytes = nil
        } else if isDirectory.boolValue {
            kind = "directory"
            bytes = nil
        } else {
            kind = "file"
            bytes = FileManager.default.contents(atPath: path)
        }
    }
}

import Foundation
import TestSupport
import Testing

/// The completion scripts, generated from the command specs; the bash one is
/// loaded into a real bash and asked for completions.
@Suite struct CompletionScriptTests {
    private static func exists(_ program: String) -> Bool {
        FileManager.default.isExecutableFile(atPath: "/bin/\(program)")
            || FileManager.default.isExecutableFile(atPath: "/usr/bin/\(program)")
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func scripts(_ shell: String) async {
        let result = await InspectorHarness.run(["completions", shell])
        #expect(result.status == 0)
        assertSnapshot(result.stdout, named: "completions/udf-inspect.\(shell)")
    }

    /// Each line of the probe prints the words bash would offer for one command line.
    @Test(.enabled(if: exists("bash"), "bash is not installed"))
    func bashCompletesCommandsFlagsAndValues() async throws {
        let directory = try TemporaryDirectory()
        let script = directory.path("udf-inspect.bash")
        try Data(await InspectorHarness.run(["completions", "bash"]).stdout.utf8).write(to: URL(fileURLWithPath: script))
        try Data().write(to: URL(fileURLWithPath: directory.path("todo.udf")))
        let demo = try directory.copy(Fixtures.demo, as: "demo.udf")
        #expect(await InspectorHarness.run(["branch", demo, "--at", "5", "--name", "fix"]).status == 0)
        let probe = """
            source '\(script)'
            cd '\(directory.url.path)'
            complete -p udf-inspect
            ask() { COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=(); _udf_inspect; echo "${COMPREPLY[*]}"; }
            ask udf-inspect s
            ask udf-inspect --co
            ask udf-inspect diff todo.udf --f
            ask udf-inspect diff todo.udf --format p
            ask udf-inspect diff todo.udf --format = p
            ask udf-inspect diff todo.udf --format =
            ask udf-inspect diff todo.udf --path ''
            ask udf-inspect log todo.udf --color a
            ask udf-inspect --color never l
            ask udf-inspect testgen todo.udf --effects ''
            ask udf-inspect export todo.udf --format ''
            ask udf-inspect log to
            ask udf-inspect help bl
            ask udf-inspect completions ''
            ask udf-inspect step todo.udf --no
            ask udf-inspect find todo.udf --where ''
            ask '\(Executables.inspector.path)' log demo.udf --timeline ''
            ask '\(Executables.inspector.path)' diff --from 3 demo.udf 4 --timeline f
            ask '\(Executables.inspector.path)' log demo.udf --session 1 --timeline ''
            ask '\(Executables.inspector.path)' log demo.udf --session ''
            ask '\(Executables.inspector.path)' log todo.udf --timeline ''
            ask '\(Executables.inspector.path)' log --timeline ''
            """
        let result = try Subprocess.run(URL(fileURLWithPath: "/bin/bash"), ["--norc", "--noprofile"], input: probe)
        #expect(result.stderr == "")
        #expect(result.stdout.components(separatedBy: "\n") == [
            "complete -o filenames -F _udf_inspect udf-inspect",
            "sessions show stats step",
            "--color",
            "--format",
            "patch paths",
            "patch paths",
            "tree patch paths",
            "",
            "auto always",
            "log",
            "run skip",
            "udf json redux html ndjson",
            "todo.udf",
            "blame",
            "bash zsh fish",
            "--no-pager",
            "",
            "main fix",
            "fix",
            "main fix",
            "1",
            "",
            "",
            "",
        ])
    }

    @Test(.enabled(if: exists("zsh"), "zsh is not installed"))
    func zshReadsItsScript() async throws {
        let directory = try TemporaryDirectory()
        let script = directory.path("_udf-inspect")
        try Data(await InspectorHarness.run(["completions", "zsh"]).stdout.utf8).write(to: URL(fileURLWithPath: script))
        let result = try Subprocess.run(URL(fileURLWithPath: "/usr/bin/env"), ["zsh", "-n", script])
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test(.enabled(if: exists("fish"), "fish is not installed"))
    func fishCompletesCommandsFlagsAndValues() async throws {
        let directory = try TemporaryDirectory()
        let script = directory.path("udf-inspect.fish")
        try Data(await InspectorHarness.run(["completions", "fish"]).stdout.utf8).write(to: URL(fileURLWithPath: script))
        #expect(try Subprocess.run(URL(fileURLWithPath: "/usr/bin/env"), ["fish", "--no-execute", script]).status == 0)
        let demo = try directory.copy(Fixtures.demo, as: "demo.udf")
        #expect(await InspectorHarness.run(["branch", demo, "--at", "5", "--name", "fix"]).status == 0)
        let probe = """
            source '\(script)'
            cd '\(directory.url.path)'
            complete -C 'udf-inspect bl'
            complete -C 'udf-inspect diff demo.udf --format '
            complete -C 'udf-inspect log demo.udf --col'
            complete -C 'udf-inspect log demo.udf --timeline '
            set -x PATH '\(Executables.inspector.deletingLastPathComponent().path)' $PATH
            complete -C 'udf-inspect log demo.udf --timeline '
            complete -C 'udf-inspect log demo.udf --session '
            """
        let result = try Subprocess.run(URL(fileURLWithPath: "/usr/bin/env"), ["fish", "--no-config", "-c", probe])
        #expect(result.stderr == "")
        #expect(result.stdout == """
            blame\tList every step that changed the value at a path.
            patch\ttree, patch or paths.
            paths\ttree, patch or paths.
            tree\ttree, patch or paths.
            --color\tWhen to colour output: auto, always or never.
            fix\tThe timeline to read.
            main\tThe timeline to read.
            1\tThe session to read.

            """)
    }
}

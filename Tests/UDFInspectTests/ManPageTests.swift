import Foundation
import TestSupport
import Testing

/// `udf-inspect man`: roff generated from the command specs, rendered by the
/// real groff and man where they are installed.
@Suite struct ManPageTests {
    private static func exists(_ program: String) -> Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/\(program)")
    }

    @Test func thePage() async {
        let result = await InspectorHarness.run(["man"])
        #expect(result.status == 0)
        assertSnapshot(result.stdout, named: "help/udf-inspect.1")
    }

    @Test(.enabled(if: exists("groff"), "groff is not installed"))
    func groffRendersItWithoutAWarning() async throws {
        let directory = try TemporaryDirectory()
        let page = directory.path("udf-inspect.1")
        try Data(await InspectorHarness.run(["man"]).stdout.utf8).write(to: URL(fileURLWithPath: page))
        let result = try Subprocess.run(URL(fileURLWithPath: "/usr/bin/groff"), ["-man", "-Tutf8", "-ww", "-z", page])
        #expect(result.status == 0)
        #expect(result.stderr == "")
    }

    @Test(.enabled(if: exists("groff"), "groff is not installed"))
    func groffShowsEverySection() async throws {
        let directory = try TemporaryDirectory()
        let page = directory.path("udf-inspect.1")
        try Data(await InspectorHarness.run(["man"]).stdout.utf8).write(to: URL(fileURLWithPath: page))
        let result = try Subprocess.run(URL(fileURLWithPath: "/usr/bin/groff"), ["-man", "-Tutf8", "-P-cbou", "-rLL=80n", page])
        #expect(result.status == 0)
        let text = result.stdout
        #expect(text.hasPrefix("UDF-INSPECT(1)"))
        for heading in ["NAME", "SYNOPSIS", "DESCRIPTION", "GLOBAL OPTIONS", "COMMANDS", "EXIT STATUS"] {
            #expect(text.contains("\n\(heading)\n"), "\(heading)")
        }
        #expect(text.contains("\n   step\n"))
        #expect(text.contains("SIGHUP: the terminal went away."))
    }
}

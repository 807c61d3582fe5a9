import Testing
import UDFInspect

@Suite struct InspectErrorTests {
    @Test(arguments: [
        (InspectError.cannotOpen(path: "x.udf", reason: "no such file"), "cannot open 'x.udf': no such file", ExitCode.noInput),
        (.corrupt(path: "x.udf", reason: "page 3 is damaged"), "'x.udf' is not a valid recording: page 3 is damaged", .dataError),
        (.notFound("no step 42 in session 1"), "no step 42 in session 1", .notFound),
        (.usage(UsageError("Steps must differ", commandName: "diff")), "Steps must differ", .usage),
        (.io("writing 'out.json': disk full"), "I/O error: writing 'out.json': disk full", .ioError),
    ])
    func messageAndExitCode(_ error: InspectError, message: String, code: ExitCode) {
        #expect(error.message == message)
        #expect(error.description == "Error: \(message)")
        #expect(error.exitCode == code)
    }

    @Test func exitCodeValues() {
        #expect(ExitCode.allCases.map(\.rawValue) == [0, 1, 3, 64, 65, 66, 74])
    }
}

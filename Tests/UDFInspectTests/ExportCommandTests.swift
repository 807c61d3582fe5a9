import Foundation
import TestSupport
import Testing
import TodoExample
import UDFInspect
import UDFJSON
import UDFLog

@Suite struct ExportCommandTests {
    @Test func jsonExportThenImportReproducesEveryStep() async throws {
        let directory = try TemporaryDirectory()
        let original = try StepFingerprint.of(Fixtures.demo)
        #expect(original.count == 14)
        for patches in [false, true] {
            let json = directory.path(patches ? "patches.json" : "states.json")
            var arguments = ["export", Fixtures.demo, "--format", "json", "-o", json]
            if patches { arguments.append("--patches") }
            let export = await InspectorHarness.run(arguments)
            #expect(export.status == 0, "\(export.stderr)")
            let target = directory.path(patches ? "patches.udf" : "states.udf")
            let imported = await InspectorHarness.run(["import", target, json])
            #expect(imported.status == 0, "\(imported.stderr)")
            #expect(imported.stdout == "Imported 14 steps from \(json) (json) as session 1 (TodoExample) of \(target)\n")
            #expect(try StepFingerprint.of(target) == original)
        }
    }

    @Test func jsonDocumentCarriesFormatSessionAndSteps() async throws {
        let directory = try TemporaryDirectory()
        let json = directory.path("todo.json")
        let result = await InspectorHarness.run(["export", Fixtures.demo, "--format", "json", "--patches", "-o", json])
        #expect(result.status == 0)
        let document = try JSONParser().parse([UInt8](try #require(fileBytes(json))))
        #expect(document["format"] == "udf-timeline")
        #expect(document["version"] == 1)
        #expect(document["encoding"] == "patches")
        #expect(document["session"]?["app"] == "TodoExample")
        #expect(document["session"]?["timeline"] == "main")
        let steps = try #require(document["steps"]?.arrayValue)
        #expect(steps.count == 14)
        #expect(steps[0]["state"]?["nextID"] == 1)
        #expect(steps[0]["patch"] == nil)
        #expect(steps[7]["cause"] == 6)
        #expect(steps[11]["actionName"] == "deleteTodos")
        #expect(steps[11]["patch"] == [["op": "remove", "path": "/todos/1"]])
    }

    @Test func udfExportIsAStandaloneRecordingOfTheTimeline() async throws {
        let directory = try TemporaryDirectory()
        let out = directory.path("shared.udf")
        let result = await InspectorHarness.run(["export", Fixtures.demo, "--format", "udf", "-o", out])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try StepFingerprint.of(out) == StepFingerprint.of(Fixtures.demo))
        let verify = await InspectorHarness.run(["verify", out])
        #expect(verify.status == 0)
        let log = await InspectorHarness.run(["log", out, "--action", "deleteTodos", "--json"])
        #expect(log.status == 0)
        #expect(log.stdout.contains("\"step\": 11") || log.stdout.contains("\"step\":11"))
    }

    @Test func rangeExportStartsFromTheStateBeforeItsFirstStep() async throws {
        let directory = try TemporaryDirectory()
        let out = directory.path("range.udf")
        let result = await InspectorHarness.run(["export", Fixtures.demo, "--from", "10", "--to", "12", "--format", "udf", "-o", out])
        #expect(result.status == 0, "\(result.stderr)")
        let original = try StepFingerprint.of(Fixtures.demo)
        let exported = try StepFingerprint.of(out)
        #expect(exported.map(\.stateHash) == original[9...12].map(\.stateHash))
        #expect(exported.map(\.action) == [nil] + original[10...12].map(\.action))
    }

    @Test func reduxExportMatchesTheLiftedStateFieldByField() async throws {
        let directory = try TemporaryDirectory()
        let out = directory.path("todo.redux.json")
        let result = await InspectorHarness.run(["export", Fixtures.demo, "--format", "redux", "-o", out])
        #expect(result.status == 0)
        let lifted = try JSONParser().parse([UInt8](try #require(fileBytes(out))))
        let actionsById = try #require(lifted["actionsById"]?.objectValue)
        #expect(Set(actionsById.keys) == Set((0...13).map(String.init)))
        for (id, entry) in actionsById {
            let fields = try #require(entry.objectValue, "actionsById[\(id)] is an object")
            #expect(Set(fields.keys) == ["action", "timestamp", "type"])
            #expect(fields["type"] == "PERFORM_ACTION")
            #expect(fields["timestamp"]?.numberValue?.intValue != nil, "timestamp is integer milliseconds")
            #expect(fields["action"]?["type"]?.stringValue != nil, "an action has a string type")
        }
        #expect(actionsById["0"]?["action"] == ["type": "@@INIT"])
        #expect(actionsById["1"]?["action"] == ["type": "addTodo", "_0": "Buy milk"])
        #expect(actionsById["11"]?["action"] == ["type": "deleteTodos", "offsets": [1]])
        #expect(actionsById["5"]?["action"] == ["type": "passwordChanged", "payload": "<redacted>"])
        let computed = try #require(lifted["computedStates"]?.arrayValue)
        #expect(computed.count == 14)
        for entry in computed {
            #expect(entry.objectValue.map { Set($0.keys) } == ["state"])
        }
        #expect(computed[10]["state"]?["filter"] == "active")
        #expect(lifted["committedState"] == computed[0]["state"])
        #expect(lifted["stagedActionIds"] == .array((0...13).map { .number(JSONNumber($0)) }))
        #expect(lifted["skippedActionIds"] == [])
        #expect(lifted["currentStateIndex"] == 13)
        #expect(lifted["nextActionId"] == 14)

        let target = directory.path("back.udf")
        let imported = await InspectorHarness.run(["import", target, out])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try StepFingerprint.of(target).map(\.stateHash) == StepFingerprint.of(Fixtures.demo).map(\.stateHash))
    }

    @Test func noExportedFormatHoldsThePasswordOrARedactedKey() async throws {
        let directory = try TemporaryDirectory()
        let careless = directory.path("careless.udf")
        try UnredactedRecording.make(at: careless)
        #expect(String(decoding: try #require(fileBytes(careless)), as: UTF8.self).contains(DemoScript.password))
        for format in ["udf", "json", "redux", "html"] {
            let out = directory.path("out.\(format)")
            let result = await InspectorHarness.run(["export", careless, "--format", format, "-o", out, "--redact", "email", "--redact", ".profile.phone"])
            #expect(result.status == 0, "\(result.stderr)")
            // password, email (a key) and phone (a path) in each of the 3 states, and action 1's password.
            #expect(result.stdout.hasSuffix("Redacted 10 values.\n"), "\(result.stdout)")
            let bytes = try #require(fileBytes(out))
            for secret in [DemoScript.password, UnredactedRecording.email, UnredactedRecording.phone] {
                #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(format) leaks \(secret)")
            }
        }
    }

    /// Skipped, with its reason shown, where Chromium is missing; CI sets
    /// `CI=true`, installs it and fails here if it is missing all the same.
    @Test(.enabled(if: Chromium.path() != nil || Chromium.isRequired, "chromium is not installed: apt-get install -y chromium"))
    func htmlPageShowsTheSelectedStepInHeadlessChromium() async throws {
        let chromium = try #require(Chromium.path(), "CI=true requires chromium: apt-get install -y chromium")
        let directory = try TemporaryDirectory()
        let page = directory.path("todo.html")
        let result = await InspectorHarness.run(["export", Fixtures.demo, "--format", "html", "-o", page])
        #expect(result.status == 0)
        let html = String(decoding: try #require(fileBytes(page)), as: UTF8.self)
        #expect(!html.contains("http://") && !html.contains("https://"), "the page references no network resource")
        // The data elements and the code, and nothing a recorded string closed or opened.
        let dataElements = html.components(separatedBy: "<script type=\"application/json\"").count - 1
        #expect(dataElements >= 4, "the meta element and one steps, actions and states chunk at least")
        #expect(html.components(separatedBy: "<script").count - 1 == dataElements + 1)
        #expect(html.components(separatedBy: "</script>").count - 1 == dataElements + 1, "only the data and the code scripts end")

        let dom11 = try Chromium.dumpDOM(chromium, url: URL(fileURLWithPath: page).absoluteString + "#step=11")
        #expect(dom11.contains("<h2 id=\"heading\">Step 11 · deleteTodos</h2>"))
        #expect(dom11.contains("<div class=\"line old\">-     [id=2]: {</div><div class=\"line old\">-       \"done\": false</div>"))
        let dom10 = try Chromium.dumpDOM(chromium, url: URL(fileURLWithPath: page).absoluteString + "#step=10")
        #expect(dom10.contains("<h2 id=\"heading\">Step 10 · setFilter</h2>"))
        #expect(dom10.contains("<div class=\"line old\">-   \"filter\": \"all\"</div><div class=\"line new\">+   \"filter\": \"active\"</div>"))
    }

    @Test func embeddedDataCannotCloseItsScript() async throws {
        let directory = try TemporaryDirectory()
        let recording = directory.path("hostile.udf")
        let writer = try RecordingWriter(path: recording, app: "Hostile")
        let text: JSONValue = "</script><script>alert(1)</script><!--"
        try writer.append([
            StepInput(step: 0, time: Date(timeIntervalSince1970: 0), action: nil, actionName: nil, cause: nil, reducerNanoseconds: nil, state: ["note": text]),
        ])
        try writer.close()
        let page = directory.path("hostile.html")
        let result = await InspectorHarness.run(["export", recording, "--format", "html", "-o", page])
        #expect(result.status == 0)
        let html = String(decoding: try #require(fileBytes(page)), as: UTF8.self)
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("\\u003c/script\\u003e\\u003cscript\\u003ealert(1)"))
    }

    @Test func exportNeedsAFormatAndAnOutput() async {
        let noFormat = await InspectorHarness.run(["export", Fixtures.demo, "-o", "x.json"])
        #expect(noFormat.status == 64)
        #expect(noFormat.stderr.hasPrefix("Error: Missing '--format <format>'"))
        let noOutput = await InspectorHarness.run(["export", Fixtures.demo, "--format", "json"])
        #expect(noOutput.status == 64)
        let patches = await InspectorHarness.run(["export", Fixtures.demo, "--format", "html", "--patches", "-o", "x.html"])
        #expect(patches.status == 64)
        #expect(patches.stderr.hasPrefix("Error: --patches only applies to --format json"))
    }
}

/// Headless Chromium from Debian's `chromium` package.
enum Chromium {
    /// CI must run the browser tests, not skip them.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    static func path() -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let candidate = "\(directory)/chromium"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The DOM after the page's scripts ran, with every host name unresolvable.
    static func dumpDOM(_ chromium: String, url: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = ["--headless", "--disable-gpu", "--no-sandbox", "--host-resolver-rules=MAP * ~NOTFOUND", "--dump-dom", url]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// A 1200×800 screenshot of the page as drawn, in light or dark mode.
    static func screenshot(_ chromium: String, url: String, to path: String, dark: Bool) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = ["--headless", "--disable-gpu", "--no-sandbox", "--host-resolver-rules=MAP * ~NOTFOUND", "--window-size=1200,800", "--screenshot=\(path)"]
            + (dark ? ["--force-dark-mode"] : []) + [url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
    }
}

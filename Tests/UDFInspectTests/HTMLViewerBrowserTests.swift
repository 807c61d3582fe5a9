import Foundation
import TestSupport
import Testing
import UDFInspect
import UDFJSON
import UDFLog

/// The exported page, driven in headless Chromium. Each test opens the page
/// with `#…&play=…`, which makes the page run UI events in order (real
/// `keydown`, `click` and `input` events on its own controls) before
/// Chromium dumps the DOM. Skipped, with the reason, where Chromium is
/// missing; CI sets `CI=true` and fails instead.
@Suite(.enabled(if: Chromium.path() != nil || Chromium.isRequired, "chromium is not installed: apt-get install -y chromium"))
struct HTMLViewerBrowserTests {
    /// The demo's page, with a branch `fix` forked at step 9 and two steps of its own.
    static func demoPage(in directory: TemporaryDirectory) async throws -> String {
        let recording = try directory.copy(Fixtures.demo, as: "demo.udf")
        let base = try Recording(path: recording)
        let main = try base.timeline(nil, in: try base.session(nil))
        guard case .object(var state) = try base.state(at: 9, on: main) else { throw CocoaError(.fileReadCorruptFile) }
        let writer = try RecordingWriter(path: recording, at: 9, into: "fix")
        state["filter"] = "done"
        let time = Date(timeIntervalSince1970: 1_796_000_000)
        try writer.append([
            StepInput(step: 10, time: time, action: ["setFilter": ["_0": "done"]], actionName: nil, cause: nil, reducerNanoseconds: nil, state: .object(state)),
            StepInput(step: 11, time: time, action: ["deleteTodos": ["offsets": [0]]], actionName: nil, cause: 10, reducerNanoseconds: nil, state: .object(state)),
        ])
        try writer.close()
        let page = directory.path("demo.html")
        let result = await InspectorHarness.run(["export", recording, "--format", "html", "-o", page])
        #expect(result.stdout.hasPrefix("Exported 2 timelines of session 1 (main, fix; 26 steps) as html to"), "\(result.stdout)\(result.stderr)")
        return page
    }

    private func open(_ page: String, _ fragment: String) throws -> BrowserPage {
        let chromium = try #require(Chromium.path(), "CI=true requires chromium: apt-get install -y chromium")
        return BrowserPage(dom: try Chromium.dumpDOM(chromium, url: URL(fileURLWithPath: page).absoluteString + "#" + fragment))
    }

    @Test func keysStepThroughTheListAndJumpToItsEnds() async throws {
        let directory = try TemporaryDirectory()
        let page = try await Self.demoPage(in: directory)
        let stepped = try open(page, "step=3&play=key:j,key:j,key:ArrowDown,key:k")
        #expect(stepped.played == "key,key,key,key")
        #expect(stepped.heading == "Step 5 · passwordChanged", "3, down to 4, 5 and 6, up to 5")
        #expect(stepped.selectedRow == "5")
        #expect(try open(page, "step=3&play=key:End").heading == "Step 13 · setFilter")
        #expect(try open(page, "step=3&play=key:End,key:Home,key:ArrowUp").heading == "Step 0 · initial state")
    }

    @Test func aClickOnARowThenOnTheCauseLinkJumpsToTheCause() async throws {
        let directory = try TemporaryDirectory()
        let page = try await Self.demoPage(in: directory)
        let row = try open(page, "step=0&play=click:7")
        #expect(row.heading == "Step 7 · loginResponse")
        #expect(row.text(ofID: "meta").hasSuffix("· sent by an effect of step 6"))
        let cause = try open(page, "step=0&play=click:7,click:cause")
        #expect(cause.played == "click,click")
        #expect(cause.heading == "Step 6 · submitLogin")
        #expect(try open(page, "step=7&play=key:c").heading == "Step 6 · submitLogin")
    }

    @Test func theSliderSelectsAStep() async throws {
        let directory = try TemporaryDirectory()
        let page = try await Self.demoPage(in: directory)
        let moved = try open(page, "step=0&play=slider:10")
        #expect(moved.heading == "Step 10 · setFilter")
        #expect(moved.text(ofID: "position") == "10 / 13")
        #expect(moved.selectedRow == "10")
    }

    @Test func filterByNameAndSearchInPayloadsNarrowTheList() async throws {
        let directory = try TemporaryDirectory()
        let page = try await Self.demoPage(in: directory)
        let filtered = try open(page, "step=0&play=filter:todo,key:j,key:j")
        #expect(filtered.text(ofID: "count") == "7 of 14 steps")
        #expect(filtered.rowSteps == ["1", "2", "3", "8", "9", "11", "12"])
        #expect(filtered.heading == "Step 2 · addTodo", "j steps among the rows shown")
        let searched = try open(page, "step=0&play=search:walk%20the%20dog")
        #expect(searched.text(ofID: "count") == "1 of 14 steps")
        #expect(searched.rowSteps == ["2"])
    }

    @Test func thePickerSwitchesTimelinesAndLinksNameThem() async throws {
        let directory = try TemporaryDirectory()
        let page = try await Self.demoPage(in: directory)
        let switched = try open(page, "step=11&play=timeline:fix")
        #expect(switched.played == "timeline")
        #expect(switched.heading == "Step 11 · deleteTodos")
        #expect(switched.text(ofID: "title") == "TodoExample · fix")
        #expect(switched.text(ofID: "count") == "12 steps")
        let linked = try open(page, "timeline=fix&step=10")
        #expect(linked.heading == "Step 10 · setFilter")
        #expect(linked.diffText == """
              {
            -   "filter": "all"
            +   "filter": "done"
                … (3 unchanged)
              }
            """)
    }

    /// The page's diff reads as `udf-inspect diff`'s tree, line for line.
    @Test(arguments: [3, 6, 8, 11, 12])
    func theDiffMeansWhatTheCLISays(step: Int) async throws {
        let directory = try TemporaryDirectory()
        let page = directory.path("demo.html")
        #expect(await InspectorHarness.run(["export", Fixtures.demo, "--format", "html", "-o", page]).status == 0)
        let cli = await InspectorHarness.run(["diff", Fixtures.demo, "\(step - 1)", "\(step)"])
        #expect(cli.status == 0)
        let tree = cli.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
        #expect(try open(page, "step=\(step)").diffText + "\n" == tree)
    }

    /// Values JavaScript reads differently than JSON says: -0 (equal to 0 for
    /// `===`), integers past 2^53, and keys that name `Object.prototype`'s
    /// members. The page shows them and diffs them as the CLI does.
    @Test func numbersAndKeysJavaScriptMisreadsShowAsRecorded() async throws {
        let directory = try TemporaryDirectory()
        let recording = directory.path("exact.udf")
        let writer = try RecordingWriter(path: recording, app: "Exact")
        let time = Date(timeIntervalSince1970: 0)
        let before: JSONValue = [
            "zero": 0, "big": .number(JSONNumber(Int.max)), "__proto__": ["x": 1], "constructor": 1, "toString": "kept",
        ]
        let after: JSONValue = [
            "zero": .number(JSONNumber(-0.0)), "big": .number(JSONNumber(Int.max - 1)), "__proto__": ["x": 2], "toString": "kept",
        ]
        try writer.append([
            StepInput(step: 0, time: time, action: nil, actionName: nil, cause: nil, reducerNanoseconds: nil, state: before),
            StepInput(step: 1, time: time, action: ["change": [:]], actionName: nil, cause: nil, reducerNanoseconds: nil, state: after),
        ])
        try writer.close()
        let page = directory.path("exact.html")
        #expect(await InspectorHarness.run(["export", recording, "--format", "html", "-o", page]).status == 0)
        let cli = await InspectorHarness.run(["diff", recording, "0", "1"])
        #expect(cli.status == 0)
        let tree = cli.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
        #expect(tree.contains("9223372036854775807") && tree.contains("-0"), "\(tree)")
        let opened = try open(page, "step=1")
        #expect(opened.diffText + "\n" == tree)
        #expect(opened.dom.contains("9223372036854775806"), "the state shows the recorded integer, not a double's rounding")
        #expect(!opened.dom.contains("9223372036854775808") && !opened.dom.contains("9223372036854776000"))
    }

    @Test func markupInRecordedStringsNeverRuns() async throws {
        let directory = try TemporaryDirectory()
        let recording = directory.path("hostile.udf")
        let markup = "<img src=x onerror=\"document.title='pwned'\"><script>document.title='pwned'</script>"
        let writer = try RecordingWriter(path: recording, app: markup)
        let time = Date(timeIntervalSince1970: 0)
        try writer.append([
            StepInput(step: 0, time: time, action: nil, actionName: nil, cause: nil, reducerNanoseconds: nil, state: [markup: .string(markup)]),
            StepInput(step: 1, time: time, action: [markup: ["_0": .string(markup)]], actionName: markup, cause: nil, reducerNanoseconds: nil, state: [markup: "</script><b>bold</b>"]),
        ])
        try writer.close()
        let page = directory.path("hostile.html")
        let export = try Executables.run("udf-inspect", ["export", recording, "--format", "html", "-o", page])
        #expect(export.status == 0, "\(export.stderr)")
        let html = String(decoding: try #require(fileBytes(page)), as: UTF8.self)
        #expect(!html.contains("unsafe-inline"))
        #expect(html.contains("script-src 'sha256-"))
        let dom = try open(page, "step=1&play=key:k,key:j")
        #expect(dom.played == "key,key", "the page's own script runs under its hash")
        #expect(dom.heading == "Step 1 · " + markup, "the action name is text")
        #expect(dom.title == markup + " · main", "the page set its title, and no injected handler replaced it")
        #expect(!dom.dom.contains("<img"), "no element is made from recorded text")
        #expect(!dom.dom.contains("<b>bold</b>"))
        #expect(dom.dom.contains("&lt;img src=x onerror="))
    }

    @Test func darkModeRestylesThePage() async throws {
        let chromium = try #require(Chromium.path(), "CI=true requires chromium: apt-get install -y chromium")
        let directory = try TemporaryDirectory()
        let page = try await Self.demoPage(in: directory)
        let url = URL(fileURLWithPath: page).absoluteString + "#step=11"
        let light = directory.path("light.png"), dark = directory.path("dark.png")
        try Chromium.screenshot(chromium, url: url, to: light, dark: false)
        try Chromium.screenshot(chromium, url: url, to: dark, dark: true)
        let lightBytes = try #require(fileBytes(light)), darkBytes = try #require(fileBytes(dark))
        #expect(lightBytes.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), "a PNG")
        #expect(lightBytes.count > 20_000 && darkBytes.count > 20_000, "the page drew more than a blank screen")
        #expect(lightBytes != darkBytes)
    }
}

/// What a test reads from a dumped DOM.
struct BrowserPage {
    let dom: String

    var heading: String { text(ofID: "heading") }
    var title: String { Self.between(dom, "<title>", "</title>").map(Self.unescape) ?? "" }
    var played: String? { Self.between(dom, "data-played=\"", "\"") }

    /// The text of the element with `id`, tags removed.
    func text(ofID id: String) -> String {
        guard let start = dom.range(of: "id=\"\(id)\"") else { return "" }
        let afterTag = dom[start.upperBound...].drop { $0 != ">" }.dropFirst()
        let tag = dom[..<start.lowerBound].reversed().prefix { $0 != "<" }.reversed().prefix { $0 != " " }
        let body = afterTag.range(of: "</\(String(tag))>").map { afterTag[..<$0.lowerBound] } ?? afterTag
        return Self.unescape(Self.stripTags(String(body)))
    }

    /// The step numbers of the list's rows, in order.
    var rowSteps: [String] {
        dom.components(separatedBy: "data-step=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    var selectedRow: String? {
        guard let range = dom.range(of: "class=\"row selected") else { return nil }
        return Self.between(String(dom[range.lowerBound...]), "data-step=\"", "\"")
    }

    /// The diff's lines as text.
    var diffText: String {
        guard let pre = Self.between(dom, "<pre class=\"diff\">", "</pre>") else { return "" }
        return pre.components(separatedBy: "</div>").dropLast().map { Self.unescape(Self.stripTags($0)) }.joined(separator: "\n")
    }

    static func between(_ text: String, _ start: String, _ end: String) -> String? {
        guard let from = text.range(of: start), let to = text[from.upperBound...].range(of: end) else { return nil }
        return String(text[from.upperBound..<to.lowerBound])
    }

    static func stripTags(_ html: String) -> String {
        var result = ""
        var inTag = false
        for character in html {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { result.append(character) }
        }
        return result
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }
}

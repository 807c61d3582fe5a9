import TestSupport
import Testing
@testable import UDFInspect

/// The pure screen model on the demo recording: lines for a given size.
@Suite struct StepperScreenTests {
    private func session(at step: Int) throws -> StepperSession {
        let selection = try RecordingSelection(path: Fixtures.demo, session: nil, timeline: nil)
        return try StepperSession(document: StepperDocument(selection), step: step)
    }

    private func time(_ session: StepperSession) -> String {
        TimeFormat.timeOfDay(session.page.summary.time)
    }

    @Test func rendersExactlyTheSizeAsked() throws {
        let stepper = try session(at: 13)
        let screen = StepperScreen(width: 60, height: 10, colour: Colour(isEnabled: false))
        #expect(screen.render(stepper) == [
            "session 1 · main · step 13 of 13 · setFilter · \(time(stepper))…",
            #"diff 12 → 13 · setFilter("all")"#,
            "  {",
            #"-   "filter": "active""#,
            #"+   "filter": "all""#,
            "    … (3 unchanged)",
            "  }",
            "~",
            "~",
            "n/p step · : jump · /? search · h help · q quit",
        ])
    }

    @Test func scrollsAndShowsWhereItIs() throws {
        let stepper = try session(at: 11)
        stepper.perform(.toggleDiff)
        let screen = StepperScreen(width: 40, height: 8, colour: Colour(isEnabled: false))
        stepper.pageHeight = screen.contentHeight
        stepper.perform(.page(1))
        #expect(stepper.state.scroll == 5)
        let lines = screen.render(stepper)
        #expect(lines.count == 8)
        #expect(lines[1] == "state · deleteTodos(offsets: [1])")
        #expect(lines[2] == #"    "password": "<redacted>","#)
        #expect(lines[7] == "h help · q quit         lines 6–10 of 31")
        stepper.perform(.scroll(100))
        #expect(stepper.state.scroll == 26)
        stepper.perform(.scroll(-100))
        #expect(stepper.state.scroll == 0)
    }

    @Test func colourOnlyWhenAllowed() throws {
        let stepper = try session(at: 13)
        let plain = StepperScreen(width: 80, height: 6, colour: Colour(isEnabled: false)).render(stepper)
        #expect(!plain.joined().contains("\u{1B}"))
        let coloured = StepperScreen(width: 80, height: 6, colour: Colour(isEnabled: true)).render(stepper)
        #expect(coloured[0].hasPrefix("\u{1B}[7m"))
        #expect(coloured[3] == "\u{1B}[31m" + #"-   "filter": "active""# + "\u{1B}[0m")
        #expect(coloured[4] == "\u{1B}[32m" + #"+   "filter": "all""# + "\u{1B}[0m")
    }

    @Test func messagesAndPromptsTakeTheBottomLine() throws {
        let stepper = try session(at: 13)
        let screen = StepperScreen(width: 50, height: 5, colour: Colour(isEnabled: false))
        stepper.perform(.next)
        #expect(screen.render(stepper)[4] == "already at the last step (13)")
        stepper.handle(.character("b"))
        #expect(screen.render(stepper)[4] == "branch here, name: ")
        stepper.handle(.escape)
        stepper.handle(.character("f"))
        stepper.handle(.character("."))
        stepper.handle(.character("x"))
        #expect(screen.render(stepper)[4] == "find: .x")
        for character in " exists" { stepper.handle(.character(character)) }
        stepper.handle(.enter)
        #expect(stepper.state.message == "no step after 13 matches .x exists")
    }

    @Test func aSearchKeepsItsHintsWithinTheWidth() throws {
        let stepper = try session(at: 11)
        stepper.perform(.toggleDiff)
        let screen = StepperScreen(width: 50, height: 8, colour: Colour(isEnabled: false))
        stepper.pageHeight = screen.contentHeight
        stepper.perform(.searchText("done", backward: false))
        #expect(screen.render(stepper)[7] == "/done: line 16 of 31")
        stepper.perform(.scroll(0))
        #expect(screen.render(stepper)[7] == "search: done · n/N next/previous lines 16–20 of 31")
        let narrow = StepperScreen(width: 30, height: 8, colour: Colour(isEnabled: false))
        #expect(narrow.render(stepper)[7] == "search: done lines 16–20 of 31")
        let coloured = StepperScreen(width: 50, height: 8, colour: Colour(isEnabled: true)).render(stepper)
        #expect(coloured[2] == #"      ""# + "\u{1B}[7mdone\u{1B}[27m" + #"": true,"#)
        #expect(coloured[3] == #"      "id": 1,"#)
    }

    @Test func benchmarkMeasuresEveryKeySequence() throws {
        let latencies = try StepperBenchmark.measureKeyLatencies(path: Fixtures.workload)
        #expect(latencies.map(\.keys) == ["n", "p", "p", "n", "d", "j", "d", "G", "g", ":500⏎"])
        #expect(latencies.map(\.step) == [501, 500, 499, 500, 500, 500, 500, 1000, 0, 500])
        #expect(latencies.allSatisfy { $0.nanoseconds > 0 })
    }
}

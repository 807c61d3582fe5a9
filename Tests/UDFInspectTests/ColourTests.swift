import Testing
import UDFInspect

@Suite struct ColourTests {
    @Test func enabledWrapsInEscapes() {
        let colour = Colour(isEnabled: true)
        #expect(colour.bold("b") == "\u{1B}[1mb\u{1B}[0m")
        #expect(colour.dim("d") == "\u{1B}[2md\u{1B}[0m")
        #expect(colour.red("r") == "\u{1B}[31mr\u{1B}[0m")
        #expect(colour.green("g") == "\u{1B}[32mg\u{1B}[0m")
        #expect(colour.yellow("y") == "\u{1B}[33my\u{1B}[0m")
        #expect(colour.red("") == "")
    }

    @Test func disabledReturnsPlainText() {
        let colour = Colour(isEnabled: false)
        #expect([colour.bold("b"), colour.dim("d"), colour.red("r"), colour.green("g"), colour.yellow("y")]
            == ["b", "d", "r", "g", "y"])
    }

    @Test func modeDecision() {
        #expect(ColourMode.auto.isEnabled(stdoutIsTerminal: true, environment: [:]))
        #expect(ColourMode.auto.isEnabled(stdoutIsTerminal: false, environment: [:]) == false)
        #expect(ColourMode.auto.isEnabled(stdoutIsTerminal: true, environment: ["NO_COLOR": "yes"]) == false)
        #expect(ColourMode.always.isEnabled(stdoutIsTerminal: false, environment: ["NO_COLOR": "yes"]))
        #expect(ColourMode.never.isEnabled(stdoutIsTerminal: true, environment: [:]) == false)
    }
}

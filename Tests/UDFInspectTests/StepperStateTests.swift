import Testing
@testable import UDFInspect

@Suite struct StepperStateTests {
    @Test func keysMapToActions() {
        var state = StepperState(step: 3, lastStep: 10)
        #expect(state.action(for: .character("n")) == .next)
        #expect(state.action(for: .right) == .next)
        #expect(state.action(for: .character("p")) == .previous)
        #expect(state.action(for: .left) == .previous)
        #expect(state.action(for: .character("g")) == .first)
        #expect(state.action(for: .character("G")) == .last)
        #expect(state.action(for: .character("d")) == .toggleDiff)
        #expect(state.action(for: .character("b")) == nil)
        #expect(state.prompt == StepperPrompt(kind: .branch))
        for character in "fix" { _ = state.action(for: .character(character)) }
        #expect(state.action(for: .enter) == .branch("fix"))
        #expect(state.action(for: .character("h")) == .help)
        #expect(state.action(for: .character("j")) == .scroll(1))
        #expect(state.action(for: .up) == .scroll(-1))
        #expect(state.action(for: .character(" ")) == .page(1))
        #expect(state.action(for: .pageUp) == .page(-1))
        #expect(state.action(for: .character("q")) == .quit)
        #expect(state.action(for: .character("c")) == .cause)
        #expect(state.action(for: .character("z")) == .fold)
        #expect(state.action(for: .character("x")) == nil)
        #expect(state.message == "unknown key; press h for help")
    }

    @Test func thePromptCollectsTextUntilEnter() {
        var state = StepperState(step: 0, lastStep: 99)
        #expect(state.action(for: .character(":")) == nil)
        for character in "412" {
            #expect(state.action(for: .character(character)) == nil)
        }
        #expect(state.action(for: .backspace) == nil)
        #expect(state.prompt == StepperPrompt(kind: .jump, text: "41"))
        #expect(state.action(for: .enter) == .jump(41))
        #expect(state.prompt == nil)

        _ = state.action(for: .character(":"))
        _ = state.action(for: .character("x"))
        #expect(state.action(for: .enter) == nil)
        #expect(state.message == "':' needs a step such as 40, last~2 or fix@40, not 'x'")

        _ = state.action(for: .character("s"))
        for character in ".todos" { _ = state.action(for: .character(character)) }
        #expect(state.action(for: .enter) == .showState(path: ".todos"))

        _ = state.action(for: .character("/"))
        _ = state.action(for: .character("q"))
        #expect(state.action(for: .escape) == nil)
        #expect(state.prompt == nil)
        #expect(!state.isFinished)
    }

    @Test func nRepeatsAFindUntilAnotherMove() {
        var state = StepperState(step: 0, lastStep: 99)
        state.search = ".done == true"
        #expect(state.action(for: .character("n")) == .find(nil))
        #expect(state.action(for: .character("p")) == .previous)
        #expect(state.search == nil)
        #expect(state.action(for: .character("n")) == .next)
    }
}

import Testing
import UDFLog

/// Action-name globs follow the shell's rules and compare Unicode scalars,
/// the recording's one equality: canonically equivalent names are different
/// names.
@Suite struct ShellGlobTests {
    @Test func theShellsRulesHold() {
        #expect(!ShellGlob("[!a]*").matches("addTodo"))
        #expect(ShellGlob("[!a]*").matches("setFilter"))
        #expect(ShellGlob("[^a]*").matches("toggleTodo"))
        #expect(ShellGlob("*Todo?").matches("addTodos"))
        #expect(!ShellGlob("*Todo?").matches("addTodo"))
        #expect(ShellGlob("[a-c]*").matches("clear"))
        #expect(ShellGlob("\\*").matches("*"))
        #expect(!ShellGlob("\\*").matches("a"))
        #expect(ShellGlob("[]]").matches("]"))
        #expect(ShellGlob("a[").matches("a["), "a [ that never closes is itself")
        #expect(!ShellGlob("Add*").matches("addTodo"), "case-sensitive")
    }

    @Test(arguments: [
        ("caf\u{E9}", "cafe\u{301}"),
        ("\u{C5}", "\u{212B}"),
        ("\u{3A9}", "\u{2126}"),
        ("\u{D55C}", "\u{1112}\u{1161}\u{11AB}"),
    ])
    func lookAlikeNamesAreDifferentNames(composed: String, other: String) {
        #expect(ShellGlob(composed).matches(composed))
        #expect(!ShellGlob(composed).matches(other))
        #expect(!ShellGlob(other).matches(composed))
        #expect(ShellGlob(composed + "*").matches(composed + "Tapped"))
        #expect(!ShellGlob(composed + "*").matches(other + "Tapped"))
        #expect(ShellGlob("[" + composed + "]").matches(composed) == (composed.unicodeScalars.count == 1))
    }

    @Test func aQuestionMarkIsOneScalar() {
        // `e` followed by a combining acute accent is two scalars.
        #expect(ShellGlob("cafe?").matches("cafe\u{301}"))
        #expect(!ShellGlob("caf?").matches("cafe\u{301}"))
        #expect(ShellGlob("caf??").matches("cafe\u{301}"))
        #expect(!ShellGlob("[a-z]").matches("\u{E9}"))
    }
}

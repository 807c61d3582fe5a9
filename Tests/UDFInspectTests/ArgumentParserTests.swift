import Testing
@testable import UDFInspect

@Suite struct ArgumentParserTests {
    let log = SampleSpecs.log

    private func parse(_ args: [String], _ spec: CommandSpec = SampleSpecs.log) throws(UsageError) -> ParsedArguments {
        try ArgumentParser.parse(args, for: spec)
    }

    private func error(_ message: String, _ command: String = "log") -> UsageError {
        UsageError(message, commandName: command)
    }

    // MARK: Values

    @Test func optionValueAsNextWord() throws {
        let parsed = try parse(["app.udf", "--session", "3"])
        #expect(parsed.positional("file") == "app.udf")
        #expect(try parsed.text(SampleKeys.session) == "3")
        #expect(try parsed.text(SampleKeys.timeline) == nil)
        #expect(parsed.isHelpRequested == false)
    }

    @Test func optionValueAfterEquals() throws {
        let parsed = try parse(["--timeline=fix=2", "app.udf"])
        #expect(try parsed.text(SampleKeys.timeline) == "fix=2")
        #expect(parsed.positional("file") == "app.udf")
    }

    @Test func emptyValueAfterEquals() throws {
        let parsed = try parse(["app.udf", "--session="])
        #expect(try parsed.text(SampleKeys.session) == "")
    }

    @Test func shortAndLongNamesFindTheSameOption() throws {
        let parsed = try parse(["app.udf", "-a", "todo/*", "--action=auth/*", "-a=ui/*"])
        #expect(try parsed.value(SampleKeys.action) == ["todo/*", "auth/*", "ui/*"])
        #expect(try parsed.text(SampleKeys.action) == "ui/*")
    }

    @Test func nonRepeatingOptionKeepsItsLastValue() throws {
        let parsed = try parse(["app.udf", "--session", "1", "--session", "2"])
        #expect(try parsed.value(SampleKeys.session) == 2)
    }

    @Test func flags() throws {
        let parsed = try parse(["app.udf", "--json"])
        #expect(try parsed.value(SampleKeys.json))
        #expect(try parse(["app.udf"]).value(SampleKeys.json) == false)
    }

    @Test func undeclaredKeysAreRefusedNotReadAsAbsent() throws {
        let parsed = try parse(["app.udf", "--json"])
        #expect(throws: error("internal error: 'log' reads '--jsn', which its spec does not declare")) {
            try parsed.value(OptionKey<Bool>.flag("--jsn", help: "A misspelt --json."))
        }
        #expect(throws: error("internal error: 'log' reads '--nope', which its spec does not declare")) {
            try parsed.isGiven(OptionKey<String?>.text("--nope", value: "x", help: "Not declared."))
        }
        #expect(parsed.positional("nope") == nil)
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try parse(["--json", "--", "--weird-file.udf"])
        #expect(parsed.positional("file") == "--weird-file.udf")
        #expect(try parsed.value(SampleKeys.json))
    }

    @Test func optionsAfterDoubleDashAreArguments() {
        #expect(throws: error("Unexpected argument '--json'")) {
            try parse(["--", "app.udf", "--json"])
        }
    }

    @Test func negativeNumberIsAValue() throws {
        let parsed = try parse(["app.udf", "--from", "-3", "--to", "-1.5"])
        #expect(try parsed.text(SampleKeys.from) == "-3")
        #expect(try parsed.text(SampleKeys.to) == "-1.5")
    }

    @Test func negativeNumberIsAPositional() throws {
        let parsed = try parse(["app.udf", "-2"], SampleSpecs.diff)
        #expect(parsed.positional("a") == "-2")
    }

    @Test func valueStartingWithDashNeedsEquals() throws {
        #expect(throws: error("Missing value for '--timeline <name>'")) {
            try parse(["app.udf", "--timeline", "-x"])
        }
        #expect(try parse(["app.udf", "--timeline=-x"]).text(SampleKeys.timeline) == "-x")
    }

    @Test func loneDashIsAValue() throws {
        let parsed = try parse(["-", "--timeline", "-"])
        #expect(parsed.positional("file") == "-")
        #expect(try parsed.text(SampleKeys.timeline) == "-")
    }

    // MARK: Positionals

    @Test func optionalPositional() throws {
        let two = try parse(["app.udf", "42"], SampleSpecs.diff)
        #expect(two.positional("a") == "42")
        #expect(two.positional("b") == nil)
        let three = try parse(["app.udf", "42", "40"], SampleSpecs.diff)
        #expect(three.positional("b") == "40")
    }

    @Test func repeatingPositionalTakesTheRest() throws {
        let parsed = try parse(["app.udf", "todos", "user.name", "--", "-odd"], SampleSpecs.blame)
        #expect(parsed.positional("file") == "app.udf")
        #expect(parsed.positionals("paths") == ["todos", "user.name", "-odd"])
        #expect(parsed.positional("paths") == "todos")
    }

    @Test func repeatingPositionalNeedsOneValue() {
        #expect(throws: error("Missing expected argument '<paths>'", "blame")) {
            try parse(["app.udf"], SampleSpecs.blame)
        }
    }

    @Test func missingRequiredArgument() {
        #expect(throws: error("Missing expected argument '<file>'")) {
            try parse(["--json"])
        }
        #expect(throws: error("Missing expected argument '<a>'", "diff")) {
            try parse(["app.udf"], SampleSpecs.diff)
        }
    }

    @Test func unexpectedExtraArgument() {
        #expect(throws: error("Unexpected argument 'extra'")) {
            try parse(["app.udf", "extra"])
        }
        #expect(throws: error("Unexpected argument '3'", "diff")) {
            try parse(["app.udf", "1", "2", "3"], SampleSpecs.diff)
        }
    }

    // MARK: Option errors

    @Test func unknownOptionWithSuggestion() {
        #expect(throws: error("Unknown option '--sesion'. Did you mean '--session'?")) {
            try parse(["app.udf", "--sesion", "2"])
        }
        #expect(throws: error("Unknown option '--tiemline'. Did you mean '--timeline'?")) {
            try parse(["app.udf", "--tiemline=main"])
        }
        #expect(throws: error("Unknown option '-session'. Did you mean '--session'?")) {
            try parse(["app.udf", "-session", "2"])
        }
        #expect(throws: error("Unknown option '--hlep'. Did you mean '--help'?")) {
            try parse(["app.udf", "--hlep"])
        }
    }

    @Test func unknownOptionWithoutSuggestion() {
        #expect(throws: error("Unknown option '--foo'")) {
            try parse(["app.udf", "--foo"])
        }
        #expect(throws: error("Unknown option '-x'")) {
            try parse(["app.udf", "-x"])
        }
    }

    @Test func missingOptionValue() {
        #expect(throws: error("Missing value for '--session <id>'")) {
            try parse(["app.udf", "--session"])
        }
        #expect(throws: error("Missing value for '--session <id>'")) {
            try parse(["app.udf", "--session", "--json"])
        }
        #expect(throws: error("Missing value for '--action <glob>'")) {
            try parse(["app.udf", "-a", "--"])
        }
    }

    @Test func flagGivenAValue() {
        #expect(throws: error("Unexpected value 'yes' for flag '--json'")) {
            try parse(["app.udf", "--json=yes"])
        }
    }

    @Test func firstErrorWins() {
        #expect(throws: error("Unknown option '--foo'")) {
            try parse(["--foo", "--session"])
        }
    }

    // MARK: Help

    @Test(arguments: [
        ["-h"],
        ["--help"],
        ["app.udf", "--help"],
        ["--foo", "extra", "-h"],
        ["--session", "--help"],
    ])
    func helpRequestWinsOverErrors(_ args: [String]) throws {
        let parsed = try parse(args)
        #expect(parsed.isHelpRequested)
        #expect(parsed.positional("file") == nil)
    }

    @Test func helpAfterDoubleDashIsAnArgument() throws {
        let parsed = try parse(["--", "--help"])
        #expect(parsed.isHelpRequested == false)
        #expect(parsed.positional("file") == "--help")
    }

    // MARK: Typed values

    @Test func intValues() throws {
        let parsed = try parse(["app.udf", "--from", "-3", "--to", "20"])
        #expect(try parsed.value(SampleKeys.from) == -3)
        #expect(try parsed.value(SampleKeys.to) == 20)
        #expect(try parsed.value(SampleKeys.session) == nil)
    }

    @Test func invalidIntNamesTheOption() throws {
        let parsed = try parse(["app.udf", "--from", "x", "--to", "1.5"])
        #expect(throws: error("The value 'x' is invalid for '--from <step>'")) {
            try parsed.value(SampleKeys.from)
        }
        #expect(throws: error("The value '1.5' is invalid for '--to <step>'")) {
            try parsed.value(SampleKeys.to)
        }
        #expect(throws: error("The value '99999999999999999999' is invalid for '--from <step>'")) {
            try parse(["app.udf", "--from", "99999999999999999999"]).value(SampleKeys.from)
        }
    }

    @Test func intPositional() throws {
        let parsed = try parse(["app.udf", "42", "forty"], SampleSpecs.diff)
        #expect(try parsed.int("a") == 42)
        #expect(throws: error("The value 'forty' is invalid for '<b>'", "diff")) {
            try parsed.int("b")
        }
    }

    @Test func choiceValues() throws {
        let parsed = try parse(["app.udf", "--format", "table"])
        #expect(try parsed.value(SampleKeys.format) == "table")
        #expect(try parse(["app.udf"]).value(SampleKeys.format) == nil)
        #expect(
            throws: error("The value 'tree' is invalid for '--format <format>'. Expected one of: table, lines")
        ) {
            try parse(["app.udf", "--format=tree"]).value(SampleKeys.format)
        }
    }

    @Test func usageErrorFromParsedArgumentsNamesTheCommand() throws {
        let parsed = try parse(["app.udf", "1"], SampleSpecs.diff)
        #expect(parsed.usageError("Steps must differ") == UsageError("Steps must differ", commandName: "diff"))
    }

    // MARK: Word classes

    @Test func negativeNumbers() {
        #expect(ArgumentParser.isNegativeNumber("-1"))
        #expect(ArgumentParser.isNegativeNumber("-10.25"))
        #expect(ArgumentParser.isNegativeNumber("-") == false)
        #expect(ArgumentParser.isNegativeNumber("-1.") == false)
        #expect(ArgumentParser.isNegativeNumber("-.5") == false)
        #expect(ArgumentParser.isNegativeNumber("-1.2.3") == false)
        #expect(ArgumentParser.isNegativeNumber("-1e5") == false)
        #expect(ArgumentParser.isNegativeNumber("--1") == false)
        #expect(ArgumentParser.isNegativeNumber("-٣") == false)
    }
}

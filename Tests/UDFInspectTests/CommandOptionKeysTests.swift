import Testing
@testable import UDFInspect

/// Every command reads its options through keys its own spec declares: each
/// example in its help parses and initializes the command without the
/// "reads an undeclared option" error, or any other usage error.
@Suite struct CommandOptionKeysTests {
    @Test(arguments: Inspector.builtInCommands.map { $0.spec.name })
    func examplesInitializeTheCommand(_ name: String) throws {
        let command = try #require(Inspector.builtInCommands.first { $0.spec.name == name })
        let spec = command.spec
        #expect(!spec.examples.isEmpty, "\(spec.name) has no example to check")
        // A command that takes many files reads more options with several: try both.
        let takesManyFiles = spec.arguments.last?.isRepeating == true
        for example in spec.examples {
            let words = try #require(Self.words(afterCommandIn: example, named: spec.name), "\(example)")
            for extra in takesManyFiles ? [[], ["second.udf"]] : [[]] {
                do {
                    let parsed = try ArgumentParser.parse(words + extra, for: spec)
                    _ = try command.init(parsed)
                } catch where extra.isEmpty || error.message.hasPrefix("internal error") {
                    Issue.record("\(example) \(extra.joined()): \(error.message)")
                } catch {
                    // Several files may be refused for this example's options; only an undeclared read fails it.
                }
            }
        }
    }

    @Test func everyDeclaredOptionNameIsUnique() {
        for command in Inspector.builtInCommands {
            let names = command.spec.options.flatMap(\.names)
            #expect(Set(names).count == names.count, "\(command.spec.name) declares a name twice")
        }
    }

    @Test func splitsShellWords() {
        #expect(Self.words(afterCommandIn: #"printf 'x' | udf-inspect find a.udf --where '.f == "active"' -o "b c""#, named: "find")
            == ["a.udf", "--where", #".f == "active""#, "-o", "b c"])
    }

    /// The words after `udf-inspect NAME` in an example, unquoted as a shell would.
    static func words(afterCommandIn example: String, named name: String) -> [String]? {
        guard let range = example.range(of: "udf-inspect \(name)") else { return nil }
        var words: [String] = []
        var word = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in example[range.upperBound...] {
            if escaped {
                word.append(character)
                escaped = false
            } else if let open = quote {
                if character == open {
                    quote = nil
                } else if character == "\\", open == "\"" {
                    escaped = true
                } else {
                    word.append(character)
                }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == "\\" {
                escaped = true
                inWord = true
            } else if character == " " {
                if inWord { words.append(word) }
                word = ""
                inWord = false
            } else {
                word.append(character)
                inWord = true
            }
        }
        if inWord { words.append(word) }
        return words
    }
}

/// Turns one command's command line into ``ParsedArguments``, following its ``CommandSpec``.
///
/// The rules:
/// - `--opt value` and `--opt=value` both give a value; `-o value` and `-o=value` too.
/// - A value after `--opt` may not start with `-`, unless it is a negative number
///   (`--offset -3`) or a lone `-`; use `--opt=-value` for anything else.
/// - `--` ends the options: everything after it is positional.
/// - `-h` or `--help` anywhere before `--` requests help, and wins over any error.
/// - Positionals fill the arguments in order; a missing required argument, an extra
///   value, an unknown option and a missing option value are usage errors.
public struct ArgumentParser {
    /// The spellings that request help, accepted by every command.
    public static let helpNames = ["-h", "--help"]

    /// Parses `args`, the words after the command name.
    ///
    /// - Parameters:
    ///   - args: The command line without the tool and command names.
    ///   - spec: The command the words are for.
    /// - Returns: The values, or a help request (``ParsedArguments/isHelpRequested``).
    /// - Throws: A ``UsageError`` naming the first thing wrong.
    public static func parse(_ args: [String], for spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        let beforeTerminator = args.prefix { $0 != "--" }
        if beforeTerminator.contains(where: helpNames.contains) {
            return ParsedArguments(spec: spec, isHelpRequested: true)
        }

        var optionValues: [Int: [String]] = [:]
        var positionalWords: [String] = []
        var index = args.startIndex
        var optionsEnded = false
        while index < args.endIndex {
            let word = args[index]
            index += 1
            if optionsEnded || !isOptionLike(word) {
                positionalWords.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }

            let (name, inlineValue) = split(word)
            guard let optionIndex = spec.options.firstIndex(where: { $0.names.contains(name) }) else {
                throw unknownOption(name, in: spec)
            }
            let option = spec.options[optionIndex]
            if option.isFlag {
                if let inlineValue {
                    throw UsageError(
                        "Unexpected value '\(inlineValue)' for flag '\(option.preferredName)'",
                        commandName: spec.name
                    )
                }
                optionValues[optionIndex, default: []].append("")
                continue
            }

            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < args.endIndex, !isOptionLike(args[index]) {
                value = args[index]
                index += 1
            } else {
                throw UsageError("Missing value for '\(option.synopsis)'", commandName: spec.name)
            }
            if option.isRepeating {
                optionValues[optionIndex, default: []].append(value)
            } else {
                optionValues[optionIndex] = [value]
            }
        }

        let positionalValues = try assign(positionalWords, to: spec)
        return ParsedArguments(spec: spec, positionalValues: positionalValues, optionValues: optionValues)
    }

    /// Whether `word` is read as an option (or `--`) rather than as a value.
    static func isOptionLike(_ word: String) -> Bool {
        word.hasPrefix("-") && word != "-" && !isNegativeNumber(word)
    }

    /// Whether `word` reads as `-12` or `-1.5`.
    static func isNegativeNumber(_ word: String) -> Bool {
        guard word.hasPrefix("-") else {
            return false
        }
        let parts = word.dropFirst().split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2 else {
            return false
        }
        return parts.allSatisfy { part in
            !part.isEmpty && part.allSatisfy { $0.isASCII && $0.isNumber }
        }
    }

    private static func split(_ word: String) -> (name: String, value: String?) {
        guard let equals = word.firstIndex(of: "=") else {
            return (word, nil)
        }
        return (String(word[..<equals]), String(word[word.index(after: equals)...]))
    }

    private static func unknownOption(_ name: String, in spec: CommandSpec) -> UsageError {
        let candidates = spec.options.flatMap(\.names) + helpNames
        var message = "Unknown option '\(name)'"
        if let suggestion = Suggestion.closest(to: name, among: candidates) {
            message += ". Did you mean '\(suggestion)'?"
        }
        return UsageError(message, commandName: spec.name)
    }

    /// Matches positional words to arguments in order, giving optional arguments a
    /// value only when enough words remain for the required ones after them.
    private static func assign(
        _ words: [String],
        to spec: CommandSpec
    ) throws(UsageError) -> [String: [String]] {
        var values: [String: [String]] = [:]
        var next = 0
        for (position, argument) in spec.arguments.enumerated() {
            let remaining = words.count - next
            let requiredAfter = spec.arguments[(position + 1)...].filter { !$0.isOptional }.count
            if argument.isRepeating {
                let taken = max(0, remaining - requiredAfter)
                if taken > 0 {
                    values[argument.name] = Array(words[next..<(next + taken)])
                    next += taken
                } else if !argument.isOptional {
                    throw missingArgument(argument, in: spec)
                }
            } else if argument.isOptional {
                if remaining > requiredAfter {
                    values[argument.name] = [words[next]]
                    next += 1
                }
            } else if remaining > 0 {
                values[argument.name] = [words[next]]
                next += 1
            } else {
                throw missingArgument(argument, in: spec)
            }
        }
        if next < words.count {
            throw UsageError("Unexpected argument '\(words[next])'", commandName: spec.name)
        }
        return values
    }

    private static func missingArgument(_ argument: ArgumentSpec, in spec: CommandSpec) -> UsageError {
        UsageError("Missing expected argument '\(argument.label)'", commandName: spec.name)
    }
}

/// A shell glob over action names, matched in Swift with the shell's rules.
///
/// SQLite's `GLOB` reads `[!a]` as "`!` or `a`", where a shell reads "not
/// `a`", so a user's glob never reaches SQL.
///
/// For example:
/// ```swift
/// ShellGlob("[!a]*").matches("addTodo")    // false
/// ShellGlob("*Todo?").matches("addTodos")  // true
/// ```
///
/// `*` matches any run of characters, `?` one character, `[abc]`, `[a-z]`
/// one of a set, `[!a]` or `[^a]` one character outside it (a `]` right after
/// `[`, `[!` or `[^` is a member), and `\x` the character x itself. A `[`
/// without its `]` is an ordinary character, as in a shell. Case-sensitive.
///
/// A "character" is a Unicode scalar, as a shell in a UTF-8 locale reads
/// code points and as the recording compares text (`docs/format.md`,
/// Equality): `caf\u{E9}` and `cafe\u{301}` are different names, and `?`
/// matches the `e` of the second, not `e` with its accent.
public struct ShellGlob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    private let tokens: [Token]

    enum Token: Sendable, Hashable {
        case literal(Unicode.Scalar)
        case any
        case star
        case set(members: [ClosedRange<Unicode.Scalar>], negated: Bool)
    }

    public init(_ pattern: String) {
        self.pattern = pattern
        tokens = ShellGlob.tokens(of: Array(pattern.unicodeScalars))
    }

    public var description: String { pattern }

    /// Whether the whole of `name` matches.
    public func matches(_ name: String) -> Bool {
        let characters = Array(name.unicodeScalars)
        // Iterative matching with one backtrack point per `*`, as fnmatch does.
        var t = 0, c = 0
        var starToken = -1, starCharacter = 0
        while c < characters.count {
            if t < tokens.count, tokens[t] != .star, ShellGlob.token(tokens[t], matches: characters[c]) {
                t += 1
                c += 1
            } else if t < tokens.count, tokens[t] == .star {
                starToken = t
                starCharacter = c
                t += 1
            } else if starToken >= 0 {
                starCharacter += 1
                c = starCharacter
                t = starToken + 1
            } else {
                return false
            }
        }
        while t < tokens.count, tokens[t] == .star { t += 1 }
        return t == tokens.count
    }

    private static func token(_ token: Token, matches character: Unicode.Scalar) -> Bool {
        switch token {
        case .literal(let expected): expected == character
        case .any: true
        case .star: false
        case .set(let members, let negated): members.contains { $0.contains(character) } != negated
        }
    }

    private static func tokens(of characters: [Unicode.Scalar]) -> [Token] {
        var result: [Token] = []
        var i = 0
        while i < characters.count {
            let character = characters[i]
            switch character {
            case "*":
                if result.last != .star { result.append(.star) }
                i += 1
            case "?":
                result.append(.any)
                i += 1
            case "\\" where i + 1 < characters.count:
                result.append(.literal(characters[i + 1]))
                i += 2
            case "[":
                if let (set, next) = bracket(characters, from: i) {
                    result.append(set)
                    i = next
                } else {
                    result.append(.literal("["))
                    i += 1
                }
            default:
                result.append(.literal(character))
                i += 1
            }
        }
        return result
    }

    /// The set that opens at `start`, and the index after its `]`; nil when it never closes.
    private static func bracket(_ characters: [Unicode.Scalar], from start: Int) -> (Token, Int)? {
        var i = start + 1
        var negated = false
        if i < characters.count, characters[i] == "!" || characters[i] == "^" {
            negated = true
            i += 1
        }
        var members: [ClosedRange<Unicode.Scalar>] = []
        var first = true
        while i < characters.count {
            var character = characters[i]
            if character == "]" && !first {
                return (.set(members: members, negated: negated), i + 1)
            }
            first = false
            if character == "\\", i + 1 < characters.count {
                i += 1
                character = characters[i]
            }
            if i + 2 < characters.count, characters[i + 1] == "-", characters[i + 2] != "]" {
                let upper = characters[i + 2]
                if character <= upper { members.append(character...upper) }
                i += 3
            } else {
                members.append(character...character)
                i += 1
            }
        }
        return nil
    }
}

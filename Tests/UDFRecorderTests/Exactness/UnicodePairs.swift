/// Strings that Swift's `==` calls equal (canonically equivalent) but whose
/// scalars, so bytes and hashes, differ.
enum UnicodePairs {
    struct Pair: Sendable, CustomStringConvertible {
        let name: String
        let composed: String
        let decomposed: String
        /// How `diff --format paths` spells each side.
        let composedSpelled: String
        let decomposedSpelled: String

        var description: String { name }
    }

    static let all: [Pair] = [
        Pair(name: "e acute", composed: "caf\u{E9}", decomposed: "cafe\u{301}",
             composedSpelled: #"caf\u{E9}"#, decomposedSpelled: #"cafe\u{301}"#),
        Pair(name: "angstrom", composed: "\u{212B}", decomposed: "\u{C5}",
             composedSpelled: #"\u{212B}"#, decomposedSpelled: #"\u{C5}"#),
        Pair(name: "ohm", composed: "\u{2126}", decomposed: "\u{3A9}",
             composedSpelled: #"\u{2126}"#, decomposedSpelled: #"\u{3A9}"#),
        Pair(name: "hangul", composed: "\u{D55C}", decomposed: "\u{1112}\u{1161}\u{11AB}",
             composedSpelled: #"\u{D55C}"#, decomposedSpelled: #"\u{1112}\u{1161}\u{11AB}"#),
    ]
}

import UDFJSON

/// Finds texts that read alike but hold different Unicode scalars, such as
/// `"café"` with U+00E9 and with `e` + U+0301: a diff of such a change
/// would otherwise show two identical lines, so renderers spell them out.
enum LookAlikes {
    /// For each text, whether another text is canonically equivalent to it
    /// (Swift's `==`) but spelled with other scalars.
    static func marks(_ texts: [String]) -> [Bool] {
        var marks = [Bool](repeating: false, count: texts.count)
        // ASCII text has one spelling; only the rest can have a look-alike.
        var groups: [String: [Int]] = [:]
        for (index, text) in texts.enumerated() where !text.utf8.allSatisfy({ $0 < 0x80 }) {
            groups[text, default: []].append(index)
        }
        for members in groups.values where members.count > 1 {
            let first = texts[members[0]]
            guard members.contains(where: { !texts[$0].hasSameScalars(as: first) }) else { continue }
            for index in members { marks[index] = true }
        }
        return marks
    }
}

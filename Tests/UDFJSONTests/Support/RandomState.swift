import TestSupport

/// Randomized states for checking shortcuts against the plain path.
struct ShortcutState: Codable, Equatable {
    struct Row: Codable, Equatable {
        var id: Int
        var title: String
        var done: Bool
        var score: Double
        var tags: [String]
        var note: String?
    }

    var rows: [Row]
    var grid: [[Int]]
    var labels: [String: String]
    var title: String
}

extension ShortcutState {
    static let words = ["a", "b\"q", "ünï", "line\nbreak", "a long title that is not a small string", "", "😀"]

    static func random(_ random: inout SplitMix64, rows: Int) -> ShortcutState {
        ShortcutState(
            rows: (0..<rows).map { Row.random(&random, id: $0) },
            grid: (0..<3).map { row in (0..<4).map { row * 10 + $0 } },
            labels: ["x": "1", "é": "2", "Z": "3"],
            title: "start"
        )
    }

    /// One random edit of the kind reducers make.
    mutating func mutate(_ random: inout SplitMix64) {
        let roll = random.next() % 10
        let index = rows.isEmpty ? 0 : Int(random.next() % UInt64(rows.count))
        switch roll {
        case 0 where !rows.isEmpty: rows[index].score += 0.25
        case 1 where !rows.isEmpty: rows[index].done.toggle()
        case 2 where !rows.isEmpty: rows[index].tags.append(Self.words[index % Self.words.count])
        case 3: rows.append(Row.random(&random, id: rows.count + 1_000))
        case 4 where !rows.isEmpty: rows.remove(at: index)
        case 5: rows.insert(Row.random(&random, id: rows.count + 2_000), at: rows.isEmpty ? 0 : index)
        case 6: grid[Int(random.next() % 3)][Int(random.next() % 4)] += 1
        case 7: labels["k\(random.next() % 5)"] = Self.words[Int(random.next() % UInt64(Self.words.count))]
        case 8 where !rows.isEmpty: rows[index].note = rows[index].note == nil ? Self.words[index % Self.words.count] : nil
        default: title = Self.words[Int(random.next() % UInt64(Self.words.count))]
        }
    }
}

extension ShortcutState.Row {
    static func random(_ random: inout SplitMix64, id: Int) -> ShortcutState.Row {
        let words = ShortcutState.words
        return ShortcutState.Row(
            id: id,
            title: words[Int(random.next() % UInt64(words.count))],
            done: random.next() % 2 == 0,
            score: Double(random.next() % 1_000) / 4,
            tags: (0..<Int(random.next() % 3)).map { words[$0] },
            note: random.next() % 3 == 0 ? nil : "n\(id)"
        )
    }
}

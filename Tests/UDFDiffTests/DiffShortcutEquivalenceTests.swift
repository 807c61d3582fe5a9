import TestSupport
import Testing
import UDFJSON
@testable import UDFDiff

/// The diff's shortcuts (no `==` before the walk, equal ends by bits, ids
/// indexed only in the differing middle) answer exactly as the plain diff
/// on data built to trip them: strings and keys equal only up to Unicode
/// normalization, `0` and `-0`, `1` and `1.0`, integers past 2^64, ids
/// that repeat, and pairs that share storage or share none.
@Suite struct DiffShortcutEquivalenceTests {
    @Test func shortcutsAnswerAsThePlainDiffOnAdversarialPairs() throws {
        var random = AdversarialJSON(seed: 0x16D1FF)
        for round in 0..<3_000 {
            let a = round % 3 == 0 ? random.value(depth: 3) : random.identifiedArray(count: random.int(0...14))
            let b = random.mutate(a)
            let unsharedA = try JSONParser().parse(a.canonicalText)
            let unsharedB = try JSONParser().parse(b.canonicalText)
            let plain = PlainJSONDiff.diff(a, b)
            #expect(JSONDiff.diff(a, b) == plain, "round \(round): \(a.canonicalText) → \(b.canonicalText)")
            #expect(JSONDiff.diff(unsharedA, unsharedB) == plain, "round \(round), unshared")
            #expect(JSONDiff.diff(a, unsharedB) == plain, "round \(round), half shared")
            #expect((JSONDiff.diff(a, b) == nil) == (a.canonicalBytes == b.canonicalBytes), "round \(round): nil iff same bytes: \(a) → \(b)")
        }
    }

    @Test func aLargeArrayWithOneChangeAnswersAsThePlainDiff() throws {
        var random = AdversarialJSON(seed: 7)
        for _ in 0..<40 {
            let a = random.identifiedArray(count: 400)
            let b = random.mutate(a)
            #expect(JSONDiff.diff(a, b) == PlainJSONDiff.diff(a, b))
            #expect(JSONDiff.diff(.object(["rows": a]), .object(["rows": b])) == PlainJSONDiff.diff(.object(["rows": a]), .object(["rows": b])))
        }
    }

    /// Consecutive states of one long list, each diffed with the one before:
    /// a list's ids remembered from one diff (`ListIDs`) prove the next
    /// diff's ids unique, through chains of derived lists, restarts past the
    /// depth limit, ids that repeat and go away again, look-alike ids (`1`
    /// and `1.0`, NFC and NFD), and branches.
    @Test func consecutiveDiffsOfALongListAnswerAsThePlainDiff() throws {
        var random = SplitMix64(seed: 0x11D5)
        let lookAlikes: [JSONValue] = [
            1, .number(JSONNumber(literal: "1.0")!), "caf\u{E9}", "cafe\u{301}", .number(JSONNumber(literal: "-0")!), 0,
        ]
        var fresh = 10_000
        func element(id: JSONValue) -> JSONValue {
            ["id": id, "v": .number(JSONNumber(Int.random(in: 0...9, using: &random)))]
        }
        func mutated(_ list: [JSONValue]) -> [JSONValue] {
            var list = list
            let index = Int.random(in: 0..<list.count, using: &random)
            switch Int.random(in: 0..<20, using: &random) {
            case 0..<11: list[index] = element(id: list[index].objectValue?["id"] ?? .null)
            case 11, 12: fresh += 1; list.insert(element(id: .number(JSONNumber(fresh))), at: index)
            case 13: list.insert(element(id: lookAlikes[Int.random(in: 0..<lookAlikes.count, using: &random)]), at: index)
            case 14, 15: if list.count > 100 { list.remove(at: index) }
            case 16: list.insert(list.remove(at: index), at: Int.random(in: 0..<list.count, using: &random))
            case 17: list.insert(element(id: list[Int.random(in: 0..<list.count, using: &random)].objectValue?["id"] ?? .null), at: index)
            default:
                // Duplicates go away again, so the list is identified most of the time.
                var seen = Set<JSONValue>()
                list = list.filter { seen.insert($0.objectValue?["id"] ?? .null).inserted }
            }
            return list
        }
        var list: [JSONValue] = (0..<150).map { element(id: .number(JSONNumber(1_000 + $0))) }
        var remembered = 0
        for step in 0..<500 {
            let next = mutated(list)
            let (a, b) = (JSONValue.array(list), JSONValue.array(next))
            #expect(JSONDiff.diff(a, b) == PlainJSONDiff.diff(a, b), "step \(step)")
            if ListIDs.remembered(next) != nil { remembered += 1 }
            // A branch from the same state, and a step back.
            let branch = JSONValue.array(mutated(list))
            #expect(JSONDiff.diff(a, branch) == PlainJSONDiff.diff(a, branch), "step \(step), branch")
            #expect(JSONDiff.diff(b, a) == PlainJSONDiff.diff(b, a), "step \(step), back")
            list = next
        }
        #expect(remembered > 100, "only \(remembered) diffs left remembered ids")
    }

    @Test func derivedListIDsHoldTheParentsIDsWithTheMiddleReplaced() {
        let ids: [JSONValue] = (0..<100).map { .number(JSONNumber($0)) }
        let parent = ListIDs(list: ids, ids: IDSet(ids))
        let child = ListIDs(list: ids, parent: parent, removed: IDSet([5, 6]), added: IDSet([6, 200]))
        let grandchild = ListIDs(list: ids, parent: child, removed: IDSet([200, 7]), added: IDSet([5]))
        #expect(child.contains(4) && !child.contains(5) && child.contains(6) && child.contains(200) && !child.contains(201))
        #expect(grandchild.contains(5) && grandchild.contains(6) && !grandchild.contains(7) && !grandchild.contains(200))
        #expect(grandchild.depth == 2)
        // `1` and `1.0` are different ids, as everywhere in the diff.
        #expect(!parent.contains(.number(JSONNumber(literal: "1.0")!)))
    }

    /// An id that repeats, in the equal ends or between an end and the
    /// middle, means the arrays are matched by sequence, not by id.
    @Test(arguments: [
        ([["id": 7, "v": 1], ["id": 8, "v": 1], ["id": 7, "v": 1]], [["id": 7, "v": 1], ["id": 8, "v": 2], ["id": 7, "v": 1]]),
        ([["id": 1], ["id": 2], ["id": 3]], [["id": 1], ["id": 3, "x": true], ["id": 3]]),
    ] as [(JSONValue, JSONValue)])
    func aRepeatedIDMeansMatchingBySequence(old: JSONValue, new: JSONValue) throws {
        let node = try #require(JSONDiff.diff(old, new))
        guard case .array(let array) = node else {
            Issue.record("expected an array diff, got \(node)")
            return
        }
        #expect(array.matching == .sequence)
        #expect(node == PlainJSONDiff.diff(old, new))
    }

    @Test func normalizationTwinsAndSignedZerosAreChanges() throws {
        let composed: JSONValue = ["id": "caf\u{E9}", "n": .number(try #require(JSONNumber(literal: "0")))]
        let decomposed: JSONValue = ["id": "cafe\u{301}", "n": .number(try #require(JSONNumber(literal: "-0")))]
        #expect(JSONDiff.diff([composed, 1], [decomposed, 1]) == PlainJSONDiff.diff([composed, 1], [decomposed, 1]))
        #expect(JSONDiff.diff([composed, 1], [decomposed, 1]) != nil)
        #expect(JSONDiff.diff(composed, decomposed) != nil)
    }
}

/// Random JSON over a small alphabet of look-alikes, so that values which
/// `Swift.==` or a double would call equal meet often.
struct AdversarialJSON {
    var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &generator)
    }

    mutating func chance(_ percent: Int) -> Bool {
        int(0...99) < percent
    }

    static let numbers = ["0", "-0", "1", "1.0", "1e2", "100", "12345678901234567890123", "12345678901234567890124", "-0.0"]
    static let strings = ["caf\u{E9}", "cafe\u{301}", "\u{C5}", "\u{212B}", "A\u{30A}", "", "a\nb", "a\nc", "id"]
    static let keys = ["id", "caf\u{E9}", "cafe\u{301}", "v", "\u{C5}", "\u{212B}", "w"]

    mutating func scalar() -> JSONValue {
        switch int(0...5) {
        case 0: .null
        case 1: .bool(chance(50))
        case 2, 3: .number(JSONNumber(literal: Self.numbers[int(0...(Self.numbers.count - 1))]) ?? JSONNumber(0))
        default: .string(Self.strings[int(0...(Self.strings.count - 1))])
        }
    }

    mutating func id() -> JSONValue {
        chance(50) ? scalar() : .number(JSONNumber(int(0...20)))
    }

    mutating func value(depth: Int) -> JSONValue {
        if depth <= 0 || chance(30) { return scalar() }
        switch int(0...2) {
        case 0:
            var members: [String: JSONValue] = [:]
            for _ in 0..<int(0...4) { members[Self.keys[int(0...(Self.keys.count - 1))]] = value(depth: depth - 1) }
            return .object(members)
        case 1:
            return .array((0..<int(0...6)).map { _ in value(depth: depth - 1) })
        default:
            return identifiedArray(count: int(0...8))
        }
    }

    mutating func identified() -> JSONValue {
        var members: [String: JSONValue] = ["id": id(), "v": scalar()]
        if chance(30) { members[Self.keys[int(1...(Self.keys.count - 1))]] = value(depth: 1) }
        return .object(members)
    }

    /// Objects with an `id`, mostly unique: some arrays repeat one.
    mutating func identifiedArray(count: Int) -> JSONValue {
        var elements: [JSONValue] = []
        for index in 0..<count {
            if chance(85) {
                elements.append(["id": .number(JSONNumber(1_000 + index)), "v": scalar()])
            } else {
                elements.append(identified())
            }
        }
        return .array(elements)
    }

    /// `value` with one to three edits, sharing every subtree they leave alone.
    mutating func mutate(_ value: JSONValue) -> JSONValue {
        var result = value
        for _ in 0..<int(1...3) { result = edit(result) }
        return result
    }

    private mutating func edit(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(var elements) where !elements.isEmpty && chance(85):
            let index = int(0...(elements.count - 1))
            switch int(0...5) {
            case 0: elements.remove(at: index)
            case 1: elements.insert(chance(50) ? identified() : elements[int(0...(elements.count - 1))], at: index)
            case 2:
                let moved = elements.remove(at: index)
                elements.insert(moved, at: int(0...elements.count))
            default: elements[index] = edit(elements[index])
            }
            return .array(elements)
        case .object(var members) where !members.isEmpty && chance(85):
            let keys = members.keys.sorted(by: JSONWriter.utf8Precedes)
            let key = keys[int(0...(keys.count - 1))]
            switch int(0...4) {
            case 0: members[key] = nil
            case 1: members[Self.keys[int(0...(Self.keys.count - 1))]] = scalar()
            case 2: members["id"] = id()
            default: members[key] = edit(members[key] ?? .null)
            }
            return .object(members)
        default:
            return chance(50) ? scalar() : self.value(depth: 2)
        }
    }
}

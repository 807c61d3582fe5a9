import Testing
import TestSupport
@testable import UDFJSON

/// `==` on arrays and objects reads members in place and matches them by
/// bits before it hashes or compares (`hasSameMembers`, `hasSameElements`).
/// Its answer must be the definition's: equal exactly when the canonical
/// bytes are. The pairs here are built apart, so bits match only where they
/// prove something, and then nudged by what looks alike and is not:
/// normalization twins in keys and strings, −0 against 0, 1 against 1.0,
/// long keys and strings in separate buffers, objects past the key scan.
@Suite struct InPlaceEqualityTests {
    @Test func equalityIsCanonicalBytesEqualityOnPairsBuiltApart() throws {
        var random = AdversarialJSON(seed: 0xE0_A1)
        var equalPairs = 0
        var unequalPairs = 0
        for round in 0..<3_000 {
            let a = random.value(depth: 3)
            var b = random.rebuilt(a)
            if round % 3 != 0 { b = random.nudged(b) }
            let expected = a.canonicalBytes == b.canonicalBytes
            try #require((a == b) == expected, "round \(round): \(a.canonicalText) against \(b.canonicalText)")
            try #require((b == a) == expected, "round \(round), reversed")
            try #require(Self.equalInPlace(a, b) == expected, "round \(round), in place")
            try #require(Self.equalInPlace(b, a) == expected, "round \(round), in place, reversed")
            if case .object(let mine) = a, case .object(let theirs) = b {
                try #require(mine.hasSameMembers(as: theirs) == mine.hasSameMembersByLookup(as: theirs))
            }
            if expected { equalPairs += 1 } else { unequalPairs += 1 }
        }
        // Both answers are exercised, often.
        #expect(equalPairs > 1_000)
        #expect(unequalPairs > 1_000)
    }

    /// The containers' payloads are read through the values' memory on
    /// this platform, so the rounds above test that path, not a fallback.
    @Test func containersAreReadInPlaceHere() {
        #expect(PayloadLayout.holds)
    }

    @Test func inPlaceEqualityOfArraysOfObjectsIsElementwise() throws {
        var random = AdversarialJSON(seed: 0x1_A7E5)
        for round in 0..<500 {
            let elements = (0..<random.int(0...8)).map { _ in random.value(depth: 2) }
            var rebuilt = elements.map { random.rebuilt($0) }
            if round % 2 == 0, !rebuilt.isEmpty {
                let index = random.int(0...(rebuilt.count - 1))
                rebuilt[index] = random.nudged(rebuilt[index])
            }
            let expected = JSONValue.array(elements).canonicalBytes == JSONValue.array(rebuilt).canonicalBytes
            try #require(Self.equalInPlace(.array(elements), .array(rebuilt)) == expected, "round \(round)")
            try #require(elements.hasSameElements(as: rebuilt) == expected, "round \(round), elements")
        }
    }

    private static func equalInPlace(_ a: JSONValue, _ b: JSONValue) -> Bool {
        withUnsafePointer(to: a) { x in withUnsafePointer(to: b) { y in JSONValue.equalInPlace(x, y) } }
    }

    @Test func keysMatchByScalarsInEveryBucketArrangement() {
        let composed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        // Past the scan limit, built in opposite orders: a key is found by hashing.
        var forward: [String: JSONValue] = [:]
        var backward: [String: JSONValue] = [:]
        let keys = (0..<40).map { "a key long enough to live on the heap \($0)" }
        for key in keys { forward[key] = .string(key) }
        for key in keys.reversed() { backward[key] = .string(key) }
        #expect(JSONValue.object(forward) == .object(backward))
        backward[keys[7]] = .string(keys[8])
        #expect(JSONValue.object(forward) != .object(backward))
        // Same count, one key respelled: never equal, whichever side holds which.
        var small: [String: JSONValue] = ["id": 1, composed: 2]
        var twin: [String: JSONValue] = ["id": 1, decomposed: 2]
        #expect(JSONValue.object(small) != .object(twin))
        #expect(JSONValue.object(twin) != .object(small))
        small[composed] = nil
        small["x"] = 2
        twin[decomposed] = nil
        twin["x"] = 2
        #expect(JSONValue.object(small) == .object(twin))
    }

    @Test func valuesWithDifferentBitsAreComparedNotSkipped() throws {
        let zero = JSONValue.number(try #require(JSONNumber(literal: "0")))
        let negativeZero = JSONValue.number(try #require(JSONNumber(literal: "-0")))
        let one = JSONValue.number(try #require(JSONNumber(literal: "1")))
        let onePointZero = JSONValue.number(try #require(JSONNumber(literal: "1.0")))
        #expect(JSONValue.object(["v": zero]) != .object(["v": negativeZero]))
        #expect(JSONValue.object(["v": one]) != .object(["v": onePointZero]))
        #expect(JSONValue.array([one, zero]) != .array([one, negativeZero]))
        let long = String(repeating: "long text ", count: 20)
        let apart = String(decoding: Array(long.utf8), as: UTF8.self)
        #expect(JSONValue.object(["v": .string(long)]) == .object(["v": .string(apart)]))
        #expect(JSONValue.array([.string(long)]) == .array([.string(apart)]))
        #expect(JSONValue.object(["v": .string(long)]) != .object(["v": .string(apart + " ")]))
    }
}

/// Random JSON whose look-alikes differ in their canonical bytes.
private struct AdversarialJSON {
    var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    static let strings = ["", "a", "caf\u{E9}", "cafe\u{301}", "😀", "a\"b", "a string long enough for the heap, 48 bytes long"]
    static let numbers = ["0", "-0", "1", "1.0", "1e2", "100", "12345678901234567890123", "-2.5"]
    static let keys = ["id", "a", "b", "caf\u{E9}", "cafe\u{301}", "title", "a key long enough for the heap", ""]

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &generator)
    }

    mutating func scalar() -> JSONValue {
        switch int(0...4) {
        case 0: .null
        case 1: .bool(int(0...1) == 1)
        case 2: .string(Self.strings[int(0...(Self.strings.count - 1))])
        default: .number(JSONNumber(literal: Self.numbers[int(0...(Self.numbers.count - 1))])!)
        }
    }

    mutating func value(depth: Int) -> JSONValue {
        if depth <= 0 || int(0...3) == 0 { return scalar() }
        switch int(0...3) {
        case 0: return .array((0..<int(0...5)).map { _ in value(depth: depth - 1) })
        case 1:
            // Past the key scan limit.
            var members: [String: JSONValue] = [:]
            for index in 0..<int(17...30) { members["member \(index)"] = value(depth: depth - 1) }
            return .object(members)
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<int(0...6) {
                let key = Self.keys[int(0...(Self.keys.count - 1))]
                // An object holds one spelling of a key: the first stays.
                if members[key] == nil { members[key] = value(depth: depth - 1) }
            }
            return .object(members)
        }
    }

    /// An equal value in storage of its own: every container, and every
    /// string, made again; objects filled in another order, some with room
    /// to spare, so their buckets differ. A few subtrees stay shared.
    mutating func rebuilt(_ value: JSONValue) -> JSONValue {
        if int(0...9) == 0 { return value }
        switch value {
        case .string(let string):
            return .string(String(decoding: Array(string.utf8), as: UTF8.self))
        case .array(let elements):
            return .array(elements.map { rebuilt($0) })
        case .object(let members):
            var fresh = [String: JSONValue](minimumCapacity: int(0...1) == 0 ? 0 : members.count * 4)
            for key in members.keys.shuffled(using: &generator) {
                fresh[String(decoding: Array(key.utf8), as: UTF8.self)] = rebuilt(members[key]!)
            }
            return .object(fresh)
        default:
            return value
        }
    }

    /// `value` with one change somewhere: often to a look-alike.
    mutating func nudged(_ value: JSONValue) -> JSONValue {
        switch value {
        case .array(var elements) where !elements.isEmpty && int(0...3) != 0:
            let index = int(0...(elements.count - 1))
            elements[index] = nudged(elements[index])
            return .array(elements)
        case .object(var members) where !members.isEmpty && int(0...3) != 0:
            let key = members.keys.sorted(by: JSONWriter.utf8Precedes)[int(0...(members.count - 1))]
            if int(0...2) == 0 {
                // The same count, one key replaced by another (maybe its twin).
                let replacement = Self.keys[int(0...(Self.keys.count - 1))]
                if members.value(exactlyAt: replacement) == nil, members[replacement] == nil || replacement == key {
                    let moved = members.removeValue(forKey: key)
                    members[replacement] = moved
                }
            } else {
                members[key] = nudged(members[key]!)
            }
            return .object(members)
        case .string(let string):
            // A dictionary would take these two for one key: compare scalars.
            if string.hasSameScalars(as: "caf\u{E9}") { return .string("cafe\u{301}") }
            if string.hasSameScalars(as: "cafe\u{301}") { return .string("caf\u{E9}") }
            return .string(string + "x")
        case .number(let number):
            let twins = ["0": "-0", "-0": "0", "1": "1.0", "1.0": "1", "100": "1e2", "1e2": "100"]
            return .number(JSONNumber(literal: twins[number.text] ?? "7")!)
        default:
            return scalar()
        }
    }
}

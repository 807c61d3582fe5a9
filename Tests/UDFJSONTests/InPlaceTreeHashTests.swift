import Foundation
import TestSupport
import Testing
@testable import UDFJSON

/// `StateTreeHash.value(of:)` reads containers in place and remembers key
/// hashes by the keys' bits (`hashInPlace`, `KeyHashMemo`): held here to
/// the plain walk, `plainValue(of:)`, on what would fool a shortcut.
@Suite struct InPlaceTreeHashTests {
    private func expectPlain(_ value: JSONValue, _ comment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(StateTreeHash.value(of: value) == StateTreeHash.plainValue(of: value), "\(comment)", sourceLocation: sourceLocation)
    }

    @Test func theLayoutCheckHoldsHere() {
        // Otherwise every test below compares the plain walk with itself.
        #expect(PayloadLayout.holds)
    }

    /// Keys spelled in two normalizations are one `String` to `==` but
    /// different bytes, so different hashes: objects that differ only in
    /// that spelling, one after another, must not share a remembered hash.
    @Test func keysInAnotherNormalizationAreNotRemembered() {
        let spellings = ["caf\u{E9}", "cafe\u{301}", "\u{212B}", "\u{C5}", "A\u{30A}"]
        let objects: [JSONValue] = (0..<200).map { .object([spellings[$0 % spellings.count]: .number(JSONNumber($0 % 3))]) }
        expectPlain(.array(objects), "normalization twins in turn")
        let composed: JSONValue = .array([["caf\u{E9}": 1], ["caf\u{E9}": 1]])
        let mixed: JSONValue = .array([["caf\u{E9}": 1], ["cafe\u{301}": 1]])
        #expect(StateTreeHash.value(of: composed) != StateTreeHash.value(of: mixed))
    }

    /// Long keys live in buffers of their own: the same text in two
    /// buffers, one buffer shared by many objects, and keys a byte apart.
    @Test func longKeysHashByTheirText() {
        let long = "a key long enough to live in a buffer of its own"
        let twin = String(decoding: Array(long.utf8), as: UTF8.self)
        let objects: [JSONValue] = (0..<300).map { index in
            .object([
                index % 2 == 0 ? long : twin: .number(JSONNumber(index)),
                long + String(index % 7): .string("v"),
                String(long.dropLast()) + "\u{0}": .null,
            ])
        }
        expectPlain(.array(objects), "long keys")
    }

    /// More keys than the memo has slots, so that entries are replaced and
    /// keys whose slots collide meet, mixed with numbers that differ only
    /// in sign (`-0` and `0`), huge literals and empty containers.
    @Test func manyKeysAndAdversarialScalars() throws {
        var random = SplitMix64(seed: 0x7EE)
        for round in 0..<20 {
            var members: [String: JSONValue] = [:]
            for index in 0..<(50 + round * 20) {
                let key = index % 3 == 0 ? "k\(random.next() % 500)" : "key number \(index) of round \(round)"
                switch random.next() % 6 {
                case 0: members[key] = .number(JSONNumber(-0.0))
                case 1: members[key] = .number(JSONNumber(0.0))
                case 2: members[key] = try JSONParser().parse("123456789012345678901234567890e-5")
                case 3: members[key] = .object([:])
                case 4: members[key] = .array([.object([:]), .array([]), .string("\u{1F600}\u{0}")])
                default: members[key] = .object(["k\(random.next() % 500)": .bool(true), "": .null])
                }
            }
            expectPlain(.object(members), "round \(round)")
            expectPlain(.array([.object(members), .object(members)]), "shared storage, round \(round)")
        }
    }

    /// Randomized states as reducers change them, encoded and parsed (the
    /// parser's objects share their shape's storage layout).
    @Test func changingStatesHashAsThePlainWalk() throws {
        var random = SplitMix64(seed: 0x5EED)
        var state = ShortcutState.random(&random, rows: 30)
        for round in 0..<300 {
            state.mutate(&random)
            let encoded = try JSONValueEncoder().encode(state)
            expectPlain(encoded, "encoded, round \(round)")
            expectPlain(try JSONParser().parse(encoded.canonicalBytes), "parsed, round \(round)")
        }
    }

    /// An array past `splitElements` is hashed in halves, each half with a
    /// memo of its own, at the top and nested in an object.
    @Test func longArraysInPlaceHashAsThePlainWalk() {
        let items: [JSONValue] = (0..<(StateTreeHash.splitElements * 2 + 3)).map { index in
            .object(["id": .number(JSONNumber(index)), index % 2 == 0 ? "caf\u{E9}" : "cafe\u{301}": .string("\(index)")])
        }
        expectPlain(.array(items), "top")
        expectPlain(["items": .array(items), "other": [.array(items)]], "nested")
    }
}

import Foundation
import TestSupport
import Testing
@testable import UDFJSON

/// The incremental encoder reuses the members of a dictionary keyed by
/// strings or integers whose value bits match the previous pass's under a
/// key spelled alike (a string's scalars, an integer's decimal). Every pass must be what the plain encoder gives, on edits
/// chosen to fool that shortcut, and a result a caller keeps must never
/// change afterwards.
@Suite struct DictionaryReuseTests {
    final class Box: Encodable, @unchecked Sendable {
        var count = 0
    }

    struct Entry: Encodable {
        var label: String
        var value: Double
        var tags: [String]
        var box: Box?
        var nested: [String: String]
    }

    struct State: Encodable {
        var byID: [String: Entry]
        var settings: [String: [String: String]]
        var byNumber: [Int: Entry] = [:]
    }

    static func entry(_ index: Int, box: Box? = nil) -> Entry {
        let label = index % 3 == 0 ? "caf\u{E9} \(index)" : "a label long enough for the heap \(index)"
        return Entry(label: label, value: Double(index % 7), tags: ["t\(index % 4)"], box: box, nested: ["n": "\(index)"])
    }

    static func key(_ index: Int) -> String { index % 5 == 0 ? "caf\u{E9}-\(index)" : "id-\(index)" }

    /// One random edit: a value's string respelled NFC to NFD, 0.0 to −0.0,
    /// a class instance changed in place, a key respelled, keys added and
    /// removed, a huge value, the dictionary rebuilt in new storage, a
    /// nested dictionary changed, an integer key added (the extremes among
    /// them), removed or its value changed, or nothing. A class instance stays for a
    /// few passes at most, so most passes take the reuse path.
    static func edit(_ state: inout State, _ random: inout SplitMix64, box: Box) {
        if random.next() % 3 == 0 {
            for (key, entry) in state.byID where entry.box != nil { state.byID[key]?.box = nil }
        }
        let keys = state.byID.keys.sorted()
        let key = keys.isEmpty ? nil : keys[Int(random.next() % UInt64(keys.count))]
        let numbers = state.byNumber.keys.sorted()
        let number = numbers.isEmpty ? nil : numbers[Int(random.next() % UInt64(numbers.count))]
        switch random.next() % 16 {
        case 0: if let key, let label = state.byID[key]?.label { state.byID[key]?.label = label.decomposedStringWithCanonicalMapping }
        case 1: if let key, let value = state.byID[key]?.value { state.byID[key]?.value = value == 0 ? -0.0 : 0.0 }
        case 2: box.count += 1
        case 3:
            // The same key in the other normalization: one JSON key out, another in.
            if let key, let value = state.byID.removeValue(forKey: key) {
                // By scalars: `==` holds between the two spellings.
                let respelled = key.unicodeScalars.elementsEqual(key.decomposedStringWithCanonicalMapping.unicodeScalars)
                    ? key.precomposedStringWithCanonicalMapping : key.decomposedStringWithCanonicalMapping
                state.byID[respelled] = value
            }
        case 4:
            let added = Self.key(1_000 + Int(random.next() % 500))
            state.byID[added] = Self.entry(Int(random.next() % 50), box: random.next() % 4 == 0 ? box : nil)
        case 5: if let key { state.byID.removeValue(forKey: key) }
        case 6: if let key { state.byID[key]?.label = String(repeating: "huge ", count: 2_000) }
        case 7: state.byID = Dictionary(uniqueKeysWithValues: state.byID.map { ($0.key, $0.value) })
        case 8: if let key { let marked = state.byID[key]?.nested["m"] != nil; state.byID[key]?.nested["m"] = marked ? nil : "x" }
        case 9: state.settings["display", default: [:]]["theme"] = random.next() % 2 == 0 ? "dark" : "light"
        case 10: if let key { let boxed = state.byID[key]?.box != nil; state.byID[key]?.box = boxed ? nil : box }
        case 11:
            let added = [Int.min, Int.max, -1, 0, Int(random.next() % 1_000) - 500][Int(random.next() % 5)]
            state.byNumber[added] = Self.entry(Int(random.next() % 50), box: random.next() % 4 == 0 ? box : nil)
        case 12: if let number { state.byNumber.removeValue(forKey: number) }
        case 13:
            if let number, let value = state.byNumber[number]?.value {
                state.byNumber[number]?.value = value == 0 ? -0.0 : 0.0
                if random.next() % 2 == 0, let label = state.byNumber[number]?.label {
                    state.byNumber[number]?.label = label.decomposedStringWithCanonicalMapping
                }
            }
        case 14: state.byNumber = Dictionary(uniqueKeysWithValues: state.byNumber.map { ($0.key, $0.value) })
        default: break
        }
    }

    @Test(arguments: [UInt64(31), 32, 33])
    func everyPassIsThePlainEncodersAndAKeptResultNeverChanges(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let box = Box()
        var state = State(
            // No instance at first: a dictionary with one is encoded afresh
            // whole, so instances come and go.
            byID: Dictionary(uniqueKeysWithValues: (0..<120).map { (Self.key($0), Self.entry($0)) }),
            settings: ["display": ["theme": "light"], "shipping": ["speed": "standard"]],
            byNumber: Dictionary(uniqueKeysWithValues: (0..<90).map { ($0 * 37 - 1_000, Self.entry($0)) })
        )
        let encoder = IncrementalJSONEncoder()
        var kept: [(pass: Int, value: JSONValue, bytes: [UInt8])] = []
        for pass in 0..<250 {
            let fast = try encoder.encode(state)
            let plain = try JSONValueEncoder().encode(state)
            // The first disagreement ends the run: the values are long to print.
            try #require(fast == plain, "pass \(pass)")
            try #require(fast.canonicalBytes == plain.canonicalBytes, "pass \(pass)")
            if pass % 9 == 0 { kept.append((pass, fast, plain.canonicalBytes)) }
            Self.edit(&state, &random, box: box)
        }
        for (pass, value, bytes) in kept {
            #expect(value.canonicalBytes == bytes, "kept from pass \(pass)")
        }
    }

    /// A one-entry change reuses every other member's encoding (the same
    /// storage), and the edits name that key alone; a removed key and a
    /// respelled one are named in their old spellings too.
    @Test func unchangedMembersShareStorageAndTheEditsNameTheChangedKeys() throws {
        var state = State(byID: Dictionary(uniqueKeysWithValues: (0..<50).map { (Self.key($0), Self.entry($0)) }), settings: [:])
        let encoder = IncrementalJSONEncoder()
        let first = try encoder.encode(state)
        state.byID["id-7"]?.value = -0.0
        let second = try encoder.encode(state)
        let before = try #require(first["byID"]?.objectValue)
        let after = try #require(second["byID"]?.objectValue)
        #expect(encoder.lastEdits.changedKeys(of: after, from: before) == ["id-7"])
        #expect(after["id-7"] != before["id-7"])
        for key in after.keys where key != "id-7" {
            #expect(after[key]?.isIdentical(to: before[key]!) == true, "\(key)")
        }

        state.byID.removeValue(forKey: "id-8")
        let nfc = "caf\u{E9}-10"
        let nfd = nfc.decomposedStringWithCanonicalMapping
        state.byID[nfd] = state.byID.removeValue(forKey: nfc)
        let third = try encoder.encode(state)
        let changed = try #require(encoder.lastEdits.changedKeys(of: third["byID"]!.objectValue!, from: after))
        #expect(changed.count == 3)
        #expect(changed.contains { $0.unicodeScalars.elementsEqual("id-8".unicodeScalars) })
        #expect(changed.contains { $0.unicodeScalars.elementsEqual(nfc.unicodeScalars) })
        #expect(changed.contains { $0.unicodeScalars.elementsEqual(nfd.unicodeScalars) })
        #expect(third == (try JSONValueEncoder().encode(state)))
        // Only from the object it was made from, and forgotten by the next pass.
        #expect(encoder.lastEdits.changedKeys(of: after, from: after) == nil)
        _ = try encoder.encode(state)
        #expect(encoder.lastEdits.changedKeys(of: third["byID"]!.objectValue!, from: after) == nil)
    }

    /// An integer-keyed dictionary is spelled in decimal, as the plain
    /// encoder spells it, and a one-entry change reuses every other member
    /// and names that key alone, negative and extreme keys included.
    @Test func integerKeysAreReusedAndNamedInDecimal() throws {
        var state = State(byID: [:], settings: [:], byNumber: Dictionary(uniqueKeysWithValues: [Int.min, -7, 0, 7, Int.max].map { ($0, Self.entry(abs($0 % 50))) }))
        let encoder = IncrementalJSONEncoder()
        let first = try encoder.encode(state)
        #expect(first == (try JSONValueEncoder().encode(state)))
        let before = try #require(first["byNumber"]?.objectValue)
        #expect(before.keys.sorted() == ["-7", "-9223372036854775808", "0", "7", "9223372036854775807"])
        state.byNumber[-7]?.value = -0.0
        let second = try encoder.encode(state)
        #expect(second == (try JSONValueEncoder().encode(state)))
        let after = try #require(second["byNumber"]?.objectValue)
        #expect(encoder.lastEdits.changedKeys(of: after, from: before) == ["-7"])
        for key in after.keys where key != "-7" {
            #expect(after[key]?.isIdentical(to: before[key]!) == true, "\(key)")
        }
        state.byNumber.removeValue(forKey: Int.max)
        state.byNumber[70] = Self.entry(3)
        let third = try encoder.encode(state)
        #expect(third == (try JSONValueEncoder().encode(state)))
        let changed = try #require(encoder.lastEdits.changedKeys(of: third["byNumber"]!.objectValue!, from: after))
        #expect(changed.sorted() == ["70", "9223372036854775807"])
    }

    /// With results dropped, the third pass's members are the first pass's
    /// storage written in place: the memo kept it alive as the spare, so
    /// its address was not freed and reused. A result that is kept is
    /// copied instead, and keeps its value.
    @Test func aDroppedResultsMembersAreWrittenInPlaceAndAKeptOneIsCopied() throws {
        var state = State(byID: Dictionary(uniqueKeysWithValues: (0..<300).map { (Self.key($0), Self.entry($0)) }), settings: [:])
        let encoder = IncrementalJSONEncoder()
        func membersIdentity(_ value: JSONValue) -> JSONStorageIdentity? { value["byID"]?.storageIdentity }
        var first: JSONStorageIdentity?
        do {
            first = membersIdentity(try encoder.encode(state))
        }
        state.byID["id-1"]?.value = 40
        _ = try encoder.encode(state)
        state.byID.removeValue(forKey: "id-2")
        let third = try encoder.encode(state)
        #expect(first != nil && membersIdentity(third) == first)
        #expect(third == (try JSONValueEncoder().encode(state)))

        let kept = third
        state.byID["id-7"]?.label = "changed"
        _ = try encoder.encode(state)
        state.byID["id-4"]?.value = 41
        let fifth = try encoder.encode(state)
        #expect(membersIdentity(fifth) != membersIdentity(kept))
        #expect(kept["byID"]?["id-7"]?["label"] == "a label long enough for the heap 7")
        #expect(kept["byID"]?["id-1"]?["value"] == 40)
        #expect(kept["byID"]?["id-2"] == nil)
        #expect(fifth == (try JSONValueEncoder().encode(state)))
    }

    /// A dictionary unchanged since the last pass (the same storage) comes
    /// back as the very members encoded then; one holding a class instance
    /// is encoded afresh, and sees the instance's change.
    @Test func theSameStorageIsReusedUnlessAValueReachesAReference() throws {
        let box = Box()
        var state = State(byID: ["a": Self.entry(1), "b": Self.entry(2)], settings: [:])
        let encoder = IncrementalJSONEncoder()
        let first = try encoder.encode(state)
        let second = try encoder.encode(state)
        #expect(second["byID"]?.isIdentical(to: first["byID"]!) == true)
        state.byID["a"]?.box = box
        _ = try encoder.encode(state)
        box.count = 41
        let fourth = try encoder.encode(state)
        #expect(fourth["byID"]?["a"]?["box"]?["count"] == 41)
        #expect(fourth == (try JSONValueEncoder().encode(state)))
    }
}

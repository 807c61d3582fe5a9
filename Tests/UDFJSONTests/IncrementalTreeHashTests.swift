import TestSupport
import Testing
@testable import UDFJSON

@Suite struct IncrementalTreeHashTests {
    /// Scalars that tempt a shortcut to be wrong: canonically equivalent
    /// strings, -0 beside 0, numbers past Double, escapes.
    static let scalars: [JSONValue] = [
        .string("caf\u{E9}"), .string("cafe\u{301}"), .string(""), .string("q\"\\\n\u{1}"), .string("😀 a longer string of text"),
        .number(JSONNumber(literal: "-0")!), .number(JSONNumber(literal: "0")!), .number(JSONNumber(literal: "1.0")!),
        .number(JSONNumber(literal: "123456789012345678901234567890")!), .number(JSONNumber(literal: "1e308")!),
        .null, true, false,
    ]
    static let keys = ["caf\u{E9}", "cafe\u{301}", "a", "a.b", "", "k\"", "Z"]

    @Test func longRandomEditSequencesMeasureLikeThePlainPath() throws {
        for seed: UInt64 in [1, 2, 3] {
            var random = SplitMix64(seed: seed)
            let hasher = IncrementalTreeHash()
            var state = Self.start(&random)
            var kept: [JSONValue] = []
            for round in 0..<1_500 {
                switch random.next() % 40 {
                case 0 where !kept.isEmpty:
                    // An older state again: its containers are no longer in the memo.
                    state = kept[Int(random.next() % UInt64(kept.count))]
                case 1:
                    // Equal contents, all storage new.
                    state = try JSONParser().parse(state.canonicalBytes)
                default:
                    Self.edit(&state, depth: 0, &random)
                }
                if round % 100 == 0 { kept.append(state) }
                let measure = hasher.measure(state)
                #expect(measure.hash == StateTreeHash.value(of: state), "seed \(seed), round \(round)")
                #expect(measure.size == state.canonicalBytes.count, "seed \(seed), round \(round)")
                if measure.hash != StateTreeHash.value(of: state) { return }
            }
        }
    }

    @Test func aLongArrayEditedAtOnePlaceMovedAndGrownMeasuresLikeThePlainPath() {
        var random = SplitMix64(seed: 9)
        let hasher = IncrementalTreeHash()
        var items: [JSONValue] = (0..<2_000).map { ["id": .number(JSONNumber($0)), "title": .string("item \($0)")] }
        for round in 0..<200 {
            let index = Int(random.next() % UInt64(items.count))
            switch round % 4 {
            case 0: items[index] = ["id": .number(JSONNumber(index)), "title": .string("edited \(round)")]
            case 1: items.insert(items.remove(at: index), at: Int(random.next() % UInt64(items.count)))
            case 2: items.append(["id": .number(JSONNumber(round)), "title": "new"])
            default: items.remove(at: index)
            }
            let state = JSONValue.object(["items": .array(items), "count": .number(JSONNumber(items.count))])
            let measure = hasher.measure(state)
            #expect(measure.hash == StateTreeHash.value(of: state))
            #expect(measure.size == state.canonicalBytes.count)
        }
    }

    /// A wide object edited in place keeps its buckets, so the hash reads
    /// the members bucket by bucket: each kind of edit must still be seen,
    /// and an object that grows past its buckets is read the plain way.
    @Test func aWideObjectEditedInPlaceMeasuresLikeThePlainPath() {
        var random = SplitMix64(seed: 21)
        let hasher = IncrementalTreeHash()
        var members: [String: JSONValue] = [:]
        for index in 0..<64 { members["member \(index)"] = .number(JSONNumber(index)) }
        members["caf\u{E9}"] = "composed"
        for round in 0..<400 {
            let key = "member \(random.next() % 64)"
            switch round % 6 {
            case 0: members[key] = .number(JSONNumber(literal: round % 12 == 0 ? "-0" : "0")!)
            case 1: members[key] = nil
            case 2: members[key] = Self.scalars[Int(random.next() % UInt64(Self.scalars.count))]
            case 3:
                // The same key respelled: a dictionary holds one of the two.
                let composed = members.keys.contains { $0.unicodeScalars.elementsEqual("caf\u{E9}".unicodeScalars) }
                members["caf\u{E9}"] = nil
                members[composed ? "cafe\u{301}" : "caf\u{E9}"] = .string("respelled \(round)")
            case 4: members[key] = ["nested": .string("round \(round)")]
            case 5 where round % 60 == 5:
                // Grown past its buckets: the copy has more of them, so it is read the plain way.
                for extra in 0..<40 { members["grown \(round) \(extra)"] = .number(JSONNumber(extra)) }
            default: break
            }
            let state = JSONValue.object(members)
            let measure = hasher.measure(state)
            #expect(measure.hash == StateTreeHash.value(of: state), "round \(round)")
            #expect(measure.size == state.canonicalBytes.count, "round \(round)")
        }
    }

    @Test func aKeyRespelledInAnotherNormalizationChangesTheHash() {
        let hasher = IncrementalTreeHash()
        let value: JSONValue = ["list": [1, 2, 3]]
        let composed = JSONValue.object(["caf\u{E9}": value])
        let decomposed = JSONValue.object(["cafe\u{301}": value])
        #expect(hasher.measure(composed).hash == StateTreeHash.value(of: composed))
        #expect(hasher.measure(decomposed).hash == StateTreeHash.value(of: decomposed))
        #expect(StateTreeHash.value(of: composed) != StateTreeHash.value(of: decomposed))
    }

    /// The measure made without a memo, which an array's elements get
    /// until they change, is the hash and size the plain path gives.
    @Test func measuringWithoutAMemoGivesThePlainHashAndSize() {
        var random = SplitMix64(seed: 33)
        for round in 0..<300 {
            let value = round % 3 == 0 ? Self.start(&random) : Self.randomValue(&random, depth: 0)
            let measure = IncrementalTreeHash.measurePlain(value)
            #expect(measure.hash == StateTreeHash.value(of: value), "round \(round)")
            #expect(measure.size == value.canonicalBytes.count, "round \(round)")
        }
    }

    /// Elements measured first without a memo are each measured with one
    /// once they change, moved, copied or not.
    @Test func elementsMeasuredWithoutAMemoFirstMeasureLikeThePlainPathAfter() {
        var random = SplitMix64(seed: 34)
        for _ in 0..<20 {
            let hasher = IncrementalTreeHash()
            var state = Self.start(&random)
            for round in 0..<60 {
                Self.edit(&state, depth: 0, &random)
                let measure = hasher.measure(state)
                #expect(measure.hash == StateTreeHash.value(of: state), "round \(round)")
                #expect(measure.size == state.canonicalBytes.count, "round \(round)")
            }
        }
    }

    @Test func resetStartsOver() {
        let hasher = IncrementalTreeHash()
        let state: JSONValue = ["a": [1, 2, ["b": "c"]]]
        _ = hasher.measure(state)
        hasher.reset()
        #expect(hasher.measure(state).hex == state.stateTreeHash)
    }

    // MARK: Random states

    static func start(_ random: inout SplitMix64) -> JSONValue {
        let items: [JSONValue] = (0..<60).map { index in
            ["id": .number(JSONNumber(index)), "title": randomScalar(&random), "tags": [randomScalar(&random)]]
        }
        return ["items": .array(items), "labels": ["caf\u{E9}": 1, "x": "y"], "grid": [[1, 2], [3, [4]]], "title": "start"]
    }

    static func randomScalar(_ random: inout SplitMix64) -> JSONValue {
        scalars[Int(random.next() % UInt64(scalars.count))]
    }

    static func randomValue(_ random: inout SplitMix64, depth: Int) -> JSONValue {
        switch random.next() % 6 {
        case 0 where depth < 4: .array((0..<Int(random.next() % 4)).map { _ in randomValue(&random, depth: depth + 1) })
        case 1 where depth < 4:
            .object(Dictionary((0..<Int(random.next() % 4)).map { _ in (randomKey(&random), randomValue(&random, depth: depth + 1)) }) { a, _ in a })
        default: randomScalar(&random)
        }
    }

    static func randomKey(_ random: inout SplitMix64) -> String {
        keys[Int(random.next() % UInt64(keys.count))]
    }

    /// One edit somewhere in `value`, made in place as a reducer makes it,
    /// so everything else keeps its storage.
    static func edit(_ value: inout JSONValue, depth: Int, _ random: inout SplitMix64) {
        let descend = depth < 5 && random.next() % 10 < 7
        switch value {
        case .array(var elements):
            value = .null
            let index = elements.isEmpty ? 0 : Int(random.next() % UInt64(elements.count))
            if descend, !elements.isEmpty, elements[index].storageIdentity != nil {
                edit(&elements[index], depth: depth + 1, &random)
            } else {
                switch random.next() % 7 {
                case 0 where !elements.isEmpty: elements[index] = randomValue(&random, depth: depth)
                case 1: elements.insert(randomValue(&random, depth: depth), at: index)
                case 2 where !elements.isEmpty: elements.remove(at: index)
                case 3 where !elements.isEmpty: elements.insert(elements.remove(at: index), at: Int(random.next() % UInt64(elements.count + 1)))
                case 4 where elements.count > 1: elements.swapAt(index, Int(random.next() % UInt64(elements.count)))
                case 5 where !elements.isEmpty: elements.append(elements[index])
                default: elements.append(randomValue(&random, depth: depth))
                }
            }
            value = .array(elements)
        case .object(var members):
            value = .null
            let key = members.keys.sorted(by: JSONWriter.utf8Precedes).first { _ in random.next() % 3 == 0 } ?? members.keys.first
            if descend, let key, members[key]?.storageIdentity != nil {
                edit(&members[key]!, depth: depth + 1, &random)
            } else {
                switch random.next() % 4 {
                case 0 where key != nil: members[key!] = nil
                case 1 where key != nil:
                    // The same member under its key spelled in the other normalization.
                    let member = members.removeValue(forKey: key!)
                    let respelled = key! == "caf\u{E9}" ? "cafe\u{301}" : key! == "cafe\u{301}" ? "caf\u{E9}" : key! + "x"
                    members[respelled] = member
                default: members[randomKey(&random)] = randomValue(&random, depth: depth)
                }
            }
            value = .object(members)
        default:
            value = randomValue(&random, depth: depth)
        }
    }
}

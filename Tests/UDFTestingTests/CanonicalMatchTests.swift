import TestSupport
import Testing
import UDFJSON
@testable import UDFTesting

/// The check's shortcut, comparing trees without writing them, against the
/// plain path: the canonical bytes of the masked value. They must agree on
/// every pair, including strings that Swift's `==` calls equal.
@Suite struct CanonicalMatchTests {
    struct Shapes {
        var random: SplitMix64
        var nextID = 0

        mutating func int(_ range: ClosedRange<Int>) -> Int {
            Int.random(in: range, using: &random)
        }

        /// Strings chosen to collide: composed and decomposed é, the
        /// placeholder, and look-alikes of it.
        mutating func scalar() -> JSONValue {
            switch int(0...7) {
            case 0: .null
            case 1: .bool(int(0...1) == 0)
            case 2: .number(JSONNumber(int(0...2)))
            case 3: .number(JSONNumber(literal: ["1", "1.0", "1e0"][int(0...2)]) ?? JSONNumber(1))
            case 4: .string(["caf\u{E9}", "cafe\u{301}", "a"][int(0...2)])
            case 5: .string(RecordedTimeline.redactedValue)
            case 6: .string(["<Redacted>", "<redacted> "][int(0...1)])
            default: .string("s\(int(0...2))")
            }
        }

        mutating func value(depth: Int) -> JSONValue {
            if depth == 0 || int(0...3) == 0 { return scalar() }
            switch int(0...2) {
            case 0:
                var members: [String: JSONValue] = [:]
                for _ in 0..<int(0...3) { members[["a", "b", "caf\u{E9}", "id"][int(0...3)]] = value(depth: depth - 1) }
                return .object(members)
            case 1:
                return .array((0..<int(0...3)).map { _ in value(depth: depth - 1) })
            default:
                return .array((0..<int(0...3)).map { _ in
                    nextID += 1
                    return .object(["id": .number(JSONNumber(nextID % 4)), "v": value(depth: depth - 1)])
                })
            }
        }

        /// `value` with a few random parts replaced: by other random values or by the placeholder.
        mutating func edit(_ value: JSONValue) -> JSONValue {
            if int(0...5) == 0 { return int(0...1) == 0 ? .string(RecordedTimeline.redactedValue) : self.value(depth: 2) }
            switch value {
            case .object(var members):
                for key in members.keys.sorted() where int(0...2) == 0 { members[key] = edit(members[key] ?? .null) }
                return .object(members)
            case .array(var elements):
                for index in elements.indices where int(0...2) == 0 { elements[index] = edit(elements[index]) }
                if int(0...4) == 0, !elements.isEmpty { elements.swapAt(0, elements.count - 1) }
                return .array(elements)
            default:
                return value
            }
        }
    }

    @Test(arguments: 0..<20)
    func theShortcutAgreesWithMaskedCanonicalBytes(_ seed: Int) {
        var shapes = Shapes(random: SplitMix64(seed: UInt64(seed)))
        var matches = 0
        for _ in 0..<500 {
            let actual = shapes.value(depth: 4)
            let expected = shapes.edit(actual)
            let plain = actual.masked(like: expected).canonicalBytes == expected.canonicalBytes
            #expect(actual.canonicallyMatches(expected) == plain, "\(actual.canonicalText) against \(expected.canonicalText)")
            if plain { matches += 1 }
        }
        // Both outcomes occur, so the agreement means something.
        #expect(matches > 50 && matches < 450)
    }

    @Test func canonicallyEquivalentStringsDoNotMatch() {
        let composed: JSONValue = ["title": .string("caf\u{E9}")]
        let decomposed: JSONValue = ["title": .string("cafe\u{301}")]
        // Swift's `==` on the strings is canonical equivalence; JSON equality is not.
        #expect("caf\u{E9}" == "cafe\u{301}")
        #expect(composed != decomposed)
        #expect(!composed.canonicallyMatches(decomposed))
        #expect(CanonicalComparison.difference(expected: composed, actual: decomposed) == #"""
              {
            -   "title": "caf\u{E9}"
            +   "title": "cafe\u{301}"
              }
            """#)
    }
}

import Testing
import UDFJSON

/// `sameBitsRun` lets the canonical writer, redaction and patch skip runs of
/// elements by their bits; equal bits must mean equal values, and values
/// that only look alike must not be skipped.
@Suite struct SameBitsRunTests {
    @Test func copiesShareBitsAndLookAlikesDoNot() throws {
        let shared: JSONValue = ["a": [1, 2]]
        let old: [JSONValue] = [
            .string("caf\u{E9}"), .number(try #require(JSONNumber(literal: "0"))), shared, .string("x"), .null,
        ]
        var new = old
        #expect(new.sameBitsRun(with: old, from: 0) == old.count)
        // Canonically equivalent string, -0 against 0, an equal object built apart.
        new[0] = .string("cafe\u{301}")
        new[1] = .number(JSONNumber(-0.0))
        new[2] = ["a": [1, 2]]
        #expect(new.sameBitsRun(with: old, from: 0) == 0)
        #expect(new.sameBitsRun(with: old, from: 1) == 0)
        #expect(new.sameBitsRun(with: old, from: 2) == 0)
        #expect(new.sameBitsRun(with: old, from: 3) == 2)
        // Whatever the run says is skipped really is equal, byte for byte.
        for start in 0..<new.count {
            let run = new.sameBitsRun(with: old, from: start)
            for index in start..<(start + run) {
                #expect(new[index].canonicalBytes == old[index].canonicalBytes)
            }
        }
    }

    /// `"1"` and `1` carry the same small string; only the byte that says
    /// which case it is differs, the last of the compared bytes.
    @Test func aStringAndANumberWithTheSameTextAreToldApart() throws {
        let old: [JSONValue] = [.string("1"), .string("12345678901234"), .bool(true)]
        var new = old
        new[0] = .number(try #require(JSONNumber(literal: "1")))
        new[1] = .number(try #require(JSONNumber(literal: "12345678901234")))
        #expect(new.sameBitsRun(with: old, from: 0) == 0)
        #expect(new.sameBitsRun(with: old, from: 1) == 0)
        #expect(new.sameBitsRun(with: old, from: 2) == 1)
    }

    @Test func runsStopAtTheShorterArray() {
        let old: [JSONValue] = [1, 2, 3]
        let new: [JSONValue] = old + [4]
        #expect(new.sameBitsRun(with: old, from: 0) == 3)
        #expect(new.sameBitsRun(with: old, from: 3) == 0)
        #expect(new.sameBitsRun(with: old, from: 9) == 0)
        #expect([JSONValue]().sameBitsRun(with: old, from: 0) == 0)
    }
}

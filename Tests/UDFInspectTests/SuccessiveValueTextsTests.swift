import TestSupport
import Testing
@testable import UDFInspect
import UDFJSON

/// `blame` writes each value's text reusing the text of the array before
/// it where the first elements keep their bits. Every text must be the one
/// `JSONWriter` writes for the value alone.
@Suite struct SuccessiveValueTextsTests {
    /// Elements whose texts differ though they read alike: two
    /// normalizations of é, `-0.0` and `0`, a number past a double's
    /// precision, strings long enough to live on the heap.
    static let elements: [JSONValue] = [
        .string("caf\u{e9}"), .string("cafe\u{301}"), .number(JSONNumber(literal: "-0.0")!), .number(JSONNumber(0)),
        .number(JSONNumber(literal: "12345678901234567890123")!), .number(JSONNumber(literal: "12345678901234567890124")!),
        .string(String(repeating: "long text on the heap ", count: 3)), .null, .bool(false), .object(["k": .array([])]),
        .array([.string("nested")]),
    ]

    @Test func textsAreThoseOfEachValueAlone() {
        var random = SplitMix64(seed: 51)
        var texts = SuccessiveValueTexts()
        var current: [JSONValue] = []
        for round in 0..<3_000 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<4: current.append(Self.element(&random))
            case 4: if !current.isEmpty { current.removeLast() }
            case 5: if !current.isEmpty { current[Int.random(in: 0..<current.count, using: &random)] = Self.element(&random) }
            case 6: if !current.isEmpty { current.remove(at: Int.random(in: 0..<current.count, using: &random)) }
            case 7: current.insert(Self.element(&random), at: Int.random(in: 0...current.count, using: &random))
            case 8: current = current.map { $0 }.reversed()
            default:
                let other = Self.element(&random)
                #expect(texts.text(of: other) == Self.plain(other), "round \(round)")
                continue
            }
            let value = JSONValue.array(current)
            #expect(texts.text(of: value) == Self.plain(value), "round \(round)")
        }
    }

    /// Each value is made afresh and dropped by the caller, so a new string
    /// may take the very memory of an old one, with the same bits and
    /// another text, unless the value before is kept alive.
    @Test func freshValuesInRecycledMemoryAreWrittenAfresh() {
        var texts = SuccessiveValueTexts()
        for round in 0..<2_000 {
            let value = JSONValue.array([.string("step \(round) " + String(repeating: "x", count: 40)), .string(round.description)])
            #expect(texts.text(of: value) == Self.plain(value), "round \(round)")
        }
    }

    private static func element(_ random: inout SplitMix64) -> JSONValue {
        let element = elements[Int.random(in: 0..<elements.count, using: &random)]
        // Half of them rebuilt, so the same value comes with other bits.
        guard Bool.random(using: &random) else { return element }
        return (try? JSONParser().parse(Array(element.canonicalText.utf8))) ?? element
    }

    private static func plain(_ value: JSONValue) -> [UInt8] {
        var bytes: [UInt8] = []
        JSONWriter.appendCanonical(value, to: &bytes)
        return bytes
    }
}

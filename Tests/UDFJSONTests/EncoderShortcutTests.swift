import TestSupport
import Testing
@testable import UDFJSON

/// Every shortcut of the incremental encoder and canonical writer gives what
/// the plain path gives, byte for byte and hash for hash.
@Suite struct EncoderShortcutTests {
    @Test(arguments: [UInt64(1), 2, 3, 4, 5])
    func incrementalPathMatchesThePlainPathOnRandomEdits(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var state = ShortcutState.random(&random, rows: 40)
        let encoder = IncrementalJSONEncoder()
        let writer = IncrementalCanonicalWriter()
        for _ in 0..<300 {
            let plain = try JSONValueEncoder().encode(state)
            let fast = try encoder.encode(state)
            #expect(fast == plain)
            let plainBytes = plain.canonicalBytes
            let fastBytes = writer.write(fast)
            #expect(fastBytes == plainBytes)
            #expect(StateHash.of(fastBytes) == plain.stateHash)
            state.mutate(&random)
        }
    }

    @Test func unchangedElementsShareStorageWithThePreviousResult() throws {
        // A layout without padding: equal values are equal bits.
        var state = (0..<100).map { Packed(id: $0, title: "title \($0)", score: Double($0)) }
        let encoder = IncrementalJSONEncoder()
        let before = try encoder.encode(["rows": state])
        state[37].score += 1
        let after = try encoder.encode(["rows": state])
        let old = try #require(before["rows"]?.arrayValue)
        let new = try #require(after["rows"]?.arrayValue)
        let shared = zip(old, new).filter { $0.0.isIdentical(to: $0.1) }.count
        #expect(shared == 99)
        #expect(!old[37].isIdentical(to: new[37]))
        #expect(new[37] == ["id": 37, "title": "title 37", "score": 38])
    }

    @Test func elementsWithPaddingAreReusedByTheirFieldBytes() throws {
        // `Bool` before `Int`: copies leave the padding bytes unequal.
        var state = (0..<100).map { Padded(done: $0 % 2 == 0, id: $0, flag: false, title: "t\($0)") }
        let encoder = IncrementalJSONEncoder()
        let before = try encoder.encode(["rows": state])
        state[12].flag = true
        state.append(Padded(done: true, id: 100, flag: false, title: "new"))
        let after = try encoder.encode(["rows": state])
        #expect(after == (try JSONValueEncoder().encode(["rows": state])))
        let old = try #require(before["rows"]?.arrayValue)
        let new = try #require(after["rows"]?.arrayValue)
        #expect(new.count == 101)
        let shared = zip(old, new).enumerated().filter { $0.element.0.isIdentical(to: $0.element.1) }.map(\.offset)
        #expect(shared == Array(0..<12) + Array(13..<100))
        #expect(new[12] == ["done": true, "id": 12, "flag": true, "title": "t12"])
    }

    /// An array that only grows is reused as one run; an element of that run
    /// respelled (NFC to NFD), a -0.0 for a 0.0, or a heap string for an
    /// equal one, is encoded afresh, exactly as the plain path encodes it.
    @Test func aGrowingArrayIsReusedAsOneRunAndAnEditInsideItIsNot() throws {
        struct Log: Encodable { var lines: [String]; var numbers: [Double] }
        var log = Log(lines: (0..<300).map { $0 % 3 == 0 ? "caf\u{e9} \($0)" : "a longer line that lives on the heap \($0)" },
                      numbers: (0..<300).map { Double($0) - 150 })
        let encoder = IncrementalJSONEncoder()
        _ = try encoder.encode(log)
        for step in 0..<60 {
            log.lines.append("line \(step)")
            log.numbers.append(Double(step))
            switch step % 4 {
            case 0: log.lines[step] = log.lines[step].decomposedStringWithCanonicalMapping
            case 1: log.numbers[step] = log.numbers[step] == 0 ? -0.0 : -log.numbers[step]
            case 2: log.lines[step] = String(log.lines[step].utf8.map { Character(UnicodeScalar($0)) })
            default: break
            }
            let fast = try encoder.encode(log)
            #expect(fast == (try JSONValueEncoder().encode(log)), "step \(step)")
            #expect(fast.canonicalBytes == (try JSONValueEncoder().encode(log)).canonicalBytes, "step \(step)")
        }
    }

    /// Elements with padding are compared a block at a time. An edit at a
    /// block's first or last element, or a respelling (NFC to NFD, 0.0 to
    /// -0.0, an equal string in new storage), is encoded afresh; every other
    /// element is reused; every step is what the plain encoder gives.
    @Test func paddedElementsAreReusedABlockAtATimeAndOnlyTheEditedOneIsNot() throws {
        struct Reading: Encodable { var valid: Bool; var value: Double; var label: String }
        var rows: [Reading] = (0..<300).map { (index: Int) -> Reading in
            let label = index % 3 == 0 ? "caf\u{e9} \(index)" : "a label long enough for the heap \(index)"
            return Reading(valid: index % 2 == 0, value: Double(index % 7), label: label)
        }
        let block = Array<Reading>.reuseBlock
        let encoder = IncrementalJSONEncoder()
        var previous: JSONValue = try encoder.encode(["rows": rows])
        for (n, index) in [0, block - 1, block, 2 * block - 1, 2 * block, 200, 299].enumerated() {
            switch n % 4 {
            case 0: rows[index].label = rows[index].label.decomposedStringWithCanonicalMapping
            case 1: rows[index].value = rows[index].value == 0 ? -0.0 : -rows[index].value
            case 2: rows[index].label = String(rows[index].label.utf8.map { Character(UnicodeScalar($0)) })
            default: rows[index].valid.toggle()
            }
            let fast: JSONValue = try encoder.encode(["rows": rows])
            let plain: JSONValue = try JSONValueEncoder().encode(["rows": rows])
            #expect(fast == plain, "edit at \(index)")
            #expect(fast.canonicalBytes == plain.canonicalBytes, "edit at \(index)")
            let old = try #require(previous["rows"]?.arrayValue)
            let new = try #require(fast["rows"]?.arrayValue)
            let fresh = zip(old, new).enumerated().filter { !$0.element.0.isIdentical(to: $0.element.1) }.map(\.offset)
            #expect(fresh == [index], "edit at \(index)")
            previous = fast
        }
    }

    @Test func randomizedRowsAreReusedExceptTheEditedOne() throws {
        var random = SplitMix64(seed: 9)
        var state = ShortcutState.random(&random, rows: 50)
        let encoder = IncrementalJSONEncoder()
        let before = try encoder.encode(state)
        state.rows[20].score += 0.25
        let after = try encoder.encode(state)
        #expect(after == (try JSONValueEncoder().encode(state)))
        let old = try #require(before["rows"]?.arrayValue)
        let new = try #require(after["rows"]?.arrayValue)
        let fresh = zip(old, new).enumerated().filter { !$0.element.0.isIdentical(to: $0.element.1) }.map(\.offset)
        #expect(fresh == [20])
    }

    @Test func equatableElementsHoldingAClassAreNeverReusedByEquality() throws {
        let counter = Counter()
        let encoder = IncrementalJSONEncoder()
        let holders = [EquatableHolder(counter: counter, id: 1), EquatableHolder(counter: counter, id: 2)]
        #expect(try encoder.encode(["a": holders]) == ["a": [["count": 0], ["count": 0]]])
        counter.count = 3
        // `==` compares the reference, which did not change; the count did.
        #expect(try encoder.encode(["a": holders.map { $0 }]) == ["a": [["count": 3], ["count": 3]]])
    }

    @Test func anIdenticalArrayBufferIsReusedWhole() throws {
        var random = SplitMix64(seed: 42)
        let state = ShortcutState.random(&random, rows: 10)
        let encoder = IncrementalJSONEncoder()
        let first = try encoder.encode(state)
        let second = try encoder.encode(state)
        #expect(try #require(first["rows"]).isIdentical(to: try #require(second["rows"])))
        #expect(second == first)
    }

    @Test func elementsHoldingAClassAreNeverReusedByTheirBits() throws {
        let counter = Counter()
        let encoder = IncrementalJSONEncoder()
        let holders = [Holder(counter: counter), Holder(counter: counter)]
        #expect(try encoder.encode(holders) == [["count": 0], ["count": 0]])
        counter.count = 5
        // Same bits, same reference: only a fresh encoding sees the new count.
        #expect(try encoder.encode(holders) == [["count": 5], ["count": 5]])
        #expect(try encoder.encode(["a": holders]) == ["a": [["count": 5], ["count": 5]]])
        counter.count = 6
        #expect(try encoder.encode(["a": holders.map { $0 }]) == ["a": [["count": 6], ["count": 6]]])
    }

    @Test func anEncodingErrorLeavesTheEncoderUsable() throws {
        let encoder = IncrementalJSONEncoder()
        #expect(try encoder.encode(["rows": [1.0, 2.0]]) == ["rows": [1, 2]])
        #expect(throws: JSONEncodingError.self) { try encoder.encode(["rows": [1.0, .infinity]]) }
        #expect(try encoder.encode(["rows": [1.0, 3.0]]) == ["rows": [1, 3]])
    }

    @Test func storageIdentityIsNilForScalarsAndSharedForCopies() {
        let array: JSONValue = [1, 2, 3]
        let copy = array
        #expect(array.isIdentical(to: copy))
        #expect(!array.isIdentical(to: [1, 2, 3]))
        #expect(JSONValue.number(JSONNumber(1)).storageIdentity == nil)
        #expect(!JSONValue.null.isIdentical(to: .null))
    }

    @Test func canonicalWriterReusesBytesAcrossUnrelatedValues() {
        let writer = IncrementalCanonicalWriter()
        let shared: JSONValue = ["title": "a title long enough to be worth reusing", "id": 7]
        #expect(writer.write(["x": shared, "y": 1]) == JSONValue.object(["x": shared, "y": 1]).canonicalBytes)
        #expect(writer.write([shared, shared]) == JSONValue.array([shared, shared]).canonicalBytes)
        writer.reset()
        #expect(writer.write(shared) == shared.canonicalBytes)
    }

    @Test(arguments: [
        (#"{"a":{"long":"enough to be reused by the writer, surely","n":[1,2,3,4,5,6,7,8]},"z":1}"#, true),
        (#"{"z":1,"a":{"long":"enough to be reused by the writer, surely","n":[1,2,3,4,5,6,7,8]}}"#, false),
        (#"{"a":{"n":[1,2,3,4,5,6,7,8],"long":"enough to be reused by the writer, surely"},"z":1}"#, false),
        (#"{"a": {"long":"enough to be reused by the writer, surely","n":[1,2,3,4,5,6,7,8]},"z":1}"#, false),
        (#"{"a":{"long":"enough to be reused by the writer\/ surely","n":[1,2,3,4,5,6,7,8]},"z":1}"#, false),
        (#"{"a":{"long":"enough to be reused by the writer\u002c surely","n":[1,2,3,4,5,6,7,8]},"z":1}"#, false),
        (#"{"a":{"lo\u006eg":"enough to be reused by the writer, surely","n":[1,2,3,4,5,6,7,8]},"z":1}"#, false),
        (#"{"a":{"long":"enough\tto be reused by the \"writer\", surely","n":[1,2,3,4,5,6,7,8]},"z":1}"#, true),
        ("\u{FEFF}{\"a\":{\"long\":\"enough to be reused by the writer, surely\",\"n\":[1,2,3,4,5,6,7,8]},\"z\":1}", false),
        ("{\"a\":{\"long\":\"enough to be reused by the writer, surely\",\"n\":[1,2,3,4,5,6,7,8]},\"z\":1}\n", false),
    ])
    func aSeededWriterMatchesThePlainWriterWhateverTheParsedText(text: String, isCanonical: Bool) throws {
        let writer = IncrementalCanonicalWriter()
        let parsed = try writer.parse(Array(text.utf8))
        // Canonical text seeds the root and "a" (the array is too short); other text seeds nothing.
        #expect(writer.previousRanges.count == (isCanonical ? 2 : 0))
        #expect(parsed == (try JSONParser().parse(text)))
        #expect(writer.write(parsed) == parsed.canonicalBytes)
        guard var members = parsed.objectValue else {
            Issue.record("expected an object")
            return
        }
        members["z"] = 2
        let derived = JSONValue.object(members)
        #expect(writer.write(derived) == derived.canonicalBytes)
    }

    @Test func aSeededWriterCopiesSharedSubtreesFromTheParsedText() throws {
        let writer = IncrementalCanonicalWriter()
        let text = #"{"a":{"long":"enough to be reused by the writer, surely","n":[1,2,3]},"z":1}"#
        let parsed = try writer.parse(Array(text.utf8))
        guard var members = parsed.objectValue else {
            Issue.record("expected an object")
            return
        }
        #expect(writer.previousRanges.values.sorted { $0.lowerBound < $1.lowerBound } == [0..<text.utf8.count, 5..<69])
        members["z"] = 2
        #expect(String(decoding: writer.write(.object(members)), as: UTF8.self)
            == #"{"a":{"long":"enough to be reused by the writer, surely","n":[1,2,3]},"z":2}"#)
    }

    @Test func utf8OrderSortsByBytesNotByCharacters() {
        #expect(JSONWriter.utf8Precedes("Z", "a"))
        #expect(JSONWriter.utf8Precedes("a", "ab"))
        #expect(!JSONWriter.utf8Precedes("ab", "ab"))
        #expect(JSONWriter.utf8Precedes("z", "é"))
        #expect(JSONWriter.utf8Precedes("", "a"))
        #expect(!JSONWriter.utf8Precedes("a", ""))
    }
}

private final class Counter: @unchecked Sendable {
    var count = 0
}

private struct Holder: Encodable {
    let counter: Counter

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(counter.count, forKey: .count)
    }

    enum Key: String, CodingKey {
        case count
    }
}

private struct EquatableHolder: Encodable, Equatable {
    let counter: Counter
    let id: Int

    static func == (lhs: EquatableHolder, rhs: EquatableHolder) -> Bool {
        lhs.counter === rhs.counter && lhs.id == rhs.id
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(counter.count, forKey: .count)
    }

    enum Key: String, CodingKey {
        case count
    }
}

private struct Padded: Encodable, Equatable {
    var done: Bool
    var id: Int
    var flag: Bool
    var title: String
}

private struct Packed: Encodable {
    var id: Int
    var title: String
    var score: Double
}

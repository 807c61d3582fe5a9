import Foundation
import TestSupport
import Testing
import UDFDiff
import UDFJSON
@testable import UDFLog

/// The encoder's array edits let the tree hash, the redaction and the patch
/// skip every position it proved unchanged. Each stage fed them gives what
/// the plain path gives, on edits chosen to fool a shortcut: respellings
/// (NFC to NFD), 0.0 to −0.0, a class instance changed in place, shifts,
/// growth and shrinking, and secrets inside changed rows.
@Suite struct ContainerEditsTests {
    final class Box: Encodable, @unchecked Sendable {
        var count: Int
        init(count: Int) { self.count = count }
    }

    struct Row: Encodable, Sendable {
        var id: Int
        var title: String
        var score: Double
        var password: String
        var tags: [String]
        var box: Box?
    }

    /// No secret until an edit adds one: the redaction then walks the notes
    /// array as the encoder's own, changed positions only.
    struct Note: Encodable, Sendable {
        var text: String
        var meta: [String: String]
    }

    /// No secret until an edit adds the key `token` to the dictionary
    /// holding these: the redaction then walks it by the encoder's keys.
    struct Score: Encodable, Sendable {
        var value: Double
        var label: String
    }

    struct State: Encodable, Sendable {
        var rows: [Row]
        var log: [String]
        var small: [Row]
        var notes: [Note] = (0..<70).map { Note(text: "note \($0)", meta: ["n": "\($0)"]) }
        var counters: [Double] = (0..<40).map(Double.init)
        /// Keyed by id, as Redux normalizes; its rows hold secrets. Both
        /// dictionaries are long enough for the redaction to keep a spare.
        var byID: [String: Row] = Dictionary(uniqueKeysWithValues: (0..<70).map { ("r\($0)", ContainerEditsTests.row($0)) })
        var scores: [String: Score] = Dictionary(uniqueKeysWithValues: (0..<70).map { ("caf\u{E9} \($0)", Score(value: Double($0), label: "s\($0)")) })
    }

    static func row(_ id: Int, box: Box? = nil) -> Row {
        Row(id: id, title: "caf\u{E9} \(id)", score: 0.0, password: "p\(id)", tags: ["a", "b"], box: box)
    }

    /// One edit of a random kind, at a random place.
    static func edit(_ state: inout State, _ random: inout SplitMix64, box: Box) {
        let index = Int(random.next() % UInt64(max(1, state.rows.count)))
        switch random.next() % 10 {
        case 0 where !state.rows.isEmpty:
            state.rows[index].title = state.rows[index].title.hasPrefix("caf\u{E9}")
                ? "cafe\u{301}" + state.rows[index].title.dropFirst(4) : "caf\u{E9}" + state.rows[index].title.dropFirst(5)
        case 1 where !state.rows.isEmpty:
            state.rows[index].score = state.rows[index].score.sign == .minus ? 0.0 : -0.0
        case 2 where !state.rows.isEmpty: state.rows[index].password += "!"
        case 3: box.count += 1
        case 4: state.rows.insert(row(1_000 + Int(random.next() % 1_000)), at: 0)
        case 5 where !state.rows.isEmpty: state.rows.remove(at: index)
        case 6: state.rows.append(row(2_000 + Int(random.next() % 1_000)))
        case 7: state.small[Int(random.next() % UInt64(state.small.count))].score += 1
        case 8: state.log.removeFirst(min(2, state.log.count))
        default: break
        }
        // Arrays of the same length, edited in place: the patch takes the
        // encoder's positions for them.
        let note = Int(random.next() % UInt64(state.notes.count))
        switch random.next() % 3 {
        case 0: state.notes[note].meta["apiKey"] = state.notes[note].meta["apiKey"] == nil ? "k\(note)" : nil
        case 1: state.notes[note].text = state.notes[note].text == "caf\u{E9}" ? "cafe\u{301}" : "caf\u{E9}"
        default: break
        }
        // Dictionaries: a value changed, a key added, removed or respelled.
        let id = "r\(random.next() % 90)"
        switch random.next() % 4 {
        case 0: let negative = state.byID[id]?.score.sign == .minus; state.byID[id]?.score = negative ? 0.0 : -0.0
        case 1: let present = state.byID[id] != nil; state.byID[id] = present ? nil : row(Int(random.next() % 100))
        case 2: state.byID[id]?.password += "?"
        default: break
        }
        // Two edits a step, so a removal can come with a change.
        for _ in 0..<2 {
            let scoreKey = state.scores.keys.sorted()[Int(random.next() % UInt64(state.scores.count))]
            switch random.next() % 5 {
            case 0: let zero = state.scores[scoreKey]?.value == 0; state.scores[scoreKey]?.value = zero ? -0.0 : 0
            case 1:
                // By scalars: `==` holds between the two spellings.
                let respelled = scoreKey.unicodeScalars.elementsEqual(scoreKey.decomposedStringWithCanonicalMapping.unicodeScalars)
                    ? scoreKey.precomposedStringWithCanonicalMapping : scoreKey.decomposedStringWithCanonicalMapping
                state.scores[respelled] = state.scores.removeValue(forKey: scoreKey)
            case 2: let present = state.scores["token"] != nil; state.scores["token"] = present ? nil : Score(value: 1, label: "secret")
            case 3:
                let added = "added \(random.next() % 20)"
                let present = state.scores[added] != nil
                state.scores[added] = present ? nil : Score(value: 2, label: "cafe\u{301}")
            default: break
            }
        }
        let counter = Int(random.next() % UInt64(state.counters.count))
        state.counters[counter] = state.counters[counter] == 0 ? -0.0 : (state.counters[counter].sign == .minus ? 1 : 0)
        // The log grows with every step, as an app's history does.
        state.log.append("entry \(random.next() % 100)")
    }

    /// Run as the step encoder runs them, every result dropped as after a
    /// step, the encoder and the redaction each write their third pass into
    /// their first pass's storage:
    /// - the redaction hands its edits on and keeps none of them, so the
    ///   encoder's third pass finds the first pass's members free to write
    ///   into in place (`DictionaryReuseTests` shows that without a
    ///   redaction);
    /// - a long dictionary redacted again is written into the redaction's
    ///   own output of the pass before last (its spare), not into a copy.
    @Test func theEncoderAndTheRedactionEachWriteIntoTheirPassBeforeLast() throws {
        var state = State(rows: [], log: [], small: [])
        state.byID = Dictionary(uniqueKeysWithValues: (0..<300).map { ("r\($0)", Self.row($0)) })
        let encoder = IncrementalJSONEncoder()
        let redaction = IncrementalRedaction(redactor: Redactor())
        func pass() throws -> (encoded: JSONStorageIdentity?, redacted: JSONStorageIdentity?) {
            let encoded = try encoder.encode(state)
            let redacted = redaction.redactHandingOnEdits(encoded, edits: encoder.lastEdits).value
            return (encoded["byID"]?.storageIdentity, redacted["byID"]?.storageIdentity)
        }
        let first = try pass()
        state.byID["r1"]?.score = 1
        let second = try pass()
        state.byID["r2"]?.score = 2
        let third = try pass()
        #expect(first.encoded != nil && third.encoded == first.encoded)
        #expect(first.redacted != nil && second.redacted != first.redacted && third.redacted == first.redacted)
    }

    @Test(arguments: [UInt64(1), 2, 3], StateHashAlgorithm.allCases)
    func everyStageFedTheEncodersEditsMatchesThePlainPath(seed: UInt64, algorithm: StateHashAlgorithm) throws {
        var random = SplitMix64(seed: seed)
        let box = Box(count: 0)
        var state = State(
            rows: (0..<70).map { Self.row($0, box: $0 % 9 == 0 ? box : nil) },
            log: (0..<20).map { "entry \($0)" },
            small: (0..<5).map { Self.row($0) }
        )
        let redactor = Redactor()
        let encoder = StepEncoder(policy: KeyframePolicy(interval: 1_000), hashAlgorithm: algorithm, redactor: redactor)
        var previous: JSONValue?
        var patches = 0
        for step in 0..<300 {
            let plain = redactor.redact(try JSONValueEncoder().encode(state)).value
            let row = try encoder.encode(
                HostStep(step: step, time: Date(), action: nil, cause: nil, reducerNanoseconds: nil, state: state), timelineID: 1
            )
            #expect(row.stateHash == algorithm.hash(of: plain), "step \(step)")
            #expect(row.stateSize == plain.canonicalBytes.count, "step \(step)")
            if let previous, let patch = row.patch {
                patches += 1
                let document = try JSONParser().parse(Array(patch.utf8))
                #expect(try JSONPatch(jsonValue: document).apply(to: previous).canonicalBytes == plain.canonicalBytes, "step \(step)")
            }
            previous = plain
            Self.edit(&state, &random, box: box)
        }
        #expect(patches > 250)
    }

    @Test func editsNameEveryChangedPositionAndAreForgottenByTheNextPass() throws {
        var state = State(rows: (0..<70).map { Self.row($0) }, log: [], small: [])
        let encoder = IncrementalJSONEncoder()
        let first = try encoder.encode(state)
        state.rows[3].score = -0.0
        state.rows[40].title = "cafe\u{301} 40"
        state.rows.append(Self.row(70))
        let second = try encoder.encode(state)
        let before = try #require(first["rows"]?.arrayValue)
        let after = try #require(second["rows"]?.arrayValue)
        #expect(encoder.lastEdits.changedPositions(of: after, from: before) == [3, 40])
        // Only from the array it was made from.
        #expect(encoder.lastEdits.changedPositions(of: after, from: after) == nil)
        _ = try encoder.encode(state)
        #expect(encoder.lastEdits.changedPositions(of: after, from: before) == nil)
    }
}

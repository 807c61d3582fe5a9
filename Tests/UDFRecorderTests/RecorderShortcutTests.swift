import Foundation
import TestSupport
import Testing
import UDF
import UDFDiff
import UDFJSON
@testable import UDFLog
@testable import UDFRecorder

/// The recorder's shortcuts (incremental encoding, redaction, canonical text
/// and patches) give exactly what the plain path gives, on randomized states.
@Suite struct RecorderShortcutTests {
    static func randomJSON(_ random: inout TestSupport.SplitMix64, depth: Int) -> JSONValue {
        let keys = ["id", "title", "password", "apiKey", "note", "items", "ünï", "Token"]
        switch random.next() % (depth > 3 ? 4 : 6) {
        case 0: return .null
        case 1: return .bool(random.next() % 2 == 0)
        case 2: return .number(JSONNumber(Int(random.next() % 100)))
        case 3: return .string("s\(random.next() % 50)")
        case 4:
            return .array((0..<Int(random.next() % 5)).map { _ in randomJSON(&random, depth: depth + 1) })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int(random.next() % 5) {
                members[keys[Int(random.next() % UInt64(keys.count))]] = randomJSON(&random, depth: depth + 1)
            }
            return .object(members)
        }
    }

    /// Replaces one random subtree, keeping every other subtree's storage shared.
    static func edit(_ value: JSONValue, _ random: inout TestSupport.SplitMix64, depth: Int = 0) -> JSONValue {
        switch value {
        case .array(var elements) where !elements.isEmpty && random.next() % 4 != 0:
            let index = Int(random.next() % UInt64(elements.count))
            elements[index] = edit(elements[index], &random, depth: depth + 1)
            return .array(elements)
        case .object(var members) where !members.isEmpty && random.next() % 4 != 0:
            let key = members.keys.sorted()[Int(random.next() % UInt64(members.count))]
            members[key] = edit(members[key] ?? .null, &random, depth: depth + 1)
            return .object(members)
        default:
            return randomJSON(&random, depth: depth)
        }
    }

    /// The default keys; and beside them path rules of every kind, a
    /// container's path among them, applied after the rules by key.
    static func redactors() throws -> [Redactor] {
        let paths = try [
            ".items[2]", ".items[*].title", ".items[id=7]", ".items[0].items[1]", ".password", ".absent.path", ".items[4]",
        ].map { try JSONPath(parsing: $0) }
        return [Redactor(), Redactor(extraKeys: ["note"], paths: paths)]
    }

    @Test(arguments: [UInt64(11), 12, 13, 14], StateHashAlgorithm.allCases)
    func redactionPatchAndCanonicalTextMatchThePlainPath(seed: UInt64, algorithm: StateHashAlgorithm) throws {
        for redactor in try Self.redactors() {
            try expectRedactionPatchAndCanonicalTextMatchThePlainPath(seed: seed, algorithm: algorithm, redactor: redactor)
        }
    }

    private func expectRedactionPatchAndCanonicalTextMatchThePlainPath(seed: UInt64, algorithm: StateHashAlgorithm, redactor: Redactor) throws {
        var random = TestSupport.SplitMix64(seed: seed)
        let redaction = IncrementalRedaction(redactor: redactor)
        let encoder = StepEncoder(policy: KeyframePolicy(interval: 1_000), hashAlgorithm: algorithm, redactor: redactor)
        var state: JSONValue = ["items": .array((0..<30).map { _ in Self.randomJSON(&random, depth: 2) }), "password": "x"]
        var previous: JSONValue?
        for step in 0..<400 {
            let fast = redaction.redact(state)
            let plain = redactor.redact(state).value
            #expect(fast == plain)
            let row = try encoder.encode(
                HostStep(step: step, time: Date(), action: nil, cause: nil, reducerNanoseconds: nil, state: state), timelineID: 1
            )
            #expect(row.stateHash == algorithm.hash(of: plain))
            #expect(row.stateSize == plain.canonicalBytes.count)
            if let keyframe = row.keyframe {
                #expect(keyframe == plain.canonicalText)
            }
            if let previous, let patch = row.patch {
                let document = try JSONParser().parse(Array(patch.utf8))
                #expect(try JSONPatch(jsonValue: document).apply(to: previous) == plain)
            }
            previous = plain
            state = Self.edit(state, &random)
        }
    }

    @Test func actionsRedactedAloneMatchThePlainRedactor() throws {
        var random = TestSupport.SplitMix64(seed: 31)
        let byKey = IncrementalRedaction(redactor: Redactor())
        let withPaths = Redactor(extraKeys: ["note"], paths: [try JSONPath(parsing: ".items")], includeDefaults: false)
        let byPath = IncrementalRedaction(redactor: withPaths)
        for _ in 0..<300 {
            let action = Self.randomJSON(&random, depth: 1)
            #expect(byKey.redactAlone(action) == Redactor().redact(action).value)
            #expect(byPath.redactAlone(action) == withPaths.redact(action).value)
        }
        #expect(byKey.redactAlone(["login": ["password": "x", "id": 1]]) == ["login": ["password": "<redacted>", "id": 1]])
    }

    @Test func aRedactorWithPathsRedactsAsThePlainOne() throws {
        let redactor = Redactor(extraKeys: ["pin"], paths: [try JSONPath(parsing: ".profile.ssn")], includeDefaults: false)
        let redaction = IncrementalRedaction(redactor: redactor)
        let state: JSONValue = ["profile": ["ssn": "123", "pin": "9"], "name": "Ada"]
        #expect(redaction.redact(state) == ["profile": ["ssn": "<redacted>", "pin": "<redacted>"], "name": "Ada"])
        #expect(redaction.redact(state) == redactor.redact(state).value)
    }

    @Test func sharingAwarePatchHandlesGrowthRemovalAndTypeChanges() throws {
        let cases: [(JSONValue, JSONValue)] = [
            (["a": [1, 2, 3]], ["a": [1, 2, 3, 4]]),
            (["a": [1, 2, 3]], ["a": [3]]),
            (["a": 1, "b": 2], ["b": 2, "c": 3]),
            (["a": ["x": 1]], ["a": [1]]),
            ([1, 2], ["a": 1]),
            ("root", 5),
            (["a/b": ["~": 1]], ["a/b": ["~": 2]]),
            // A key respelled (NFC to NFD) in an object of the same count, and beside a changed member.
            (["caf\u{E9}": 1, "x": 2], ["cafe\u{301}": 1, "x": 2]),
            (["caf\u{E9}": 1, "x": 2], ["cafe\u{301}": 1, "x": 3]),
            (["caf\u{E9}": ["n": 1]], ["cafe\u{301}": ["n": 1], "caf": 0]),
            // Grown at the end, and grown with an old element respelled or changed in sign.
            (["log": ["a", "b"]], ["log": ["a", "b", "c", "d"]]),
            (["log": ["caf\u{E9}", "b"]], ["log": ["cafe\u{301}", "b", "c"]]),
            (["log": [0.0, 1]], ["log": [-0.0, 1, 2]]),
            (["log": [["n": 1]]], ["log": [["n": 2], ["n": 3]]]),
        ]
        for (old, new) in cases {
            let patch = SharingAwarePatch.make(from: old, to: new)
            #expect(try patch.apply(to: old).canonicalBytes == new.canonicalBytes, "\(old.canonicalText) → \(new.canonicalText)")
        }
        #expect(SharingAwarePatch.make(from: ["caf\u{E9}": 1, "x": 2], to: ["cafe\u{301}": 1, "x": 3]).jsonValue.canonicalText
            == #"[{"op":"remove","path":"/caf\#u{E9}"},{"op":"add","path":"/cafe\#u{301}","value":1},{"op":"replace","path":"/x","value":3}]"#)
        let log: JSONValue = ["log": ["a", "b"]]
        let grown: JSONValue = ["log": .array((log["log"]?.arrayValue ?? []) + ["c", "d"])]
        #expect(SharingAwarePatch.make(from: log, to: grown).jsonValue.canonicalText
            == #"[{"op":"add","path":"/log/2","value":"c"},{"op":"add","path":"/log/3","value":"d"}]"#)
        #expect(SharingAwarePatch.make(from: ["a": 1], to: ["a": 1]).operations.isEmpty)
        #expect(SharingAwarePatch.make(from: ["a": [1, 2]], to: ["a": [1, 5]]).jsonValue.canonicalText
            == #"[{"op":"replace","path":"/a/1","value":5}]"#)
    }

    @Test(arguments: [UInt64(21), 22, 23])
    func aWriterSeededByParsingCanonicalTextWritesEditsExactly(seed: UInt64) throws {
        var random = TestSupport.SplitMix64(seed: seed)
        let writer = IncrementalCanonicalWriter()
        var value: JSONValue = ["items": .array((0..<40).map { _ in Self.randomJSON(&random, depth: 1) })]
        for round in 0..<200 {
            // Every other round reads pretty text, which is not canonical.
            let text = round % 2 == 0 ? value.canonicalBytes : Array(value.prettyText(indent: 2).utf8)
            let parsed = try writer.parse(text)
            #expect(parsed == value)
            var derived = parsed
            for _ in 0..<Int(random.next() % 4) {
                derived = Self.edit(derived, &random)
            }
            #expect(writer.write(derived) == derived.canonicalBytes)
            #expect(writer.write(derived) == derived.canonicalBytes)
            value = Self.edit(derived, &random)
        }
    }

    @MainActor
    @Test func aRecordingOfRandomEditsRebuildsEveryStateExactly() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("random.udf")
        let recorder = try Recorder(path: path, app: "Shortcuts", options: RecorderOptions(keyframePolicy: KeyframePolicy(interval: 16), shadowCheck: true))
        let reducer = Reducer<LedgerState, LedgerAction> { state, action in
            switch action {
            case .deposit(let memo, let cents):
                state.entries.append(.init(id: state.entries.count, memo: memo, cents: cents))
            case .adjust(let cents) where !state.entries.isEmpty:
                state.entries[abs(cents) % state.entries.count].cents += cents
            case .rename(let memo) where !state.entries.isEmpty:
                state.entries.remove(at: memo.count % state.entries.count)
            default:
                state.isLocked.toggle()
            }
            return .none
        }
        let store = Store(initialState: LedgerState(), reducer: reducer, middleware: [recorder.middleware()])
        var random = TestSupport.SplitMix64(seed: 77)
        var expected = [try JSONValueEncoder().encode(store.state)]
        for _ in 0..<600 {
            let roll = random.next() % 10
            let action: LedgerAction = roll < 4 ? .deposit(memo: "m\(roll)", cents: Int(random.next() % 90))
                : roll < 8 ? .adjust(cents: Int(random.next() % 50)) : roll < 9 ? .rename("r\(random.next() % 7)") : .lock
            store.send(action)
            expected.append(try JSONValueEncoder().encode(store.state))
        }
        try recorder.close()
        let recording = try Recording(path: path)
        let main = try recording.timeline(nil, in: try recording.session(nil))
        for step in stride(from: 0, to: expected.count, by: 7) {
            #expect(try recording.state(at: step, on: main) == expected[step])
        }
        #expect(try recording.verify().isOK)
    }
}

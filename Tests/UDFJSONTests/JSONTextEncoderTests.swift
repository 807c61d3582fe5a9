import Foundation
import Testing
import TestSupport
@testable import UDFJSON

/// `JSONTextEncoder` writes text straight from `encode(to:)`; the plain path
/// is `JSONValueEncoder` then `JSONWriter`. They must agree byte for byte,
/// and on every error, for any sequence of container calls a value can
/// make: random programs of calls (`EncodingScript`) with keys that sort
/// apart from their order, keys set twice, keys equal only after
/// normalization (`é` twice, the Kelvin sign against `K`), nested containers
/// and super-encoders filled late, containers switched midway, errors
/// swallowed by `try?`, −0.0, NaN, huge integers, dates out of range.
@Suite struct JSONTextEncoderTests {
    static let styles: [JSONTextEncoder.Style] = [.canonical, .pretty(indent: 2), .pretty(indent: 2, level: 3), .pretty(indent: 0)]

    @Test func randomProgramsOfContainerCallsWriteThePlainPathsBytes() throws {
        var random = ScriptMaker(seed: 0x7E_57)
        var written = 0
        var irregular = 0
        var failed = 0
        for round in 0..<4_000 {
            let script = random.script(depth: 4)
            let style = Self.styles[round % Self.styles.count]
            let plain = Self.plain(script, style: style)
            let text = Self.text(script, style: style)
            try #require(text == plain, "round \(round), \(style): \(text) against \(plain)")
            // What the text path alone did: whole, or handed to the plain path.
            switch Self.textAlone(script, style: style) {
            case .written(let bytes):
                try #require(.success(bytes) == plain, "round \(round): the text path alone differs")
                written += 1
            case .irregular: irregular += 1
            case .failed: failed += 1
            }
        }
        // Each way is taken often, and most programs never leave the text path.
        #expect(written > 2_000)
        #expect(irregular > 100)
        #expect(failed > 100)
    }

    @Test func adversarialValuesWriteThePlainPathsBytes() throws {
        let values: [any Encodable] = [
            [-0.0, 0.0, 1e300, -1e-300, 0.1] as [Double],
            [-0.0 as Float, 0.1, 16_777_216],
            [UInt64.max, 0] as [UInt64], [Int64.min, Int64.max] as [Int64],
            ["caf\u{E9}": 1, "z": 2, "a": 3],
            // Equal as `String`s, so no dictionary holds both: a value writes them.
            EncodingScript.keyed([.leaf("caf\u{E9}", .int(1)), .leaf("cafe\u{301}", .int(2))]),
            EncodingScript.keyed([.leaf("K", .int(1)), .leaf("\u{212A}", .int(2))]),
            EncodingScript.keyed([.leaf("b", .int(1)), .leaf("a", .int(2)), .leaf("b", .int(3))]),
            ["\u{1F600}": 1, "a\"b": 2, "\n": 3, "": 4, "\u{7F}": 5],
            [3: "c", 1: "a", 20: "t", -1: "m"],
            [[String: [Int]]](), [String: Int](), [Int](),
            TodoState(todos: [Todo(id: 2, title: "Walk the dog", done: false, note: nil, tags: ["home", "caf\u{E9}"])], filter: .all, selected: nil),
            Foundations(date: sampleDate, data: Data([0, 255]), url: URL(string: "https://example.com/a?b=c")!, amount: Decimal(string: "12.50")!),
            Integers(),
            ExplicitOptionals(first: nil, second: nil),
            Dog(name: "Rex", tricks: ["sit", "roll"], position: (1, -2)),
            Matrix(rows: [[1, 2], [], [3]]),
            Cents(1_250),
            TodoAction.add(title: "x", priority: 2), TodoAction.rename(3, to: "y"), TodoAction.clearCompleted,
            JSONValue.object(["b": .array([.null, .bool(true)]), "a": .number(JSONNumber(literal: "1.0")!)]),
            Optional<Int>.none,
            Double.nan, [Double.infinity], ["x": Float.nan],
            Date(timeIntervalSince1970: 1e15),
            Decimal.nan,
        ]
        for (index, value) in values.enumerated() {
            for style in Self.styles {
                let plain = Self.plain(value, style: style)
                let text = Self.text(value, style: style)
                try #require(text == plain, "value \(index), \(style): \(text) against \(plain)")
            }
        }
    }

    @Test func appendsAfterWhatTheBufferHolds() throws {
        var bytes = Array("head ".utf8)
        try JSONTextEncoder(style: .canonical).append(["b": 1, "a": 2], to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #"head {"a":2,"b":1}"#)
        // A failure leaves the buffer as it was.
        #expect(throws: JSONEncodingError.self) { try JSONTextEncoder(style: .canonical).append(["x": Double.nan], to: &bytes) }
        #expect(String(decoding: bytes, as: UTF8.self) == #"head {"a":2,"b":1}"#)
    }

    @Test func prettyTextIsJSONWritersIndentedForm() throws {
        var bytes: [UInt8] = []
        try JSONTextEncoder(style: .pretty(indent: 2)).append(TodoState(todos: [Todo(id: 1, title: "a", done: true, tags: [])], filter: .active, selected: 1), to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == """
        {
          "filter": "active",
          "selected": 1,
          "todos": [
            {
              "done": true,
              "id": 1,
              "tags": [],
              "title": "a"
            }
          ]
        }
        """)
    }

    // MARK: The three paths

    enum Outcome: Equatable {
        case success([UInt8])
        case failure(String)
    }

    static func plain(_ value: some Encodable, style: JSONTextEncoder.Style) -> Outcome {
        do {
            let tree = try JSONValueEncoder().encode(value)
            var bytes: [UInt8] = []
            switch style {
            case .canonical: JSONWriter.appendCanonical(tree, to: &bytes)
            case .pretty(let indent, let level): JSONWriter.appendPretty(tree, indent: indent, level: level, to: &bytes)
            }
            return .success(bytes)
        } catch {
            return .failure("\(error)")
        }
    }

    static func text(_ value: some Encodable, style: JSONTextEncoder.Style) -> Outcome {
        var bytes: [UInt8] = []
        do {
            try JSONTextEncoder(style: style).append(value, to: &bytes)
            return .success(bytes)
        } catch {
            return .failure("\(error)")
        }
    }

    enum Alone {
        case written([UInt8]), irregular, failed
    }

    /// The text path with no plain path behind it.
    static func textAlone(_ value: some Encodable, style: JSONTextEncoder.Style) -> Alone {
        var bytes: [UInt8] = []
        switch JSONTextEncoder(style: style).appendText(value, to: &bytes) {
        case .written: return .written(bytes)
        case .irregular: return .irregular
        case .failed: return .failed
        }
    }
}

/// A value whose `encode(to:)` runs a program of container calls.
indirect enum EncodingScript: Encodable {
    enum Leaf {
        case int(Int), uint64(UInt64), double(Double), float(Float), string(String), bool(Bool), null
        case date(Date), json(JSONValue), none
    }

    enum Call {
        case leaf(String, Leaf)
        case child(String, EncodingScript)
        case nestedKeyed(String, [Call])
        case nestedUnkeyed(String, [Call])
        case superEncoder(String?, EncodingScript)
        /// `try?` around a call that throws: the tree sets nothing.
        case swallowed(String, EncodingScript)
    }

    case keyed([Call])
    case unkeyed([Call])
    case single(Leaf)
    case singleScript(EncodingScript)
    case nothing
    /// Several of the above on one encoder: a container switched midway.
    case sequence([EncodingScript])
    /// Keeps its container and writes to it after its value has ended.
    case late(Box)
    /// As `late`, then fails (NaN), so a `try?` around it leaves a failed
    /// value whose container a later `late` writes to.
    case lateFailing(Box)

    final class Box: @unchecked Sendable {
        var keyed: KeyedEncodingContainer<ScriptKey>?
    }

    struct ScriptKey: CodingKey {
        let stringValue: String
        init(stringValue: String) { self.stringValue = stringValue }
        var intValue: Int? { nil }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .keyed(let calls):
            var container = encoder.container(keyedBy: ScriptKey.self)
            for call in calls { try Self.run(call, keyed: &container) }
        case .unkeyed(let calls):
            var container = encoder.unkeyedContainer()
            for call in calls { try Self.run(call, unkeyed: &container) }
        case .single(let leaf):
            var container = encoder.singleValueContainer()
            try Self.encode(leaf, single: &container)
        case .singleScript(let script):
            var container = encoder.singleValueContainer()
            try container.encode(script)
        case .nothing:
            break
        case .sequence(let scripts):
            for script in scripts { try script.encode(to: encoder) }
        case .late(let box):
            var container = encoder.container(keyedBy: ScriptKey.self)
            try container.encode(0, forKey: ScriptKey(stringValue: "now"))
            if var kept = box.keyed {
                try kept.encode(1, forKey: ScriptKey(stringValue: "late"))
            }
            box.keyed = container
        case .lateFailing(let box):
            var container = encoder.container(keyedBy: ScriptKey.self)
            try container.encode(0, forKey: ScriptKey(stringValue: "now"))
            box.keyed = container
            try container.encode(Double.nan, forKey: ScriptKey(stringValue: "nan"))
        }
    }

    static func run(_ call: Call, keyed container: inout KeyedEncodingContainer<ScriptKey>) throws {
        switch call {
        case .leaf(let key, let leaf):
            let key = ScriptKey(stringValue: key)
            switch leaf {
            case .int(let value): try container.encode(value, forKey: key)
            case .uint64(let value): try container.encode(value, forKey: key)
            case .double(let value): try container.encode(value, forKey: key)
            case .float(let value): try container.encode(value, forKey: key)
            case .string(let value): try container.encode(value, forKey: key)
            case .bool(let value): try container.encode(value, forKey: key)
            case .null: try container.encodeNil(forKey: key)
            case .date(let value): try container.encode(value, forKey: key)
            case .json(let value): try container.encode(value, forKey: key)
            case .none: try container.encodeIfPresent(Int?.none, forKey: key)
            }
        case .child(let key, let script):
            try container.encode(script, forKey: ScriptKey(stringValue: key))
        case .nestedKeyed(let key, let calls):
            var nested = container.nestedContainer(keyedBy: ScriptKey.self, forKey: ScriptKey(stringValue: key))
            for call in calls { try run(call, keyed: &nested) }
        case .nestedUnkeyed(let key, let calls):
            var nested = container.nestedUnkeyedContainer(forKey: ScriptKey(stringValue: key))
            for call in calls { try run(call, unkeyed: &nested) }
        case .superEncoder(let key, let script):
            try script.encode(to: key.map { container.superEncoder(forKey: ScriptKey(stringValue: $0)) } ?? container.superEncoder())
        case .swallowed(let key, let script):
            try? container.encode(script, forKey: ScriptKey(stringValue: key))
        }
    }

    static func run(_ call: Call, unkeyed container: inout any UnkeyedEncodingContainer) throws {
        switch call {
        case .leaf(_, let leaf):
            switch leaf {
            case .int(let value): try container.encode(value)
            case .uint64(let value): try container.encode(value)
            case .double(let value): try container.encode(value)
            case .float(let value): try container.encode(value)
            case .string(let value): try container.encode(value)
            case .bool(let value): try container.encode(value)
            case .null: try container.encodeNil()
            case .date(let value): try container.encode(value)
            case .json(let value): try container.encode(value)
            case .none: try container.encode(Int?.none)
            }
        case .child(_, let script):
            try container.encode(script)
        case .nestedKeyed(_, let calls):
            var nested = container.nestedContainer(keyedBy: ScriptKey.self)
            for call in calls { try run(call, keyed: &nested) }
        case .nestedUnkeyed(_, let calls):
            var nested = container.nestedUnkeyedContainer()
            for call in calls { try run(call, unkeyed: &nested) }
        case .superEncoder(_, let script):
            try script.encode(to: container.superEncoder())
        case .swallowed(_, let script):
            try? container.encode(script)
        }
    }

    static func encode(_ leaf: Leaf, single container: inout any SingleValueEncodingContainer) throws {
        switch leaf {
        case .int(let value): try container.encode(value)
        case .uint64(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .float(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        case .null, .none: try container.encodeNil()
        case .date(let value): try container.encode(value)
        case .json(let value): try container.encode(value)
        }
    }
}

/// Random `EncodingScript`s, mostly regular, sometimes not.
struct ScriptMaker {
    var generator: SplitMix64

    init(seed: UInt64) {
        generator = SplitMix64(seed: seed)
    }

    /// Keys out of order, twins under normalization, escapes, one shared prefix.
    static let keys = ["id", "b", "a", "title", "caf\u{E9}", "cafe\u{301}", "K", "\u{212A}", "a\"b", "\n", "", "prefix-long-0", "prefix-long-1", "\u{1F600}"]

    mutating func int(_ range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &generator)
    }

    mutating func key() -> String {
        // Mostly ASCII: the twins then come up in some objects, not all.
        int(0...3) == 0 ? Self.keys[int(0...(Self.keys.count - 1))] : Self.keys[int(0...3)] + (int(0...1) == 0 ? "" : String(int(0...20)))
    }

    mutating func leaf() -> EncodingScript.Leaf {
        switch int(0...19) {
        case 0: .double(-0.0)
        case 1: .double(int(0...3) == 0 ? .nan : 0.1)
        case 2: .float(int(0...3) == 0 ? .infinity : -0.0)
        case 3: .uint64(UInt64.max - UInt64(int(0...9)))
        case 4: .date(int(0...4) == 0 ? Date(timeIntervalSince1970: 1e15) : Date(timeIntervalSince1970: 1_700_000_000.5))
        case 5: .json(.object(["z": .null, "a": .array([.number(JSONNumber(literal: "1e2")!)])]))
        case 6: .null
        case 7: .none
        case 8: .bool(int(0...1) == 0)
        case 9, 10: .string(Self.keys[int(0...(Self.keys.count - 1))])
        default: .int(int(-1_000...1_000))
        }
    }

    mutating func calls(depth: Int) -> [EncodingScript.Call] {
        (0..<int(0...6)).map { _ in call(depth: depth) }
    }

    mutating func call(depth: Int) -> EncodingScript.Call {
        if depth <= 0 { return .leaf(key(), leaf()) }
        switch int(0...15) {
        case 0: return .nestedKeyed(key(), calls(depth: depth - 1))
        case 1: return .nestedUnkeyed(key(), calls(depth: depth - 1))
        case 2: return .superEncoder(int(0...1) == 0 ? nil : key(), script(depth: depth - 1))
        case 3: return .swallowed(key(), script(depth: depth - 1))
        case 4, 5, 6: return .child(key(), script(depth: depth - 1))
        default: return .leaf(key(), leaf())
        }
    }

    mutating func script(depth: Int) -> EncodingScript {
        switch int(0...29) {
        case 0: return .nothing
        case 1: return .single(leaf())
        case 2: return .singleScript(depth > 0 ? script(depth: depth - 1) : .single(leaf()))
        case 3: return .sequence((0..<int(2...3)).map { _ in depth > 0 ? script(depth: depth - 1) : .single(leaf()) })
        case 4:
            // The second writes to the first's container after its value ended.
            let box = EncodingScript.Box()
            if int(0...1) == 0 {
                // The failed value's container, written after the failure was swallowed.
                return .keyed([.swallowed(key(), .lateFailing(box)), .child(key(), .late(box))])
            }
            return .keyed([.child(key(), .late(box)), .child(key(), .late(box))])
        case 5...12: return .unkeyed(calls(depth: depth))
        default: return .keyed(calls(depth: depth))
        }
    }
}

import Foundation
import Testing
@testable import UDFJSON

/// The encoders write arrays and objects nested at most as deep as readers
/// accept (`JSONParser.Limits.readableDepth`, 512), so that no state is
/// recorded that cannot be read back; one level more is a clean error, and
/// a value nested without end stops there instead of overflowing a stack.
@Suite struct EncodingDepthTests {
    /// `depth` objects, each `{"next": …}`, the innermost `{"value": 0}`.
    struct ObjectChain: Encodable {
        let depth: Int
        enum Keys: CodingKey { case next, value }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            if depth > 1 {
                try container.encode(ObjectChain(depth: depth - 1), forKey: .next)
            } else {
                try container.encode(0, forKey: .value)
            }
        }
    }

    /// `depth` arrays, the innermost empty: a container with nothing in it.
    struct ArrayChain: Encodable {
        let depth: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            if depth > 1 { try container.encode(ArrayChain(depth: depth - 1)) }
        }
    }

    /// `depth` arrays made with nested containers, which the encoder fills in
    /// after `encode(to:)` returns, the innermost holding `1`.
    struct NestedContainerChain: Encodable {
        let depth: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            for _ in 1..<depth { container = container.nestedUnkeyedContainer() }
            try container.encode(1)
        }
    }

    /// A state holding `JSONValue`s: written as they are, not through the encoder.
    struct Holder: Encodable {
        let payload: JSONValue
    }

    static func arrays(_ depth: Int) -> JSONValue {
        var value = JSONValue.array([])
        for _ in 1..<depth { value = .array([value]) }
        return value
    }

    private static let limit = JSONParser.Limits.readableDepth

    /// Both encoders' outcome, which must be the same.
    private func encoded<T: Encodable>(_ value: T) -> Result<JSONValue, JSONEncodingError> {
        let plain = Result { () throws(JSONEncodingError) in try JSONValueEncoder().encode(value) }
        let incremental = Result { () throws(JSONEncodingError) in try IncrementalJSONEncoder().encode(value) }
        #expect(plain == incremental)
        return plain
    }

    private func message(_ depth: Int, _ path: String) -> String {
        "cannot encode arrays and objects nested deeper than 512 levels, at \(path) (\(depth) deep)"
    }

    @Test func theDeepestReadableNestingIsWrittenAndReadsBack() throws {
        #expect(Self.limit == 512)
        for value in [
            try encoded(ObjectChain(depth: Self.limit)).get(),
            try encoded(ArrayChain(depth: Self.limit)).get(),
            try encoded(NestedContainerChain(depth: Self.limit)).get(),
            try encoded(Holder(payload: Self.arrays(Self.limit - 1))).get(),
            try encoded(Self.arrays(Self.limit)).get(),
        ] {
            #expect(try JSONParser().parse(value.canonicalBytes) == value)
        }
    }

    @Test func oneLevelDeeperIsRefusedWithItsPath() {
        let chain = ".next.next.next.next … .next.next"
        #expect(encoded(ObjectChain(depth: Self.limit + 1)).failure?.description == message(512, chain))
        #expect(encoded(ArrayChain(depth: Self.limit + 1)).failure?.description == message(512, ".[0][0][0][0] … [0][0]"))
        #expect(encoded(NestedContainerChain(depth: Self.limit + 1)).failure?.description == message(512, ".[0][0][0][0] … [0][0]"))
        // A held `JSONValue`'s path goes on inside it, through the first
        // member in canonical key order that nests too deep.
        #expect(encoded(Holder(payload: Self.arrays(Self.limit))).failure?.description == message(512, ".payload[0][0][0] … [0][0]"))
        #expect(encoded(Self.arrays(Self.limit + 1)).failure?.description == message(512, ".[0][0][0][0] … [0][0]"))
        let twoDeep = JSONValue.object(["b": Self.arrays(Self.limit), "a": Self.arrays(Self.limit), "c": .null])
        #expect(encoded(twoDeep).failure?.description == message(512, ".a[0][0][0] … [0][0]"))
        // The readers refuse the same text: the limit is theirs.
        let text = Array(repeating: UInt8(ascii: "["), count: Self.limit + 1) + Array(repeating: UInt8(ascii: "]"), count: Self.limit + 1)
        #expect(throws: JSONParseError.self) { try JSONParser().parse(text) }
    }

    /// Deeper than any thread's stack would hold if the encoder recursed to
    /// the end: it stops at the limit.
    @Test func aValueNestedFarDeeperStopsAtTheLimit() {
        #expect(encoded(ObjectChain(depth: 200_000)).failure?.kind == .tooDeep(maxDepth: 512))
        // A `JSONValue` is built whole before it is encoded, so it stays at
        // a depth its own release can unwind.
        #expect(encoded(Holder(payload: Self.arrays(3_000))).failure?.kind == .tooDeep(maxDepth: 512))
        #expect(encoded(ReflectedValue(Self.arrays(3_000))).failure?.kind == .tooDeep(maxDepth: 512))
    }

    @Test func nestingCountsContainersNotScalars() {
        #expect(!JSONValue.number(JSONNumber(1)).nests(deeperThan: 0))
        #expect(JSONValue.array([]).nests(deeperThan: 0))
        #expect(!JSONValue.array([]).nests(deeperThan: 1))
        let value = JSONValue.object(["a": .array([.string("x")]), "b": .null])
        #expect(value.nests(deeperThan: 1))
        #expect(!value.nests(deeperThan: 2))
        #expect(Self.arrays(1_000).nests(deeperThan: 999))
        #expect(!Self.arrays(1_000).nests(deeperThan: 1_000))
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}

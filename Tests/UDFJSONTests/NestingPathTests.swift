import Testing
import TestSupport
@testable import UDFJSON

/// `pathNesting(deeperThan:)` names the way to a too-deep part for error
/// messages; `nests(deeperThan:)` answers the same question faster for the
/// encoder. They must agree, and the path must lead to a container exactly
/// one level past the limit, on random values whose keys include NFC and NFD
/// spellings of one name (two keys, ordered by their bytes).
@Suite struct NestingPathTests {
    private static let keys = ["caf\u{E9}", "cafe\u{301}", "a", "", "z"]

    private static func value(depth: Int, using random: inout SplitMix64) -> JSONValue {
        guard depth > 0, Int.random(in: 0..<4, using: &random) != 0 else {
            return Bool.random(using: &random) ? .number(JSONNumber(-0.0)) : .string("leaf")
        }
        let count = Int.random(in: 0...3, using: &random)
        if Bool.random(using: &random) {
            return .array((0..<count).map { _ in value(depth: depth - 1, using: &random) })
        }
        var members: [String: JSONValue] = [:]
        for _ in 0..<count {
            members[keys[Int.random(in: 0..<keys.count, using: &random)]] = value(depth: depth - 1, using: &random)
        }
        return .object(members)
    }

    private static func follow(_ path: [JSONCodingPathComponent], in value: JSONValue) -> JSONValue? {
        var current = value
        for component in path {
            switch (component, current) {
            case (.index(let index), .array(let elements)) where elements.indices.contains(index): current = elements[index]
            case (.key(let key), .object(let members)):
                guard let member = members.first(where: { $0.key.utf8.elementsEqual(key.utf8) })?.value else { return nil }
                current = member
            default: return nil
            }
        }
        return current
    }

    @Test func thePathAgreesWithTheFastAnswerAndEndsAtTheTooDeepContainer() {
        var random = SplitMix64(seed: 41)
        for _ in 0..<2_000 {
            let value = Self.value(depth: 7, using: &random)
            for limit in 0...7 {
                let path = value.pathNesting(deeperThan: limit)
                #expect((path != nil) == value.nests(deeperThan: limit))
                guard let path else { continue }
                #expect(path.count == limit)
                let reached = Self.follow(path, in: value)
                #expect(reached?.nests(deeperThan: 0) == true, "\(path)")
            }
        }
    }
}

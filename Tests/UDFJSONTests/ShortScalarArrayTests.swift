import Foundation
import TestSupport
import Testing
@testable import UDFJSON

/// Short arrays of scalars skip the incremental encoder's memo. That is sound
/// only if the types called scalar are exactly those with a fixed form, and
/// the arrays it encodes afresh come out as the plain encoder's.
@Suite struct ShortScalarArrayTests {
    struct Row: Codable { var id: Int }

    static let samples: [any Encodable & Sendable] = [
        "text", 1, true, 0.5, Int64(2), UInt64(3), UInt(4), Int32(5), UInt32(6), Int16(7), UInt16(8),
        Int8(9), UInt8(10), Float(1.5), Date(timeIntervalSince1970: 0), Data([1, 2]),
        URL(string: "https://example.com")!, Decimal(12), JSONValue.null, JSONNumber(3),
        // Not scalars: each has its own `encode(to:)` or is a container.
        [1, 2], ["a"], Row(id: 1), ["k": 1], Optional("maybe"), Set([1]), [[1]],
    ]

    @Test func theTypesCalledFixedFormAreExactlyTheOnesEncodedAsScalars() throws {
        let node = JSONEncodingNode(parent: nil, component: nil)
        func agrees<T: Encodable>(_ value: T) throws -> Bool {
            JSONEncodingNode.hasFixedForm(T.self) == (try node.scalar(value, at: nil) != nil)
        }
        for sample in Self.samples {
            #expect(try agrees(sample), "\(type(of: sample))")
        }
        #expect(JSONEncodingNode.hasFixedForm(String.self))
        #expect(!JSONEncodingNode.hasFixedForm([String].self))
    }

    /// Each pass changes one element to a value equal by `==` but not by
    /// bytes where it can (NFC to NFD, 0.0 to −0.0), on both sides of the limit.
    @Test(arguments: [0, 1, 15, 16, 17])
    func shortAndLongScalarArraysMatchThePlainEncoder(count: Int) throws {
        struct State: Codable {
            var names: [String]
            var amounts: [Double]
            var rows: [[Int]]
        }
        var random = SplitMix64(seed: UInt64(count) + 1)
        var state = State(
            names: (0..<count).map { $0.isMultiple(of: 2) ? "caf\u{E9}" : "n\($0)" },
            amounts: (0..<count).map { $0.isMultiple(of: 3) ? 0.0 : Double($0) * 1e300 },
            rows: (0..<3).map { row in (0..<count).map { row * 100 + $0 } }
        )
        let encoder = IncrementalJSONEncoder()
        for pass in 0..<60 {
            let fast = try encoder.encode(state)
            let plain = try JSONValueEncoder().encode(state)
            #expect(fast.canonicalBytes == plain.canonicalBytes, "pass \(pass)")
            guard count > 0 else { continue }
            let index = Int(random.next() % UInt64(count))
            switch random.next() % 4 {
            case 0: state.names[index] = state.names[index] == "caf\u{E9}" ? "cafe\u{301}" : "caf\u{E9}"
            case 1: state.amounts[index] = state.amounts[index].sign == .minus ? 0.0 : -0.0
            case 2: state.rows[index % 3][index] += 1
            default: break
            }
        }
    }

    @Test func onlyArraysBelowTheLimitAreEncodedAfresh() throws {
        let limit = [String].shortScalarLimit
        for (count, shared) in [(limit - 1, false), (limit, true)] {
            let names = (0..<count).map { "name \($0)" }
            let encoder = IncrementalJSONEncoder()
            let first = try encoder.encode(["names": names])
            let second = try encoder.encode(["names": names])
            let before = try #require(first["names"])
            let after = try #require(second["names"])
            #expect(after.isIdentical(to: before) == shared, "\(count) names")
            #expect(after.canonicalBytes == before.canonicalBytes)
        }
    }
}

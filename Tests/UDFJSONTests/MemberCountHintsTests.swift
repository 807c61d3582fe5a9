import Testing
@testable import UDFJSON

/// The incremental encoder sizes each object by the last one of its keyed
/// type. Every `[String: V]` shares one key type, so a hint must not make
/// the small dictionaries after a huge one huge too.
@Suite struct MemberCountHintsTests {
    private struct State: Encodable {
        var small: [[String: String]]
        var big: [String: String]
    }

    @Test func smallDictionariesAfterAHugeOneStaySmallAndEncodeAsThePlainEncoderDoes() throws {
        var big: [String: String] = [:]
        for index in 0..<5_000 { big["k\(index)"] = "v" }
        var state = State(small: (0..<100).map { ["a": "\($0)", "b": "x"] }, big: big)
        let encoder = IncrementalJSONEncoder()
        _ = try encoder.encode(state)
        // Each pass encodes `big` after `small`; the next pass's changed small one follows it.
        for index in 0..<100 {
            state.small[index]["a"] = "changed \(index)"
            let fast = try encoder.encode(state)
            #expect(fast == (try JSONValueEncoder().encode(state)))
            let changed = try #require(fast["small"]?.arrayValue?[index].objectValue)
            #expect(changed.capacity < 1_000, "pass \(index): capacity \(changed.capacity)")
        }
    }
}

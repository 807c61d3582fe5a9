import TestSupport
import Testing
@testable import UDFJSON

/// The incremental encoder writes a changed array into the elements it made
/// two passes before, where nothing else holds them (`EncodingReuseMemo.Spare`).
/// Each pass must still be what the plain encoder gives, and a result a
/// caller keeps must never change afterwards.
@Suite struct SpareBufferTests {
    private struct Reading: Encodable {
        var valid: Bool
        var value: Double
        var label: String
    }

    private static func reading(_ index: Int) -> Reading {
        let label = index % 3 == 0 ? "caf\u{e9} \(index)" : "a label long enough for the heap \(index)"
        return Reading(valid: index % 2 == 0, value: Double(index % 7), label: label)
    }

    /// Edits at random places, respellings the bits tell apart (NFC to NFD,
    /// 0.0 to -0.0, an equal string in new storage), growing, shrinking,
    /// passes with no change and an equal array in a new buffer; some
    /// results are kept and checked again at the end.
    @Test(arguments: [UInt64(21), 22, 23])
    func everyPassIsThePlainEncodersAndAKeptResultNeverChanges(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var rows = (0..<150).map(Self.reading)
        let encoder = IncrementalJSONEncoder()
        var kept: [(pass: Int, value: JSONValue, bytes: [UInt8])] = []
        for pass in 0..<400 {
            let index = rows.isEmpty ? 0 : Int(random.next() % UInt64(rows.count))
            switch random.next() % 9 {
            case 0 where !rows.isEmpty: rows[index].label = rows[index].label.decomposedStringWithCanonicalMapping
            case 1 where !rows.isEmpty: rows[index].value = rows[index].value == 0 ? -0.0 : -rows[index].value
            case 2 where !rows.isEmpty: rows[index].label = String(rows[index].label.utf8.map { Character(UnicodeScalar($0)) })
            case 3 where !rows.isEmpty: rows[index].valid.toggle()
            case 4: rows.append(contentsOf: (0..<Int(random.next() % 70)).map { Self.reading(rows.count + $0) })
            case 5: rows.removeLast(Int(random.next() % UInt64(rows.count / 2 + 1)))
            case 6: rows = rows.map { $0 }
            case 7 where !rows.isEmpty: rows[index] = Self.reading(index + 1)
            default: break
            }
            let fast = try encoder.encode(["rows": rows])
            let plain = try JSONValueEncoder().encode(["rows": rows])
            #expect(fast == plain, "pass \(pass)")
            #expect(fast.canonicalBytes == plain.canonicalBytes, "pass \(pass)")
            if pass % 9 == 0 { kept.append((pass, fast, plain.canonicalBytes)) }
        }
        for (pass, value, bytes) in kept {
            #expect(value.canonicalBytes == bytes, "kept from pass \(pass)")
        }
    }

    /// With results dropped, the third pass's array is the first pass's
    /// buffer written in place: the memo kept it alive as the spare, so its
    /// address was not freed and reused. A result that is kept is copied
    /// instead, and keeps its value.
    @Test func aDroppedResultsBufferIsWrittenInPlaceAndAKeptOneIsCopied() throws {
        var rows = (0..<300).map(Self.reading)
        let encoder = IncrementalJSONEncoder()
        func rowsIdentity(_ value: JSONValue) -> JSONStorageIdentity? { value["rows"]?.storageIdentity }
        var first: JSONStorageIdentity?
        do {
            first = rowsIdentity(try encoder.encode(["rows": rows]))
        }
        rows[10].valid.toggle()
        _ = try encoder.encode(["rows": rows])
        rows[200].value += 1
        let third = try encoder.encode(["rows": rows])
        #expect(first != nil && rowsIdentity(third) == first)
        #expect(third == (try JSONValueEncoder().encode(["rows": rows])))

        let kept = third
        rows[20].label = "changed"
        _ = try encoder.encode(["rows": rows])
        rows[30].valid.toggle()
        let fifth = try encoder.encode(["rows": rows])
        #expect(rowsIdentity(fifth) != rowsIdentity(kept))
        #expect(kept["rows"]?.arrayValue?[20] == ["valid": true, "value": 6, "label": "a label long enough for the heap 20"])
        #expect(fifth == (try JSONValueEncoder().encode(["rows": rows])))
    }
}

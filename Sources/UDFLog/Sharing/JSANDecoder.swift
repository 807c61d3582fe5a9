import Foundation
import UDFJSON

/// Turns the `{"$jsan": "…"}` markers that Redux DevTools' serializer writes
/// into plain JSON where JSON can say the same thing.
///
/// - `u` (undefined): the member is dropped; in an array it becomes null.
/// - `d<milliseconds>` (Date): an ISO 8601 string.
/// - `m<JSON entries>` (Map): an object when every key is a string, else an array of `[key, value]` pairs.
/// - `l<JSON elements>` (Set): an array.
///
/// Anything else (regular expressions, functions, errors, symbols, NaN,
/// Infinity, references) stays as its marker object, visibly.
struct JSANDecoder {
    static let markerKey = "$jsan"

    /// Markers decoded into plain JSON.
    private(set) var decodedCount = 0
    /// Markers kept because JSON has no equivalent.
    private(set) var keptCount = 0
    /// Maps and Sets are JSON text inside a string; this bounds how deep such
    /// strings may nest, so recursion stays shallow on hostile input.
    private var embeddedDepth = 0
    private static let maxEmbeddedDepth = 8

    mutating func decode(_ value: JSONValue) throws(SharingError) -> JSONValue {
        try decodeOptional(value) ?? .null
    }

    /// nil for `undefined`.
    private mutating func decodeOptional(_ value: JSONValue) throws(SharingError) -> JSONValue? {
        switch value {
        case .object(let members):
            if members.count == 1, let marker = members[Self.markerKey]?.stringValue {
                return try decodeMarker(marker, original: value)
            }
            var result: [String: JSONValue] = [:]
            for (key, member) in members {
                if let decoded = try decodeOptional(member) {
                    result[key] = decoded
                }
            }
            return .object(result)
        case .array(let elements):
            var result: [JSONValue] = []
            result.reserveCapacity(elements.count)
            for element in elements {
                result.append(try decodeOptional(element) ?? .null)
            }
            return .array(result)
        default:
            return value
        }
    }

    private mutating func decodeMarker(_ marker: String, original: JSONValue) throws(SharingError) -> JSONValue? {
        let kind = marker.first
        let rest = String(marker.dropFirst())
        switch kind {
        case "u" where rest.isEmpty:
            decodedCount += 1
            return nil
        case "d":
            guard let milliseconds = Double(rest), milliseconds.isFinite else { break }
            decodedCount += 1
            return .string(Self.iso(milliseconds))
        case "m" where embeddedDepth < Self.maxEmbeddedDepth:
            embeddedDepth += 1
            defer { embeddedDepth -= 1 }
            guard let entries = try? SharedDocumentParser.parse(rest, source: "a jsan Map").arrayValue else { break }
            let pairs = entries.compactMap { $0.arrayValue }.filter { $0.count == 2 }
            guard pairs.count == entries.count else { break }
            decodedCount += 1
            var object: [String: JSONValue] = [:]
            var allStrings = true
            for pair in pairs {
                guard let key = pair[0].stringValue, object[key] == nil else {
                    allStrings = false
                    break
                }
                object[key] = try decode(pair[1])
            }
            if allStrings { return .object(object) }
            var array: [JSONValue] = []
            for pair in pairs {
                array.append(.array([try decode(pair[0]), try decode(pair[1])]))
            }
            return .array(array)
        case "l" where embeddedDepth < Self.maxEmbeddedDepth:
            embeddedDepth += 1
            defer { embeddedDepth -= 1 }
            guard let elements = try? SharedDocumentParser.parse(rest, source: "a jsan Set").arrayValue else { break }
            decodedCount += 1
            return try decode(.array(elements))
        default:
            break
        }
        keptCount += 1
        return original
    }

    private static func iso(_ milliseconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: Date(timeIntervalSince1970: milliseconds / 1000))
    }
}

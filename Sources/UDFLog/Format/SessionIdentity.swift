import Foundation
import UDFJSON

/// A session's stable identity: a UUID stored by the writer (format v2), or,
/// for a session written before identities existed, one derived from what
/// the session itself stores and never changes.
///
/// The derivation is specified in docs/format.md, section "Session identity":
/// two FNV-1a 64 hashes of the session's app, host, pid, start time and step
/// 0 state hash, laid out as an RFC 9562 version 8 UUID. The same v1 session
/// gets the same identity in every copy of the file, before and after a
/// writer migrates it.
public struct SessionIdentity: Sendable, Equatable {
    /// Lowercase, hyphenated, 36 characters.
    public let uuid: String
    /// True when the file stores no UUID for the session and it was derived.
    public let isDerived: Bool

    public init(uuid: String, isDerived: Bool) {
        self.uuid = uuid
        self.isDerived = isDerived
    }

    /// A fresh random (version 4) identity for a new session.
    static func generate() -> String {
        UUID().uuidString.lowercased()
    }

    /// The identity of a session that stores none.
    ///
    /// - Parameter initialStateHash: The `state_hash` of step 0 of its
    ///   `main` timeline, or nil when it has no step yet.
    public static func derived(app: String, host: String, pid: Int, startedAt: Double, initialStateHash: String?) -> SessionIdentity {
        let input = "\(app)\n\(host)\n\(pid)\n\(hex(startedAt.bitPattern))\n\(initialStateHash ?? "")"
        let high = StateHash.value(of: Array(("udf-session-1\n" + input).utf8))
        let low = StateHash.value(of: Array(("udf-session-2\n" + input).utf8))
        // RFC 9562: version 8 (custom) in the top nibble of byte 6, variant 10 in byte 8.
        let versioned = (high & ~0xF000) | 0x8000
        let varied = (low & ~(0xC000_0000_0000_0000)) | 0x8000_0000_0000_0000
        let digits = hex(versioned) + hex(varied)
        let characters = Array(digits)
        let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(characters[$0]) }
        return SessionIdentity(uuid: groups.joined(separator: "-"), isDerived: true)
    }

    private static func hex(_ value: UInt64) -> String {
        let text = String(value, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}

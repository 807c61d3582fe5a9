import Foundation
import UDFJSON

/// Proves from stored JSON text, without building any value, that the text
/// brings no key a by-key `Redactor` would redact.
///
/// Every key a keyframe holds, and every key a JSON Patch can put into a
/// state (a member of an added value, or a token of a target path), appears
/// in the text as a string literal, whole or as one `/`-separated token of a
/// JSON Pointer. So when no literal and no token is a secret key, a state
/// with no secret key that the text is applied to (or a keyframe read from
/// it) has none either, and its redaction is the state itself. `move` and
/// `copy` only bring keys the state already had.
///
/// So only two kinds of literal are checked: keys (a literal followed by
/// `:`, after any whitespace) whole, and literals that start with `/`, which
/// may be pointers, token by token. Any other value cannot become a key. A
/// literal that only looks secret costs a plain redaction, never a wrong one.
///
/// Text that is not JSON (a byte outside literals that JSON does not allow
/// there, or an unterminated literal) may bring anything.
final class SecretKeyScan {
    private let redactor: Redactor
    /// Verdicts for ASCII literals, whose bytes are their only spelling, in
    /// a direct-mapped table: a hit costs a short hash and a compare, no
    /// String, and ever-new values overwrite old ones instead of growing it.
    private var verdicts = [Verdict](repeating: Verdict(), count: SecretKeyScan.verdictSlots)
    private static let verdictSlots = 1_024

    /// The bytes JSON text may hold outside string literals.
    private static let outsideLiterals: [Bool] = (0...255).map { byte in
        Array(" \t\n\r{}[],:0123456789-+.eEtruefalsn".utf8).contains(UInt8(byte))
    }

    private struct Verdict {
        var literal: [UInt8] = []
        var isSecret = false
        var known = false
    }

    /// - Precondition: `redactor` has no path rule (`hasPathRules` is false).
    init(redactor: Redactor) {
        precondition(!redactor.hasPathRules, "a path rule depends on where a value sits, not on its key")
        self.redactor = redactor
    }

    /// Whether any string literal in `text`, or any token of one read as a
    /// JSON Pointer, is a key `redactor` redacts.
    func mayBringSecretKey(_ text: [UInt8]) -> Bool {
        let outsideLiterals = Self.outsideLiterals
        return text.withUnsafeBufferPointer { bytes in
            var index = 0
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "\"") else {
                    // Outside literals, only JSON's punctuation, numbers and
                    // literal names: text that is not JSON cannot hide a key there.
                    guard outsideLiterals[Int(bytes[index])] else { return true }
                    index += 1
                    continue
                }
                let start = index + 1
                var end = start
                var escaped = false
                var ascii = true
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
                    if bytes[end] == UInt8(ascii: "\\") {
                        escaped = true
                        end += 1
                    } else if bytes[end] >= 0x80 {
                        ascii = false
                    }
                    end += 1
                }
                // An unterminated literal is not JSON.
                guard end < bytes.count else { return true }
                index = end + 1
                var next = index
                while next < bytes.count, bytes[next].isJSONWhitespace { next += 1 }
                let isKey = next < bytes.count && bytes[next] == UInt8(ascii: ":")
                if mayBeSecret(UnsafeBufferPointer(rebasing: bytes[start..<end]), escaped: escaped, ascii: ascii, isKey: isKey) {
                    return true
                }
            }
            return false
        }
    }

    /// Whether `literal` is a secret key (when `isKey`), or a pointer with a
    /// token that is one.
    private func mayBeSecret(_ literal: UnsafeBufferPointer<UInt8>, escaped: Bool, ascii: Bool, isKey: Bool) -> Bool {
        guard !escaped, ascii else {
            // Rare spellings: decoded exactly, checked without the table.
            let quoted = [UInt8(ascii: "\"")] + Array(literal) + [UInt8(ascii: "\"")]
            guard case .string(let string)? = try? JSONParser().parse(quoted) else { return true }
            return (isKey && isSecret(string)) || pointerTokens(of: string).contains(where: isSecret)
        }
        if isKey, knownVerdict(of: literal) { return true }
        guard literal.first == UInt8(ascii: "/") else { return false }
        var tokenStart = 1
        for position in 1...literal.count where position == literal.count || literal[position] == UInt8(ascii: "/") {
            let token = UnsafeBufferPointer(rebasing: literal[tokenStart..<position])
            if token.contains(UInt8(ascii: "~")) {
                if isSecret(Self.unescaped(String(decoding: token, as: UTF8.self))) { return true }
            }
            if knownVerdict(of: token) { return true }
            tokenStart = position + 1
        }
        return false
    }

    /// `redactor.isSecret` for ASCII bytes, remembered.
    private func knownVerdict(of ascii: UnsafeBufferPointer<UInt8>) -> Bool {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in ascii { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let slot = Int(truncatingIfNeeded: hash ^ (hash >> 32)) & (Self.verdictSlots - 1)
        let entry = verdicts[slot]
        if entry.known, entry.literal.count == ascii.count, Self.sameBytes(entry.literal, ascii) { return entry.isSecret }
        let isSecret = redactor.isSecret(key: String(decoding: ascii, as: UTF8.self))
        verdicts[slot] = Verdict(literal: Array(ascii), isSecret: isSecret, known: true)
        return isSecret
    }

    private static func sameBytes(_ stored: [UInt8], _ literal: UnsafeBufferPointer<UInt8>) -> Bool {
        stored.withUnsafeBufferPointer { stored in
            guard let left = stored.baseAddress, let right = literal.baseAddress else { return stored.count == literal.count }
            return memcmp(left, right, literal.count) == 0
        }
    }

    private func isSecret(_ key: String) -> Bool {
        redactor.isSecret(key: key)
    }

    /// The tokens of `string` read as a JSON Pointer, each both as spelled
    /// and unescaped; none when it is not one.
    private func pointerTokens(of string: String) -> [String] {
        guard string.hasPrefix("/") else { return [] }
        return string.dropFirst().split(separator: "/", omittingEmptySubsequences: false).flatMap { token in
            [String(token), Self.unescaped(String(token))]
        }
    }

    private static func unescaped(_ token: String) -> String {
        token.replacing("~1", with: "/").replacing("~0", with: "~")
    }
}

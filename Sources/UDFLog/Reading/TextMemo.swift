import Foundation
import UDFJSON

/// Values made from short stored texts, remembered by the text.
///
/// An app sends the same few actions over and over, and what a stored
/// action text parses to depends on its bytes alone, so a text seen before
/// is not parsed again. Texts sit in a table indexed by their hash, and a
/// hit compares the bytes in full: two spellings of one value (another
/// normalization, `-0.0` and `0.0`) stay two texts. A text that lands on a
/// taken slot replaces the one there, so the memo holds at most `slots`
/// texts of at most `longest` bytes.
///
/// Use from one thread at a time.
final class TextMemo<Value> {
    private var remembered: [(text: [UInt8], value: Value)?]
    /// Longer texts are rarely repeated and would hold memory: they are made every time.
    let longest: Int

    /// - Parameter slots: A power of two.
    init(slots: Int, longest: Int) {
        precondition(slots > 0 && slots & (slots - 1) == 0, "slots must be a power of two")
        remembered = Array(repeating: nil, count: slots)
        self.longest = longest
    }

    /// What `make` gives for `text`: remembered from an earlier call with the
    /// same bytes, or made now.
    func value(of text: [UInt8], making make: ([UInt8]) throws(RecordingError) -> Value) throws(RecordingError) -> Value {
        guard text.count <= longest else { return try make(text) }
        let slot = Int(truncatingIfNeeded: StateHash.value(of: text)) & (remembered.count - 1)
        if let known = remembered[slot], Self.same(known.text, text) { return known.value }
        let value = try make(text)
        remembered[slot] = (text, value)
        return value
    }

    private static func same(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { a in
            b.withUnsafeBytes { b in
                guard let left = a.baseAddress, let right = b.baseAddress else { return true }
                return memcmp(left, right, a.count) == 0
            }
        }
    }
}

extension TextMemo where Value == JSONValue {
    /// The memo of a `Recording`'s parsed actions: 1,024 texts of at most
    /// 512 bytes, so under about 512 KB.
    static func actions() -> TextMemo<JSONValue> {
        TextMemo(slots: 1_024, longest: 512)
    }
}

/// A value, or a value's change, in one line of at most about `width`
/// characters, from the value's canonical text: what `blame` prints.
///
/// It reads the texts' bytes and decodes characters only in small windows
/// around the cuts, so a line costs little more than comparing the two
/// texts, however long they are. Where two texts differ is found by bytes,
/// not by `Character`, which would take two normalizations of one letter
/// as one and could cut away the very difference.
enum ValueExcerpt {
    /// Values with more characters than this are shortened.
    static let width = 60
    /// How much of the shared start to keep before the difference.
    static let leadWidth = 16

    /// A canonical text in one line, cut at `width` characters; nil is `(absent)`.
    static func describe(_ text: [UInt8]?) -> String {
        guard let text else { return "(absent)" }
        let (head, isWhole) = leading(width, of: text[...])
        return isWhole ? head : String(head.dropLast()) + "…"
    }

    /// `OLD → NEW` in one line. When a text is too long, both are cut
    /// around where they differ, so two long values that share a start do
    /// not read alike: `…"Buy milk"}] → …"Buy milk"},{"done":false,"id":2,…`.
    static func describe(_ old: [UInt8]?, _ new: [UInt8]?) -> String {
        guard let before = old, let after = new else { return describe(old) + " → " + describe(new) }
        let (beforeHead, beforeIsWhole) = leading(width, of: before[...])
        let (afterHead, afterIsWhole) = leading(width, of: after[...])
        if beforeIsWhole, afterIsWhole { return beforeHead + " → " + afterHead }
        var prefix = SharedBytes.prefix(before, after)
        var suffix = SharedBytes.suffix(before, after, within: min(before.count, after.count) - prefix)
        // Cut between scalars: a scalar that differs only in its last bytes
        // is all in the middle. The bytes before a cut are shared, so one
        // position serves both texts.
        while prefix > 0, isContinuation(before, at: prefix) || isContinuation(after, at: prefix) { prefix -= 1 }
        while suffix > 0, isContinuation(before, at: before.count - suffix) { suffix -= 1 }
        return excerpt(before, prefix: prefix, suffix: suffix) + " → " + excerpt(after, prefix: prefix, suffix: suffix)
    }

    /// At most `width` characters of `text` around its differing middle:
    /// a little of the shared start, the middle, then as much of the shared
    /// end as fits.
    private static func excerpt(_ text: [UInt8], prefix: Int, suffix: Int) -> String {
        let (lead, leadIsWhole) = trailing(leadWidth, of: text[..<prefix])
        var result = leadIsWhole ? lead : "…" + String(lead.dropFirst())
        var budget = width - result.count
        let (middle, middleFits) = leading(budget - 1, of: text[prefix..<(text.count - suffix)])
        guard middleFits else { return result + middle + "…" }
        result += middle
        budget -= middle.count
        let (tail, tailFits) = leading(budget, of: text[(text.count - suffix)...])
        return tailFits ? result + tail : result + String(tail.dropLast()) + "…"
    }

    /// The first `count` characters of `bytes`, and whether they are all of them.
    ///
    /// Only a window is decoded, widened until it holds a character past
    /// `count`: a character's end is known once the next one has begun.
    private static func leading(_ count: Int, of bytes: ArraySlice<UInt8>) -> (String, isWhole: Bool) {
        if isOneCharacterAByte(bytes.prefix(count + 1)) {
            return (String(decoding: bytes.prefix(count), as: UTF8.self), bytes.count <= count)
        }
        var window = max(count, 1) * 4
        while true {
            var end = min(bytes.endIndex, bytes.startIndex + window)
            while end < bytes.endIndex, end > bytes.startIndex, isContinuation(bytes, at: end) { end -= 1 }
            let text = String(decoding: bytes[bytes.startIndex..<end], as: UTF8.self)
            if end == bytes.endIndex {
                return (String(text.prefix(count)), text.count <= count)
            }
            if text.count > count { return (String(text.prefix(count)), false) }
            window *= 4
        }
    }

    /// The last `count` characters of `bytes`, and whether they are all of them.
    ///
    /// A window starts between two ASCII bytes, other than CR LF: always a
    /// character boundary. Where a character begins depends on all the text
    /// before it (a flag is a pair of scalars, counted from the first), so
    /// a window that started anywhere else could pair them wrongly.
    private static func trailing(_ count: Int, of bytes: ArraySlice<UInt8>) -> (String, isWhole: Bool) {
        if isOneCharacterAByte(bytes.suffix(count + 1)) {
            return (String(decoding: bytes.suffix(count), as: UTF8.self), bytes.count <= count)
        }
        var window = max(count, 1) * 4
        while true {
            var start = max(bytes.startIndex, bytes.endIndex - window)
            while start > bytes.startIndex, start < bytes.endIndex, !isASCIIBoundary(bytes, at: start) { start += 1 }
            let text = String(decoding: bytes[start..<bytes.endIndex], as: UTF8.self)
            if start == bytes.startIndex {
                return (String(text.suffix(count)), text.count <= count)
            }
            if text.count > count { return (String(text.suffix(count)), false) }
            window *= 4
        }
    }

    /// Whether `bytes` are ASCII with no CR LF: then each byte is a
    /// character, and a character ends between any two of them, whatever
    /// comes before or after (a mark that follows joins the last byte, not
    /// the ones before it). Most values' texts are, and their cuts need no
    /// characters counted.
    private static func isOneCharacterAByte(_ bytes: ArraySlice<UInt8>) -> Bool {
        var afterCR = false
        for byte in bytes {
            if byte >= 0x80 || (afterCR && byte == 0x0A) { return false }
            afterCR = byte == 0x0D
        }
        return true
    }

    /// Whether `index` falls between two ASCII bytes that are not CR LF.
    private static func isASCIIBoundary(_ bytes: ArraySlice<UInt8>, at index: Int) -> Bool {
        let before = bytes[index - 1], after = bytes[index]
        return before < 0x80 && after < 0x80 && !(before == 0x0D && after == 0x0A)
    }

    /// Whether the byte at `index` continues a scalar begun before it; the
    /// end of the text does not.
    private static func isContinuation<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: Int) -> Bool
    where Bytes.Index == Int {
        index < bytes.endIndex && bytes[index] & 0xC0 == 0x80
    }
}

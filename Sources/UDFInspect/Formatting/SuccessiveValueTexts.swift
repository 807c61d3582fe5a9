import UDFJSON

/// The canonical texts of a run of values, such as the values `blame` finds
/// at one path, step after step. An array that keeps the first elements of
/// the one before (a log that grows at its end) starts from the text
/// written for them, and only its other elements are written.
///
/// Kept elements are found by their bits (`sameBitsRun`): a `JSONValue`
/// refers only to immutable storage, so while the value before is alive,
/// and it is kept here, the same bits are the same value, with the same
/// text. Different bits prove nothing, and those elements are written.
struct SuccessiveValueTexts {
    /// The value before, kept alive for its bits to prove anything, its
    /// text, and where each of its elements' text ends when it is an array.
    private var previous: (elements: [JSONValue], text: [UInt8], elementEnds: [Int])?

    /// `value`'s canonical text, exactly `JSONWriter.appendCanonical`'s.
    mutating func text(of value: JSONValue) -> [UInt8] {
        guard case .array(let elements) = value else { return value.canonicalBytes }
        var text: [UInt8]
        var elementEnds: [Int] = []
        elementEnds.reserveCapacity(elements.count)
        var kept = 0
        if let previous {
            kept = elements.sameBitsRun(with: previous.elements, from: 0)
        }
        if let previous, kept > 0 {
            text = Array(previous.text[..<previous.elementEnds[kept - 1]])
            elementEnds += previous.elementEnds[..<kept]
        } else {
            text = [UInt8(ascii: "[")]
        }
        for index in kept..<elements.count {
            if index > 0 { text.append(UInt8(ascii: ",")) }
            JSONWriter.appendCanonical(elements[index], to: &text)
            elementEnds.append(text.count)
        }
        text.append(UInt8(ascii: "]"))
        previous = (elements, text, elementEnds)
        return text
    }
}

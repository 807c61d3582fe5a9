import UDFJSON

/// The canonical texts of a run of values, such as the values `blame` finds
/// at one path, step after step. An array whose elements keep their places
/// from the one before (a log that grows at its end, a list with one item
/// changed in place) copies their text from the text written before, and
/// only its other elements are written.
///
/// Kept elements are found by their bits (`sameBitsRun`), at the same index:
/// a `JSONValue` refers only to immutable storage, so while the value
/// before is alive, and it is kept here, the same bits are the same value,
/// with the same text. Different bits prove nothing, and those elements are
/// written.
struct SuccessiveValueTexts {
    /// The value before, kept alive for its bits to prove anything, its
    /// text, and where each of its elements' text ends when it is an array.
    private var previous: (elements: [JSONValue], text: [UInt8], elementEnds: [Int])?

    /// `value`'s canonical text, exactly `JSONWriter.appendCanonical`'s.
    mutating func text(of value: JSONValue) -> [UInt8] {
        guard case .array(let elements) = value else { return value.canonicalBytes }
        var text: [UInt8] = [UInt8(ascii: "[")]
        text.reserveCapacity(previous?.text.count ?? 0)
        var elementEnds: [Int] = []
        elementEnds.reserveCapacity(elements.count)
        var index = 0
        while index < elements.count {
            if let previous {
                let kept = elements.sameBitsRun(with: previous.elements, from: index)
                if kept > 0 {
                    // Elements index..<index+kept, with the comma before the first
                    // when there is one, are the bytes they were before.
                    let start = index == 0 ? 1 : previous.elementEnds[index - 1]
                    let shift = text.count - start
                    text += previous.text[start..<previous.elementEnds[index + kept - 1]]
                    let ends = previous.elementEnds[index..<(index + kept)]
                    // A run from the start (a growing log's) lies where it lay.
                    if shift == 0 { elementEnds += ends } else { elementEnds += ends.map { $0 + shift } }
                    index += kept
                    continue
                }
            }
            if index > 0 { text.append(UInt8(ascii: ",")) }
            JSONWriter.appendCanonical(elements[index], to: &text)
            elementEnds.append(text.count)
            index += 1
        }
        text.append(UInt8(ascii: "]"))
        previous = (elements, text, elementEnds)
        return text
    }
}

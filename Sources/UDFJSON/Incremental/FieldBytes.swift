@_spi(Reflection) import Swift

/// The bytes of a type's values that hold its fields, without the padding
/// between them.
///
/// A copy of a struct copies its fields, not its padding, so two equal
/// values can differ in their padding bytes. Comparing only the field bytes
/// lets `IncrementalJSONEncoder` see them as equal, where comparing every
/// byte would encode them afresh. The field offsets come from the standard
/// library's reflection SPI, which is private layout: it is used only while
/// `layoutHolds` confirms it on a probe type, and a type whose fields do not
/// add up is compared whole. Comparing too many bytes only costs a fresh
/// encoding; comparing too few would be wrong, so every doubt compares more.
struct FieldBytes: Equatable {
    /// Runs of field bytes, in order, not overlapping, within the type's size.
    let ranges: [Range<Int>]

    /// The field bytes of `type`: every byte of its size when in doubt.
    static func of(_ type: Any.Type) -> FieldBytes {
        let size = sizeOf(type)
        guard size > 0 else { return FieldBytes(ranges: []) }
        let whole = FieldBytes(ranges: [0..<size])
        // Through a wrapper, so that the SPI reports the kind of `type` itself:
        // only a struct or a tuple is split into fields.
        func wrapped<T>(_: T.Type) -> Any.Type { Wrapper<T>.self }
        guard layoutHolds, let ranges = fieldRanges(of: _openExistential(type, do: wrapped), depth: 0),
              let merged = merged(ranges, size: size), !merged.isEmpty else {
            return whole
        }
        return FieldBytes(ranges: merged)
    }

    private struct Wrapper<T> {
        var value: T
    }

    /// The types of the stored fields of a struct or tuple; nil for any
    /// other kind of type, or while the layout check fails.
    static func fieldTypes(of type: Any.Type) -> [Any.Type]? {
        guard layoutHolds else { return nil }
        func wrapped<T>(_: T.Type) -> Any.Type { Wrapper<T>.self }
        var isAggregate = false
        _forEachField(of: _openExistential(type, do: wrapped)) { _, _, _, kind in
            isAggregate = kind == .struct || kind == .tuple
            return true
        }
        guard isAggregate else { return nil }
        var types: [Any.Type] = []
        let walked = _forEachField(of: type) { _, _, fieldType, _ in
            types.append(fieldType)
            return true
        }
        return walked ? types : nil
    }

    /// `ranges` sorted and joined where they touch; nil where they overlap
    /// or leave the type's size, which no layout explains.
    private static func merged(_ ranges: [Range<Int>], size: Int) -> [Range<Int>]? {
        var merged: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
            guard range.lowerBound >= 0, range.upperBound <= size else { return nil }
            if let last = merged.last {
                guard range.lowerBound >= last.upperBound else { return nil }
                if range.lowerBound == last.upperBound {
                    merged[merged.count - 1] = last.lowerBound..<range.upperBound
                    continue
                }
            }
            merged.append(range)
        }
        return merged
    }

    /// The field ranges of a struct or tuple, recursively; nil for any other
    /// kind of type, which is then one run of its whole size.
    private static func fieldRanges(of type: Any.Type, depth: Int) -> [Range<Int>]? {
        guard depth < 16 else { return nil }
        var ranges: [Range<Int>] = []
        var understood = true
        let isAggregate = _forEachField(of: type) { _, offset, fieldType, kind in
            let fieldSize = sizeOf(fieldType)
            if kind == .struct || kind == .tuple, let inner = fieldRanges(of: fieldType, depth: depth + 1) {
                ranges += inner.map { (offset + $0.lowerBound)..<(offset + $0.upperBound) }
            } else if offset >= 0 {
                ranges.append(offset..<(offset + fieldSize))
            } else {
                understood = false
            }
            return understood
        }
        return isAggregate && understood ? ranges : nil
    }

    private static func sizeOf(_ type: Any.Type) -> Int {
        func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
        return _openExistential(type, do: size)
    }

    /// Whether the SPI still reports what `MemoryLayout` knows of a probe type
    /// with padding, a nested struct and a tuple.
    static let layoutHolds: Bool = {
        guard let ranges = fieldRanges(of: Probe.self, depth: 0),
              let flag = MemoryLayout<Probe>.offset(of: \Probe.flag),
              let number = MemoryLayout<Probe>.offset(of: \Probe.number),
              let inner = MemoryLayout<Probe>.offset(of: \Probe.inner),
              let pair = MemoryLayout<Probe>.offset(of: \Probe.pair),
              let innerFlag = MemoryLayout<Probe.Inner>.offset(of: \Probe.Inner.flag),
              let innerText = MemoryLayout<Probe.Inner>.offset(of: \Probe.Inner.text) else { return false }
        let pairSecond = MemoryLayout<(Bool, Int32)>.offset(of: \(Bool, Int32).1) ?? -1
        let expected: [Range<Int>] = [
            flag..<(flag + 1),
            number..<(number + 8),
            (inner + innerFlag)..<(inner + innerFlag + 1),
            (inner + innerText)..<(inner + innerText + MemoryLayout<String>.size),
            pair..<(pair + 1),
            (pair + pairSecond)..<(pair + pairSecond + 4),
        ]
        let size = MemoryLayout<Probe>.size
        // An enum's payload and tag share bytes: it must stay one run.
        let choice = _forEachField(of: Wrapper<Probe.Choice>.self) { _, offset, _, kind in
            offset == 0 && kind == .enum
        }
        return merged(ranges, size: size) == merged(expected, size: size) && number > flag + 1 && choice
    }()

    private struct Probe {
        struct Inner {
            var flag: Bool
            var text: String
        }

        enum Choice {
            case none
            case some(Int8, String)
        }

        var flag: Bool
        var number: Int64
        var inner: Inner
        var pair: (Bool, Int32)
    }
}

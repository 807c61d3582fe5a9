import Foundation

extension JSONNumber: Comparable {
    /// Compares two numbers by value, exactly, however many digits they have.
    ///
    /// Integers of any length compare by their digit strings, so
    /// `12345678901234567890123` is less than `12345678901234567890124` even
    /// though both are the same `Double`. Decimals and exponents are compared
    /// exactly too (`0.1` equals `1e-1`, `1.0` equals `1`): each literal is
    /// reduced to a sign, its significant digits, and a power of ten, so no
    /// `Double` rounding is involved.
    ///
    /// For example, `JSONNumber.compare(JSONNumber(2), JSONNumber(literal: "10")!)`
    /// is `.orderedAscending`.
    public static func compare(_ a: JSONNumber, _ b: JSONNumber) -> ComparisonResult {
        if let left = Int(a.text), let right = Int(b.text) {
            return left < right ? .orderedAscending : left > right ? .orderedDescending : .orderedSame
        }
        return DecimalDigits(a.text).compare(to: DecimalDigits(b.text))
    }

    /// Orders by value, then by text, so that `<` is a strict total order
    /// consistent with `==` (which compares text): `1 < 1.0` but neither is
    /// less than `1` by value.
    public static func < (a: JSONNumber, b: JSONNumber) -> Bool {
        switch compare(a, b) {
        case .orderedAscending: true
        case .orderedDescending: false
        case .orderedSame: a.text.utf8.lexicographicallyPrecedes(b.text.utf8)
        }
    }
}

/// A number literal as sign × 0.d₁d₂d₃… × 10^exponent, with no leading or
/// trailing zero digits; zero has no digits.
private struct DecimalDigits {
    var isNegative = false
    var digits: [UInt8] = []
    var exponent = 0

    init(_ text: String) {
        let bytes = Array(text.utf8)
        var index = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") {
            isNegative = true
            index += 1
        }
        var integerDigitCount = 0
        var all: [UInt8] = []
        while index < bytes.count, isDigit(bytes[index]) {
            all.append(bytes[index])
            integerDigitCount += 1
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            while index < bytes.count, isDigit(bytes[index]) {
                all.append(bytes[index])
                index += 1
            }
        }
        var writtenExponent = 0
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var negativeExponent = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                negativeExponent = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            // Saturate: an exponent this large already decides any comparison.
            while index < bytes.count, isDigit(bytes[index]) {
                if writtenExponent < 1_000_000_000_000 {
                    writtenExponent = writtenExponent * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                }
                index += 1
            }
            if negativeExponent { writtenExponent = -writtenExponent }
        }
        let firstSignificant = all.firstIndex { $0 != UInt8(ascii: "0") } ?? all.count
        let lastSignificant = all.lastIndex { $0 != UInt8(ascii: "0") } ?? -1
        if firstSignificant <= lastSignificant {
            digits = Array(all[firstSignificant...lastSignificant])
            exponent = integerDigitCount - firstSignificant + writtenExponent
        } else {
            isNegative = false
        }
    }

    func compare(to other: DecimalDigits) -> ComparisonResult {
        let sign = signum
        let otherSign = other.signum
        if sign != otherSign {
            return sign < otherSign ? .orderedAscending : .orderedDescending
        }
        if sign == 0 {
            return .orderedSame
        }
        let magnitude: ComparisonResult
        if exponent != other.exponent {
            magnitude = exponent < other.exponent ? .orderedAscending : .orderedDescending
        } else if digits == other.digits {
            magnitude = .orderedSame
        } else {
            magnitude = digits.lexicographicallyPrecedes(other.digits) ? .orderedAscending : .orderedDescending
        }
        guard isNegative else { return magnitude }
        return switch magnitude {
        case .orderedAscending: .orderedDescending
        case .orderedDescending: .orderedAscending
        case .orderedSame: .orderedSame
        }
    }

    private var signum: Int {
        digits.isEmpty ? 0 : isNegative ? -1 : 1
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }
}

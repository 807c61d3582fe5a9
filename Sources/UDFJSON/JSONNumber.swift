import Foundation

/// A JSON number, kept as its literal text so that no precision is lost.
///
/// Integers of any length and decimals with many digits round-trip exactly.
/// `Double` is only used when a caller asks for one, for example to compare
/// with `<`.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number as it is written in JSON, for example `42`, `-0.5` or `1e-7`.
    public let text: String

    public init(_ value: Int) {
        text = String(value)
    }

    public init<I: BinaryInteger>(exactly value: I) {
        text = String(value)
    }

    /// A finite double; integral values print without a fraction (`1`, not
    /// `1.0`), and -0.0 prints as `-0`, so that it reads back as itself.
    ///
    /// Non-finite values have no JSON form and become `0`; encoders reject them
    /// before they get here.
    public init(_ value: Double) {
        if !value.isFinite {
            text = "0"
        } else if value == 0, value.sign == .minus {
            // -0.0 is a distinct double; "0" would record a change as none.
            text = "-0"
        } else if value == value.rounded(), abs(value) < 1e15 {
            text = String(Int64(value))
        } else {
            text = JSONNumber.jsonText(of: value)
        }
    }

    /// Validates `literal` against the JSON number grammar (RFC 8259 §6) and
    /// rejects values that overflow a double, such as `1e400`.
    public init?(literal: String) {
        guard JSONNumber.isValidLiteral(literal) else { return nil }
        guard let double = Double(literal), double.isFinite else { return nil }
        text = literal
    }

    public var description: String { text }

    public var doubleValue: Double { Double(text) ?? 0 }

    /// The value as an `Int` when the literal is an integer that fits.
    public var intValue: Int? { Int(text) }

    /// Swift prints `1e-07`; JSON allows that, but `inf`/`nan` never reach here.
    private static func jsonText(of value: Double) -> String {
        let description = "\(value)"
        return description
    }

    private static func isValidLiteral(_ literal: String) -> Bool {
        var bytes = literal.utf8.makeIterator()
        var current = bytes.next()
        func advance() { current = bytes.next() }
        func isDigit(_ byte: UInt8?) -> Bool {
            guard let byte else { return false }
            return byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }
        if current == UInt8(ascii: "-") { advance() }
        if current == UInt8(ascii: "0") {
            advance()
        } else if isDigit(current) {
            while isDigit(current) { advance() }
        } else {
            return false
        }
        if current == UInt8(ascii: ".") {
            advance()
            guard isDigit(current) else { return false }
            while isDigit(current) { advance() }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard isDigit(current) else { return false }
            while isDigit(current) { advance() }
        }
        return current == nil
    }
}

extension JSONNumber {
    /// Wraps text that a caller has already checked against the JSON number
    /// grammar and for overflow, so the parser does not validate twice.
    init(validatedText: String) {
        self.text = validatedText
    }
}

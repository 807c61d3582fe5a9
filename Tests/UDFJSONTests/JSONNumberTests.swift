import Foundation
import Testing
import UDFJSON

@Suite struct JSONNumberTests {
    private func number(_ text: String) -> JSONNumber {
        JSONNumber(literal: text) ?? JSONNumber(0)
    }

    @Test func longIntegersCompareExactly() {
        #expect(JSONNumber.compare(number("12345678901234567890123"), number("12345678901234567890124")) == .orderedAscending)
        #expect(JSONNumber.compare(number("-12345678901234567890123"), number("-12345678901234567890124")) == .orderedDescending)
        #expect(JSONNumber.compare(number("99999999999999999999"), number("100000000000000000000")) == .orderedAscending)
        #expect(JSONNumber.compare(number("18446744073709551615"), number("18446744073709551615")) == .orderedSame)
    }

    @Test func decimalsAndExponentsCompareByValue() {
        #expect(JSONNumber.compare(number("1.0"), number("1")) == .orderedSame)
        #expect(JSONNumber.compare(number("0.1"), number("1e-1")) == .orderedSame)
        #expect(JSONNumber.compare(number("-0"), number("0.0")) == .orderedSame)
        #expect(JSONNumber.compare(number("2"), number("10")) == .orderedAscending)
        #expect(JSONNumber.compare(number("-2.5"), number("-2.25")) == .orderedAscending)
        #expect(JSONNumber.compare(number("12345678901234567890122.5"), number("12345678901234567890123")) == .orderedAscending)
        #expect(JSONNumber.compare(number("1e-400"), number("0")) == .orderedDescending)
        #expect(JSONNumber.compare(number("-1e-400"), number("0")) == .orderedAscending)
        #expect(JSONNumber.compare(number("1.5E+3"), number("1499.999")) == .orderedDescending)
    }

    @Test func lessThanIsATotalOrderConsistentWithEquality() {
        let sorted = [number("10"), number("1.0"), number("-3"), number("1"), number("2e0")].sorted()
        #expect(sorted.map(\.text) == ["-3", "1", "1.0", "2e0", "10"])
        #expect(!(number("1") < number("1")))
    }

    @Test func literalsAreValidated() {
        #expect(JSONNumber(literal: "1e400") == nil)
        #expect(JSONNumber(literal: "01") == nil)
        #expect(JSONNumber(literal: "NaN") == nil)
        #expect(JSONNumber(literal: "-0.5e-7")?.text == "-0.5e-7")
    }
}

import Foundation
import Testing
import UDFJSON

@Suite struct JSONDateFormatTests {
    @Test func writesISOInUTCToTheMillisecond() {
        #expect(JSONDateFormat.string(from: Date(timeIntervalSince1970: 1_796_006_577.123)) == "2026-11-30T02:42:57.123Z")
        #expect(JSONDateFormat.timeOfDay(from: Date(timeIntervalSince1970: 1_796_006_577.123)) == "02:42:57.123")
        #expect(JSONDateFormat.string(from: Date(timeIntervalSince1970: -0.0004)) == "1970-01-01T00:00:00.000Z")
        #expect(JSONDateFormat.string(from: Date(timeIntervalSince1970: -0.001)) == "1969-12-31T23:59:59.999Z")
    }

    /// The time of day written alone is the ISO text's, between `T` and
    /// `Z`, wherever the rounding moves it: to the next day (`…59.9996`),
    /// across 1970, at the first and last millisecond of years 0000–9999;
    /// and it is nil where the ISO text is.
    @Test func theTimeOfDayIsTheISOTextsOwn() {
        var dates = [
            0, -0.0004, -0.001, 86_399.9996, 86_399.9994, 951_782_399.9995, -62_167_219_200, 253_402_300_799.999,
            253_402_300_799.9996, -62_167_219_200.0006, .nan, .infinity, -.infinity, 1e300,
        ].map { Date(timeIntervalSince1970: $0) }
        var random = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            dates.append(Date(timeIntervalSince1970: Double.random(in: -62_167_219_200...253_402_300_799, using: &random)))
        }
        for date in dates {
            let iso = JSONDateFormat.string(from: date)
            let time = JSONDateFormat.timeOfDay(from: date)
            #expect(time == iso.map { String($0.dropFirst(11).dropLast()) }, "\(date.timeIntervalSince1970)")
        }
        #expect(JSONDateFormat.timeOfDay(from: Date(timeIntervalSince1970: .nan)) == nil)
        #expect(JSONDateFormat.timeOfDay(from: Date(timeIntervalSince1970: 253_402_300_800)) == nil)
    }
}

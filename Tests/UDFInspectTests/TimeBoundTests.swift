import Foundation
import Testing
@testable import UDFInspect

/// `--since`/`--until` text: what `log` prints, ISO 8601, Unix seconds and relative times.
@Suite struct TimeBoundTests {
    let now = Date(timeIntervalSince1970: 1_796_008_665)  // 2026-11-30T03:17:45Z
    let utc = TimeZone(identifier: "UTC")!

    @Test func relativeTimesCountBackFromNow() throws {
        for (text, seconds) in [("10m", 600.0), ("2h ago", 7_200), ("90s", 90), ("1.5d", 129_600), ("1w ago", 604_800), ("3 h ago", 10_800)] {
            let bound = try #require(TimeBound(text, now: now), "\(text)")
            #expect(abs(bound.date(onDayOf: now, in: utc).timeIntervalSince(now.addingTimeInterval(-seconds)) + 0.000_5) < 0.000_01, "\(text)")
        }
    }

    /// Seconds from `expected` to `date`, to the microsecond.
    func offset(_ date: Date, from expected: Double) -> Double {
        ((date.timeIntervalSince1970 - expected) * 1_000_000).rounded() / 1_000_000
    }

    @Test func aTimeOfDayFallsOnTheSessionsDayAndKeepsWhatPrintsAsIt() throws {
        let session = Date(timeIntervalSince1970: 1_796_008_665.258)
        let midnight = Double(1_796_008_665 - (3 * 3_600 + 17 * 60 + 45))
        let bound = try #require(TimeBound("11:49:10", now: now))
        // From the first instant that rounds to 11:49:10.000 to the last that rounds to 11:49:10.999.
        #expect(offset(bound.date(onDayOf: session, in: utc), from: midnight + 42_550) == -0.000_5)
        #expect(offset(bound.date(onDayOf: session, in: utc, upper: true), from: midnight + 42_551) == -0.000_501)
        let millis = try #require(TimeBound("11:49:10.123", now: now))
        #expect(offset(millis.date(onDayOf: session, in: utc), from: midnight + 42_550.123) == -0.000_5)
        #expect(offset(millis.date(onDayOf: session, in: utc, upper: true), from: midnight + 42_550.124) == -0.000_501)
        let kolkata = TimeZone(identifier: "Asia/Kolkata")!
        #expect(offset(try #require(TimeBound("08:47:45", now: now)).date(onDayOf: session, in: kolkata), from: 1_796_008_665) == -0.000_5)
    }

    @Test func absoluteTimesAreReadAsBefore() throws {
        #expect(offset(try #require(TimeBound("2026-11-30T03:17:45Z", now: now)).date(onDayOf: now, in: utc), from: 1_796_008_665) == -0.000_5)
        #expect(offset(try #require(TimeBound("1796008665", now: now)).date(onDayOf: now, in: utc, upper: true), from: 1_796_008_665) == 0.000_499)
    }

    @Test(arguments: ["yesterday", "25:00", "11:60", "1:2:3", "11:49:10.", "10x", "m", "ago", "11:49:10.1234567891"])
    func refusesWhatIsNoTime(_ text: String) {
        #expect(TimeBound(text, now: now) == nil)
    }
}

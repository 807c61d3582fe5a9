import Testing
#if canImport(XCTest)
import XCTest
#endif

/// Where a failed check goes: Swift Testing's issues, XCTest's failures, or
/// a closure of your own.
///
/// The default, ``automatic``, records a Swift Testing issue inside a
/// Swift Testing test and calls `XCTFail` anywhere else, where XCTest exists.
///
/// For example, to collect the messages instead:
///
/// ```swift
/// let messages = Mutex<[String]>([])
/// let reporter = FailureReporter { message, _ in messages.withLock { $0.append(message) } }
/// let store = TestStore(initialState: 0, reducer: counter, reporter: reporter)
/// ```
public struct FailureReporter: Sendable {
    private let body: @Sendable (_ message: String, _ location: TestLocation) -> Void

    /// A reporter that hands every failure message, and where the failed check was written, to `report`.
    public init(_ report: @escaping @Sendable (_ message: String, _ location: TestLocation) -> Void) {
        body = report
    }

    /// Reports one failure.
    public func report(_ message: String, at location: TestLocation) {
        body(message, location)
    }

    /// Records a Swift Testing issue (`Issue.record`) whose comment is the message.
    public static let swiftTesting = FailureReporter { message, location in
        Issue.record(Comment(rawValue: message), sourceLocation: location.sourceLocation)
    }

    #if canImport(XCTest)
    /// Fails the running XCTest test case (`XCTFail`) with the message.
    public static let xcTest = FailureReporter { message, location in
        XCTFail(message, file: location.filePath, line: location.line)
    }
    #endif

    /// Swift Testing inside a Swift Testing test; XCTest elsewhere, where it exists.
    public static let automatic = FailureReporter { message, location in
        #if canImport(XCTest)
        if Test.current == nil {
            xcTest.report(message, at: location)
            return
        }
        #endif
        swiftTesting.report(message, at: location)
    }
}

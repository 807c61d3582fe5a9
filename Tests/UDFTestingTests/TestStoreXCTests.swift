#if canImport(XCTest)
import UDFTesting
import XCTest

/// The test store under XCTest: its failures arrive as `XCTFail`, which
/// this case catches, while `capturing`, by overriding `recordFailure`.
final class TestStoreXCTests: XCTestCase {
    private var capturing = false
    private var failures: [String] = []

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        guard capturing else {
            // The test's own assertions fail the test as usual.
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
            return
        }
        failures.append(description)
    }

    @MainActor func testAnUnassertedChangeFailsThroughXCTFail() async {
        capturing = true
        let store = TestStore(initialState: Counter(), reducer: counterReducer, timeout: patience)
        store.send(.increment)
        await store.finish()
        capturing = false
        // XCTFail's description is "failed - " and the message.
        XCTAssertEqual(failures, [
            """
            failed - Step 1 · {"increment":{}}: the state differs from the expectation (- expected, + actual)
              {
                "answers": []
            -   "count": 0
            +   "count": 1
              }
            """,
        ])
    }

    @MainActor func testAPassingFlowRecordsNothing() async {
        capturing = true
        let store = TestStore(initialState: Counter(), reducer: counterReducer, timeout: patience, reporter: .xcTest)
        store.send(.ask)
        await store.receive(.answer(0), causedBy: 1) { $0.answers = [0] }
        await store.finish()
        capturing = false
        XCTAssertEqual(failures, [])
    }
}
#endif

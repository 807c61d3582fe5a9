import Foundation
import TestSupport
import Testing
import UDFJSON

/// `why` on the demo recording, where the login effect of step 6 sends step 7.
@Suite struct InspectWhyCommandTests {
    private func json(_ arguments: [String]) async throws -> (status: Int32, value: JSONValue) {
        let result = await InspectorHarness.run(["why", Fixtures.demo] + arguments + ["--json"])
        return (result.status, try JSONParser().parse(Array(result.stdout.utf8)))
    }

    private func stepNumbers(_ value: JSONValue?) -> [Int] {
        value?.arrayValue?.compactMap { $0["step"]?.numberValue?.intValue } ?? []
    }

    @Test func anActionSentByAnEffectShowsItsOrigin() async throws {
        let why = try await json(["7"])
        #expect(why.status == 0)
        #expect(stepNumbers(why.value["chain"]) == [7, 6])
        #expect(why.value["chain"]?.arrayValue?.map { $0["actionName"]?.stringValue } == ["loginResponse", "submitLogin"])
        #expect(why.value["alsoSent"]?.canonicalText == #"[{"cause":6,"steps":[]}]"#)
        #expect(stepNumbers(why.value["sent"]) == [])
    }

    @Test func aUserActionIsItsOwnRootAndListsWhatItsEffectsSent() async throws {
        let why = try await json(["6"])
        #expect(stepNumbers(why.value["chain"]) == [6])
        #expect(why.value["alsoSent"]?.arrayValue?.isEmpty == true)
        #expect(stepNumbers(why.value["sent"]) == [7])
        let text = await InspectorHarness.run(["why", Fixtures.demo, "6"])
        #expect(text.stdout.hasSuffix("""
            Step 6 is a user or system action.
            The effects of step 6 sent:
              STEP  TIME          ACTION                                                                    CAUSE
                 7  03:17:45.260  loginResponse({"success":{"_0":{"email":"ada@example.com","name":"Ada",…  ← 6

            """))
    }

    @Test func aStepOutsideTheTimelineIsAUsageError() async {
        let result = await InspectorHarness.run(["why", Fixtures.demo, "99"])
        #expect(result.status == 64)
        #expect(result.stderr == "Error: step 99 does not exist: timeline 'main' has steps 0…13\n")
    }
}

import Foundation
import Testing
import UDFJSON
import UDFLog

@Suite struct ReduxDevToolsImporterTests {
    private func lifted(state: JSONValue, action: JSONValue = ["type": "SET"]) -> JSONValue {
        [
            "actionsById": [
                "0": ["action": ["type": "@@INIT"], "timestamp": 1_000, "type": "PERFORM_ACTION"],
                "1": ["action": action, "timestamp": 2_000, "type": "PERFORM_ACTION"],
            ],
            "stagedActionIds": [0, 1],
            "computedStates": [["state": [:]], ["state": state]],
        ]
    }

    @Test func undefinedInAnArrayIsNullAndMapsWithOtherKeysStayPairs() throws {
        let state: JSONValue = [
            "list": [1, ["$jsan": "u"], 3],
            "byNumber": ["$jsan": #"m[[1,"one"],[2,"two"]]"#],
        ]
        let result = try ReduxDevToolsImporter.read(lifted(state: state), source: "test")
        #expect(result.timeline.steps[1].state == ["list": [1, nil, 3], "byNumber": [[1, "one"], [2, "two"]]])
        #expect(result.decodedMarkers == 2)
        #expect(result.keptMarkers == 0)
        #expect(result.timeline.steps[1].time == Date(timeIntervalSince1970: 2))
    }

    @Test func anActionWithoutATypeIsAClearError() {
        #expect(throws: SharingError.wrongShape(path: "$.actionsById.1.action", message: "the member \"type\" is missing")) {
            try ReduxDevToolsImporter.read(lifted(state: [:], action: ["kind": "SET"]), source: "test")
        }
    }

    @Test func computedStatesMustMatchTheStagedActions() {
        var document = lifted(state: [:]).objectValue ?? [:]
        document["computedStates"] = [["state": [:]]]
        #expect(throws: SharingError.wrongShape(path: "$", message: "computedStates has 1 entries but stagedActionIds has 2")) {
            try ReduxDevToolsImporter.read(.object(document), source: "test")
        }
    }

    @Test func exportedActionsCarryTheirTypeAndPayload() {
        let start = Date(timeIntervalSince1970: 10)
        let steps = [
            StepInput(step: 0, time: start, action: nil, actionName: nil, cause: nil, reducerNanoseconds: nil, state: [:]),
            StepInput(step: 1, time: start, action: ["toggleTodo": ["id": 1]], actionName: "toggleTodo", cause: nil, reducerNanoseconds: nil, state: ["n": 1]),
            StepInput(step: 2, time: start, action: ["setFilter": ["_0": "all"]], actionName: "setFilter", cause: nil, reducerNanoseconds: nil, state: ["n": 1]),
            StepInput(step: 3, time: start, action: ["login": "<redacted>"], actionName: "login", cause: nil, reducerNanoseconds: nil, state: ["n": 1]),
        ]
        let session = SharedSession(app: "A", host: "h", startedAt: start, endedAt: nil, timelineName: "main", metadata: nil)
        let lifted = ReduxDevToolsExporter.export(SharedTimeline(session: session, steps: steps))
        #expect(lifted["actionsById"]?["1"]?["action"] == ["type": "toggleTodo", "id": 1])
        #expect(lifted["actionsById"]?["2"]?["action"] == ["type": "setFilter", "_0": "all"])
        #expect(lifted["actionsById"]?["3"]?["action"] == ["type": "login", "payload": "<redacted>"])
        #expect(lifted["actionsById"]?["3"]?["timestamp"] == 10_000)
    }
}

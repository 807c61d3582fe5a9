import Foundation
import TodoExample
import UDFJSON
import UDFLog

/// What a round trip must keep of each step.
struct StepFingerprint: Equatable, CustomStringConvertible {
    let step: Int
    let action: JSONValue?
    let cause: Int?
    let stateHash: String

    var description: String { "\(step) \(action?.canonicalText ?? "-") cause \(cause.map(String.init) ?? "-") \(stateHash)" }

    /// Every step of a session's `main` timeline, with its stored hash checked
    /// against its state; `stateHash` is the state's text hash, comparable
    /// across copies whichever hash each file's session stores.
    static func of(_ path: String, session: Int? = nil) throws -> [StepFingerprint] {
        let recording = try Recording(path: path)
        let info = try recording.session(session)
        let timeline = try recording.timeline(nil, in: info)
        var result: [StepFingerprint] = []
        try recording.walk(timeline, verifyHashes: true) { summary, state in
            result.append(StepFingerprint(step: summary.step, action: summary.action, cause: summary.cause, stateHash: state.stateHash))
            return true
        }
        return result
    }
}

/// A recording written without the recorder's redaction, as a host with a
/// careless sink might leave it: the demo password and a phone number in clear.
enum UnredactedRecording {
    static let phone = "+44 20 7946 0958"
    static let email = "ada@example.com"

    static func make(at path: String) throws {
        let writer = try RecordingWriter(path: path, app: "Careless")
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let empty: JSONValue = ["login": ["email": "", "password": ""], "profile": ["phone": ""]]
        let typed: JSONValue = ["login": ["email": .string(email), "password": .string(DemoScript.password)], "profile": ["phone": .string(phone)]]
        try writer.append([
            StepInput(step: 0, time: start, action: nil, actionName: nil, cause: nil, reducerNanoseconds: nil, state: empty),
            StepInput(step: 1, time: start.addingTimeInterval(1), action: ["passwordChanged": ["_0": .string(DemoScript.password)]],
                      actionName: "passwordChanged", cause: nil, reducerNanoseconds: 1_000, state: typed),
            StepInput(step: 2, time: start.addingTimeInterval(2), action: ["profileSaved": [:]],
                      actionName: "profileSaved", cause: 1, reducerNanoseconds: 1_000, state: typed),
        ])
        try writer.close()
    }
}

/// Reads a file's bytes, or nil when it does not exist.
func fileBytes(_ path: String) -> Data? {
    FileManager.default.contents(atPath: path)
}

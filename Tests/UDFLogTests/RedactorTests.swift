import Testing
import UDFDiff
import UDFJSON
import UDFLog

@Suite struct RedactorTests {
    @Test func defaultKeysAreRedactedWithoutRegardToCaseOrSeparators() {
        let state: JSONValue = [
            "login": ["email": "ada@example.com", "password": "hunter22", "X-Api-Key": "k"],
            "session": ["accessToken": "t", "refresh_token": "r", "tokenless": false],
            "headers": [["Authorization": "Bearer x"], ["Cookie": "c"]],
            "pin": 1234,
            "title": "password reset email",
        ]
        let (redacted, count) = Redactor().redact(state)
        #expect(count == 8)
        #expect(redacted == [
            "login": ["email": "ada@example.com", "password": "<redacted>", "X-Api-Key": "<redacted>"],
            "session": ["accessToken": "<redacted>", "refresh_token": "<redacted>", "tokenless": "<redacted>"],
            "headers": [["Authorization": "<redacted>"], ["Cookie": "<redacted>"]],
            "pin": "<redacted>",
            "title": "password reset email",
        ])
    }

    @Test func extraKeysAndPathsAreRedacted() throws {
        let state: JSONValue = [
            "profile": ["ssn": "123", "nickname": "ada", "birthday": "1815-12-10"],
            "todos": [["id": 1, "title": "a"], ["id": 2, "title": "b"]],
        ]
        let redactor = Redactor(
            extraKeys: ["nickname"],
            paths: [try JSONPath(parsing: ".profile.birthday"), try JSONPath(parsing: ".todos[id=2].title")]
        )
        let (redacted, count) = redactor.redact(state)
        #expect(count == 4)
        #expect(redacted == [
            "profile": ["ssn": "<redacted>", "nickname": "<redacted>", "birthday": "<redacted>"],
            "todos": [["id": 1, "title": "a"], ["id": 2, "title": "<redacted>"]],
        ])
    }

    @Test func hasPathRulesReportsPathRulesOnly() throws {
        #expect(Redactor().hasPathRules == false)
        #expect(Redactor(extraKeys: ["nickname"]).hasPathRules == false)
        #expect(Redactor.none.hasPathRules == false)
        #expect(Redactor(paths: [try JSONPath(parsing: ".profile.ssn")], includeDefaults: false).hasPathRules == true)
    }

    @Test func alreadyRedactedValuesAreNotCountedTwice() {
        let (_, count) = Redactor().redact(["password": "<redacted>"])
        #expect(count == 0)
    }
}

import TestSupport
import Testing
import UDFDiff
import UDFJSON
@testable import UDFLog

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

    /// Keys whose lowercasing is not byte by byte, beside ASCII ones the
    /// shortcut lowercases itself: the Kelvin sign, dotted İ, ß, final Σ,
    /// fullwidth letters, and separators everywhere.
    static let keys = [
        "password", "PASSWORD", "Pass_Word", "pass-word.x", "x-api-key", "X-API-KEY", "apiKey", "api", "key", "Pin", "PIN_",
        "pins", "auth", "AUTH", "Auth.", "authorization", "ssn", "S_S_N", "sessionId", "session-ID", "id", "title", "", "_", "-.",
        "\u{212A}ey", "api\u{212A}ey", "\u{130}nfo", "pa\u{DF}word", "PA\u{1E9E}WORD", "\u{3A3}\u{3A3}", "\u{FF30}\u{FF21}\u{FF33}\u{FF33}",
        "caf\u{E9}", "cafe\u{301}", "to\u{301}ken", "tok\u{E9}n", "Secret\u{0}", "\u{1F511}token",
    ]

    /// The plain rule, as the redactor wrote it before its ASCII shortcut.
    static func plainIsSecret(_ key: String, exact: Set<String>) -> Bool {
        func normalize(_ key: String) -> String {
            String(key.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" && $0 != "." })
        }
        let normalized = normalize(key)
        return exact.contains(normalized) || Redactor.defaultKeyFragments.contains { normalized.containsScalars($0) }
    }

    @Test func keysAreJudgedAsByThePlainRule() {
        let redactor = Redactor(extraKeys: ["Ke_y", "\u{212A}"])
        let exact = Set((Redactor.defaultExactKeys + ["key", "k"]))
        for key in Self.keys {
            #expect(redactor.isSecret(key: key) == Self.plainIsSecret(key, exact: exact), "\(key.debugDescription)")
        }
    }

    /// The plain way: every object rebuilt, every member judged.
    static func plainRedact(_ value: JSONValue, _ redactor: Redactor, count: inout Int) -> JSONValue {
        switch value {
        case .object(let members):
            var copy = members
            for (key, member) in members {
                if redactor.isSecret(key: key) {
                    if member != Redactor.placeholder {
                        copy[key] = Redactor.placeholder
                        count += 1
                    }
                } else {
                    copy[key] = plainRedact(member, redactor, count: &count)
                }
            }
            return .object(copy)
        case .array(let elements):
            return .array(elements.map { plainRedact($0, redactor, count: &count) })
        default:
            return value
        }
    }

    /// Random trees of secret and plain keys, already redacted values,
    /// nesting in arrays and objects: the same value and count as the plain way.
    @Test func redactsRandomTreesAsThePlainWay() {
        var random = SplitMix64(seed: 61)
        func tree(_ depth: Int) -> JSONValue {
            Self.randomTree(&random, depth: depth, deepest: 3) { random in
                switch Int.random(in: 0..<3, using: &random) {
                case 0: .string(Bool.random(using: &random) ? "<redacted>" : "v")
                case 1: .number(JSONNumber(Int.random(in: 0..<9, using: &random)))
                default: .null
                }
            }
        }
        let redactor = Redactor(extraKeys: ["title"])
        for round in 0..<3_000 {
            let value = tree(0)
            var plainCount = 0
            let plain = Self.plainRedact(value, redactor, count: &plainCount)
            let (redacted, count) = redactor.redact(value)
            #expect(redacted.canonicalBytes == plain.canonicalBytes && count == plainCount, "round \(round)")
        }
    }

    /// States edited in place, each sharing the storage of what did not
    /// change, redacted by `IncrementalRedaction` with path rules beside the
    /// keys, and counted as the exports count (`Recording.replacements`):
    /// the same text as `Redactor.redact`, and the same count as a walk of
    /// every part. Keys in both normalizations, -0.0 and 0, values already
    /// redacted, a path over a member a key rule redacts, a wildcard.
    @Test(arguments: [UInt64(71), 72, 73])
    func incrementalRedactionWithPathsAndItsCountFollowThePlainWay(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let scalars: [JSONValue] = [
            "<redacted>", "v", .number(JSONNumber(literal: "-0.0")!), .number(JSONNumber(literal: "0")!), .number(JSONNumber(literal: "1e308")!), .null,
        ]
        func tree(_ depth: Int) -> JSONValue {
            Self.randomTree(&random, depth: depth, deepest: 2) { random in scalars[Int.random(in: 0..<scalars.count, using: &random)] }
        }
        /// One change somewhere below `value`, made in place as a reducer makes it.
        func edit(_ value: inout JSONValue, _ depth: Int) {
            switch value {
            case .array(var elements) where !elements.isEmpty && depth < 4 && Bool.random(using: &random):
                value = .null
                edit(&elements[Int.random(in: 0..<elements.count, using: &random)], depth + 1)
                value = .array(elements)
            case .array(var elements):
                value = .null
                if !elements.isEmpty, Bool.random(using: &random) { elements.removeLast() } else { elements.append(tree(depth)) }
                value = .array(elements)
            case .object(var members) where !members.isEmpty && depth < 4 && Bool.random(using: &random):
                value = .null
                let key = members.keys.sorted(by: JSONWriter.utf8Precedes)[Int.random(in: 0..<members.count, using: &random)]
                edit(&members[key]!, depth + 1)
                value = .object(members)
            case .object(var members):
                value = .null
                let key = Self.keys[Int.random(in: 0..<Self.keys.count, using: &random)]
                if let old = members.equivalentKey(to: key) { members[old] = nil } else { members[key] = tree(depth + 1) }
                value = .object(members)
            default:
                value = tree(depth)
            }
        }
        let paths = try [".items[*].title", ".items[1]", ".items[0].password", ".[\"caf\u{E9}\"]", ".absent.path"].map { try JSONPath(parsing: $0) }
        let redactor = Redactor(extraKeys: ["title"], paths: paths)
        let incremental = IncrementalRedaction(redactor: redactor)
        var state: JSONValue = ["items": .array((0..<4).map { _ in tree(1) }), "caf\u{E9}": tree(1), "title": "t"]
        for round in 0..<400 {
            let redacted = incremental.redact(state)
            let plain = redactor.redact(state).value
            #expect(redacted.canonicalBytes == plain.canonicalBytes, "seed \(seed), round \(round)")
            #expect(Recording.replacements(from: state, to: redacted) == Self.placeholdersAdded(from: state, to: plain), "seed \(seed), round \(round)")
            edit(&state, 0)
        }
    }

    /// A random tree under `keys`, no two keys of an object equivalent, its
    /// leaves from `scalar`, nothing nested past `deepest`.
    static func randomTree(
        _ random: inout SplitMix64, depth: Int, deepest: Int, scalar: (inout SplitMix64) -> JSONValue
    ) -> JSONValue {
        switch Int.random(in: 0..<(depth > deepest ? 3 : 6), using: &random) {
        case 0..<3:
            return scalar(&random)
        case 3:
            return .array((0..<Int.random(in: 0..<4, using: &random)).map { _ in
                randomTree(&random, depth: depth + 1, deepest: deepest, scalar: scalar)
            })
        default:
            var members: [String: JSONValue] = [:]
            for _ in 0..<Int.random(in: 0..<5, using: &random) {
                let key = keys[Int.random(in: 0..<keys.count, using: &random)]
                if members.equivalentKey(to: key) == nil { members[key] = randomTree(&random, depth: depth + 1, deepest: deepest, scalar: scalar) }
            }
            return .object(members)
        }
    }

    /// The places where `output` holds the placeholder and `input` held
    /// something else, every part of both walked: the count every export reports.
    static func placeholdersAdded(from input: JSONValue, to output: JSONValue) -> Int {
        switch (input, output) {
        case (.object(let before), .object(let after)):
            after.reduce(0) { count, member in count + (before.value(exactlyAt: member.key).map { placeholdersAdded(from: $0, to: member.value) } ?? 0) }
        case (.array(let before), .array(let after)):
            zip(before, after).reduce(0) { $0 + placeholdersAdded(from: $1.0, to: $1.1) }
        default:
            output == Redactor.placeholder && input != Redactor.placeholder ? 1 : 0
        }
    }
}

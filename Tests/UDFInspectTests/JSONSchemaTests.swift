import Foundation
import TestSupport
import Testing
@testable import UDFInspect
import UDFJSON

/// Every command's `--json` on the demo recording conforms to its schema
/// under docs/schemas/, and the validator that says so can fail.
@Suite struct JSONSchemaTests {
    static let schemaDirectory = Fixtures.root.appendingPathComponent("docs/schemas").path

    /// One run: the command line after `udf-inspect`, with `{demo}` for a
    /// writable copy of the demo recording, and the schema its output follows.
    struct Case: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let schema: String
        /// JSON Lines: each line is checked on its own.
        var isLines = false

        var testDescription: String {
            arguments.joined(separator: " ")
        }
    }

    static let cases: [Case] = [
        Case(arguments: ["sessions", "{demo}", "--json"], schema: "sessions"),
        Case(arguments: ["sessions", "{demo}", "{workload}", "--json"], schema: "sessions-many"),
        Case(arguments: ["timelines", "{demo}", "--json"], schema: "timelines"),
        Case(arguments: ["log", "{demo}", "--json"], schema: "log"),
        Case(arguments: ["log", "{demo}", "--follow", "--json"], schema: "log-follow", isLines: true),
        Case(arguments: ["show", "{demo}", "7", "--json"], schema: "show"),
        Case(arguments: ["show", "{demo}", "11", "--path", ".todos[*].title", "--json"], schema: "show"),
        Case(arguments: ["diff", "{demo}", "11", "--json"], schema: "diff"),
        Case(arguments: ["diff", "{demo}", "3", "12", "--path", ".todos", "--json"], schema: "diff"),
        Case(arguments: ["find", "{demo}", "--where", ".filter == \"all\"", "--all", "--json"], schema: "find"),
        Case(arguments: ["find", "{demo}", "{workload}", "--where", ".todos[id=3] exists", "--json"], schema: "find-many"),
        Case(arguments: ["blame", "{demo}", ".todos[id=2]", "--json"], schema: "blame"),
        Case(arguments: ["why", "{demo}", "7", "--json"], schema: "why"),
        Case(arguments: ["stats", "{demo}", "--json"], schema: "stats"),
        Case(arguments: ["stats", "{demo}", "{workload}", "--json"], schema: "stats-many"),
        Case(arguments: ["verify", "{demo}", "--json"], schema: "verify"),
        Case(arguments: ["verify", "{demo}", "--replay", "--json"], schema: "verify-replay"),
        Case(arguments: ["branch", "{demo}", "--at", "10", "--name", "empty", "--json"], schema: "branch"),
        Case(arguments: ["replay", "{demo}", "--from", "10", "--reducer", "fixed", "--name", "fixed", "--json"], schema: "replay"),
    ]

    @Test(arguments: cases)
    func outputConformsToItsSchema(_ run: Case) async throws {
        let directory = try TemporaryDirectory()
        let demo = try directory.copy(Fixtures.demo, as: "demo.udf")
        let arguments = run.arguments.map { $0 == "{demo}" ? demo : $0 == "{workload}" ? Fixtures.workload : $0 }
        let result = await InspectorHarness.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let validator = try JSONSchemaValidator(directory: Self.schemaDirectory)
        let documents = run.isLines ? result.stdout.split(separator: "\n").map(String.init) : [result.stdout]
        #expect(!documents.isEmpty)
        for document in documents {
            let value = try JSONParser().parse(Array(document.utf8))
            #expect(validator.problems(value, against: "\(run.schema).schema.json") == [], "\(document.prefix(200))")
        }
    }

    @Test func everyCommandWithJSONHasASchemaCase() {
        let covered = Set(Self.cases.map { $0.arguments[0] })
        for command in Inspector.builtInCommands where command.spec.declares(CommonOptions.json) {
            #expect(covered.contains(command.spec.name), "\(command.spec.name) --json has no schema case")
        }
    }

    @Test func everySchemaCarriesItsVersion() throws {
        let validator = try JSONSchemaValidator(directory: Self.schemaDirectory)
        #expect(validator.schemas.count == 18)
        for (name, schema) in validator.schemas {
            #expect(schema["$id"] == .string("https://udf-timetravel.invalid/schemas/\(JSONSchemaVersion.current)/\(name)"))
            #expect(schema["$schema"] == "https://json-schema.org/draft/2020-12/schema")
        }
        #expect(validator.schemas["common.schema.json"]?["$defs"]?["schemaVersion"]?["const"] == .number(JSONNumber(JSONSchemaVersion.current)))
    }

    /// One name per concept: the old synonyms appear in no schema, and a plural
    /// noun is always an array (counts are `…Count`).
    @Test func schemasUseOneVocabulary() throws {
        let validator = try JSONSchemaValidator(directory: Self.schemaDirectory)
        let banned: Set<String> = ["id", "name", "uuid", "uuidDerived", "firstOwnStep", "stepsReplayed", "sessionID"]
        let plurals: Set<String> = ["steps", "sessions", "timelines", "actions", "changes", "problems", "chain", "sent"]
        var seen = 0
        func walk(_ schema: JSONValue, in file: String) {
            switch schema {
            case .object(let members):
                for (key, property) in members["properties"]?.objectValue ?? [:] {
                    seen += 1
                    #expect(!banned.contains(key), "\(file): '\(key)' has another name in the vocabulary")
                    if plurals.contains(key) {
                        #expect(property["type"] == "array", "\(file): '\(key)' is not an array")
                    }
                }
                for member in members.values { walk(member, in: file) }
            case .array(let elements):
                for element in elements { walk(element, in: file) }
            default:
                break
            }
        }
        for (file, schema) in validator.schemas {
            walk(schema, in: file)
        }
        #expect(seen > 100)
    }

    @Test func anEmptyBranchHasNoOwnSteps() async throws {
        let directory = try TemporaryDirectory()
        let demo = try directory.copy(Fixtures.demo, as: "demo.udf")
        let branched = await InspectorHarness.run(["branch", demo, "--at", "11", "--name", "empty", "--json"])
        #expect(branched.status == 0)
        #expect(branched.stdout == """
            {
              "branch": {
                "forkStep": 11,
                "lastStep": 11,
                "ownSteps": null,
                "parent": "main",
                "stepCount": 12,
                "timeline": "empty"
              },
              "schemaVersion": 1,
              "session": 1
            }

            """)
    }

    // MARK: The validator itself

    static let person: JSONValue = [
        "$defs": ["name": ["type": "string"]],
        "type": "object",
        "properties": [
            "name": ["$ref": "#/$defs/name"],
            "age": ["type": ["integer", "null"]],
            "kind": ["enum": ["a", "b"]],
            "version": ["const": 1],
            "tags": ["type": "array", "items": ["type": "string"]],
            "pet": ["oneOf": [["type": "string"], ["type": "integer"]]],
            "owner": ["$ref": "other.schema.json#/$defs/owner"],
        ],
        "required": ["name", "age"],
        "additionalProperties": false,
    ]
    static let other: JSONValue = ["$defs": ["owner": ["anyOf": [["type": "null"], ["type": "object", "required": ["id"]]]]]]
    let validator = JSONSchemaValidator(schemas: ["person.schema.json": person, "other.schema.json": other])

    private func problems(_ value: JSONValue) -> [String] {
        validator.problems(value, against: "person.schema.json")
    }

    @Test func acceptsAConformingValue() {
        #expect(problems(["name": "Ada", "age": nil, "kind": "a", "version": 1, "tags": ["x"], "pet": 3, "owner": ["id": 1]]) == [])
        #expect(problems(["name": "Ada", "age": 36, "owner": nil]) == [])
    }

    @Test func failsOnAMissingRequiredField() {
        #expect(problems(["name": "Ada"]) == ["$: missing required field 'age'"])
    }

    @Test func failsOnAnUnknownField() {
        #expect(problems(["name": "Ada", "age": 1, "nickname": "A"]) == ["$: unknown field 'nickname'"])
    }

    @Test func failsOnAWrongType() {
        #expect(problems(["name": 7, "age": 1]) == ["$.name: expected string, found integer"])
        #expect(problems(["name": "Ada", "age": 1.5]) == ["$.age: expected integer or null, found number"])
        #expect(problems(["name": "Ada", "age": 1, "tags": ["x", false]]) == ["$.tags[1]: expected string, found boolean"])
        #expect(problems([["name": "Ada"]]) == ["$: expected object, found array"])
    }

    @Test func failsOnEnumConstOneOfAndAnyOf() {
        #expect(problems(["name": "Ada", "age": 1, "kind": "c"]) == [#"$.kind: "c" is not one of ["a","b"]"#])
        #expect(problems(["name": "Ada", "age": 1, "version": 2]) == ["$.version: expected 1, found 2"])
        #expect(problems(["name": "Ada", "age": 1, "pet": true]) == ["$.pet: matches 0 of the oneOf schemas, not exactly one"])
        #expect(problems(["name": "Ada", "age": 1, "owner": ["name": "x"]]) == ["$.owner: matches none of the anyOf schemas"])
    }

    @Test func reportsKeywordsItDoesNotCheck() {
        let loose = JSONSchemaValidator(schemas: ["s.schema.json": ["type": "integer", "minimum": 3]])
        #expect(loose.problems(1, against: "s.schema.json") == ["$: the schema uses 'minimum', which this validator does not check"])
    }
}

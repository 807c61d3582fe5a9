import Foundation
import TestSupport
import Testing
import UDFDiff
import UDFJSON
import UDFLog
import UDFSQLite

/// Exports skip redacting a state when its stored text since the last
/// keyframe proves it holds no secret key (`SecretKeyScan`). The shortcut
/// must mean what the plain path means: on states whose secrets come and go
/// through added values, target paths, JSON escapes, JSON Pointer escapes,
/// case folding and Unicode normalization, every exported state is the
/// plain `Redactor.redact` of the recorded one, byte for byte, and is said to
/// be as stored exactly when that changes nothing.
@Suite struct TextProvenRedactionTests {
    /// Keys that are secret to some redactor below, each spelled to trip a
    /// byte scan: a key under a JSON escape, one under a JSON Pointer escape,
    /// a Kelvin sign that lowercases to ASCII, and an NFD spelling whose
    /// scalars hold a fragment its NFC twin does not.
    private static let trickyKeys: [String] = [
        "password", "user_Password", "X-Api-Key", "pin", "TO\u{212A}EN", "token\u{0303}", "toke\u{00F1}",
        "a/password", "x\ny", "a/b", "~", "pass\"word", "pins",
    ]

    static func redactors() throws -> [(String, Redactor)] {
        [
            ("the defaults", Redactor()),
            ("extra keys with escapes", Redactor(extraKeys: ["x\ny", "a/b", "~"])),
            ("extra keys only", Redactor(extraKeys: ["pins", "nested"], includeDefaults: false)),
            ("no rules", .none),
            ("a path", Redactor(paths: [try JSONPath(parsing: ".items[2].title")], includeDefaults: false)),
        ]
    }

    /// States that change one thing per step: a plain leaf most of the time,
    /// otherwise a tricky key added deep or shallow, with a real value or the
    /// placeholder, removed again, or items reordered; every 20th step
    /// removes every tricky key.
    static func states(seed: UInt64, count: Int) -> [JSONValue] {
        let filler = String(repeating: "lorem ipsum ", count: 20)
        var random = SplitMix64(seed: seed)
        var items: [JSONValue] = (0..<6).map { index in
            ["id": .number(JSONNumber(index)), "title": .string("item \(index)"), "score": 0, "body": .string(filler)]
        }
        // Big enough that a patch names the changed member, not the object.
        let padding: [String: JSONValue] = ["padding": .string(filler)]
        var extras = padding
        var states: [JSONValue] = []
        func snapshot() -> JSONValue { ["items": .array(items), "extras": .object(extras)] }
        states.append(snapshot())
        for step in 1..<count {
            let key = trickyKeys[Int(random.next() % UInt64(trickyKeys.count))]
            let value: JSONValue = random.next() % 3 == 0 ? Redactor.placeholder : .string("value \(step)")
            let index = Int(random.next() % UInt64(items.count))
            if step % 20 == 0 {
                // Every secret goes, so clean stretches follow dirty ones.
                extras = padding
                items = items.map { item in .object(item.objectValue?.filter { !trickyKeys.contains($0.key) } ?? [:]) }
                states.append(snapshot())
                continue
            }
            switch random.next() % 8 {
            case 0:
                extras[key] = value
            case 1:
                extras[key] = ["nested": [[key: value]]]
            case 2:
                if var item = items[index].objectValue {
                    item[key] = value
                    items[index] = .object(item)
                }
            case 3:
                extras = extras.filter { $0.key == "padding" || random.next() % 2 == 0 }
            case 4:
                items.swapAt(index, (index + 1) % items.count)
            default:
                if var item = items[index].objectValue {
                    item["score"] = .number(JSONNumber(step))
                    items[index] = .object(item)
                }
            }
            states.append(snapshot())
        }
        return states
    }

    /// A recording of `states`, unredacted, with a keyframe every 7 steps
    /// and every third step caused by the one two before it.
    static func source(_ states: [JSONValue], in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("source.udf")
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let session = SharedSession(app: "TextProven", host: "test", startedAt: start, endedAt: nil, timelineName: "main", metadata: nil)
        try RecordingImporter(path: path, keyframePolicy: KeyframePolicy(interval: 7)).writeStandalone(session: session) { emit in
            for (step, state) in states.enumerated() {
                try emit(SharedStep(StepInput(
                    step: step, time: start, action: step == 0 ? nil : ["step": .number(JSONNumber(step))],
                    actionName: step == 0 ? nil : "change", cause: step % 3 == 0 && step > 0 ? step - 2 : nil,
                    reducerNanoseconds: step == 0 ? nil : 1, state: state
                )))
            }
        }
        return path
    }

    /// Adds timeline `alt`, forked from `main` at step 500, with 100 steps of
    /// `states(seed:count:)`, every fourth caused by the one three before.
    static func addBranch(to path: String, seed: UInt64) throws {
        let branch = try RecordingWriter(path: path, timeline: "main", at: 500, into: "alt")
        let branchStates = states(seed: seed, count: 101)
        var branchSteps: [StepInput] = []
        for step in 501...600 {
            let action: JSONValue = ["branch": .number(JSONNumber(step))]
            let cause: Int? = step % 4 == 0 ? step - 3 : nil
            branchSteps.append(StepInput(
                step: step, time: Date(timeIntervalSince1970: 1_700_000_000), action: action,
                actionName: "branch", cause: cause, reducerNanoseconds: 2, state: branchStates[step - 500]
            ))
        }
        try branch.append(branchSteps)
        try branch.close()
    }

    @Test(arguments: 0..<5, [nil, 40...1_060])
    func everyExportedStateIsThePlainRedaction(redactorIndex: Int, range: ClosedRange<Int>?) throws {
        let (name, redactor) = try Self.redactors()[redactorIndex]
        let directory = try TemporaryDirectory()
        let recording = try Recording(path: try Self.source(Self.states(seed: 0x5EC2E7 + UInt64(redactorIndex), count: 1_200), in: directory))
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        let shareRange = try recording.shareRange(range, of: timeline)

        var recorded: [JSONValue] = []
        try recording.walk(timeline, range: shareRange.offset...shareRange.wanted.upperBound) { _, state in
            recorded.append(state)
            return true
        }
        let plain = recorded.map { redactor.redact($0) }
        if redactorIndex < 3 {
            #expect(plain.contains { $0.count > 0 }, "\(name): the states hold secrets for this redactor")
            #expect(plain.contains { $0.count == 0 }, "\(name): and stretches without any")
        }

        var exported: [SharedStep] = []
        let redactedCount = try recording.walkSharedSteps(timeline, range: shareRange, redactor: redactor) { exported.append($0) }
        #expect(exported.count == recorded.count)
        for (index, step) in exported.enumerated() where index < recorded.count {
            let expected = plain[index].value.canonicalBytes
            #expect(step.input.state.canonicalBytes == expected, "\(name): step \(index) is not the plain redaction")
            let unchanged = expected == recorded[index].canonicalBytes
            #expect((step.stored != nil) == unchanged, "\(name): step \(index) is as stored exactly when redaction changes nothing")
        }
        #expect(redactedCount == plain.reduce(0) { $0 + $1.count }, "\(name)")
    }

    /// `export --format udf` first tries a copy made of the stored rows as
    /// they are (`RecordingImporter.copyStandalone`). Where it goes ahead, its
    /// rows are exactly those of the step-by-step copy and it verifies;
    /// where the text cannot prove redaction changes nothing, it leaves no
    /// file. Over the adversarial states, a branch of them and the workload,
    /// every redactor, whole and from step 40.
    @Test(arguments: 0..<5, [nil, 40...1_060])
    func aCopyOfStoredRowsIsTheStepByStepCopy(redactorIndex: Int, range: ClosedRange<Int>?) throws {
        let (name, redactor) = try Self.redactors()[redactorIndex]
        let directory = try TemporaryDirectory()
        let adversarial = try Self.source(Self.states(seed: 0xC0FE + UInt64(redactorIndex), count: 1_200), in: directory)
        // A branch from step 500: its rows come from two timelines.
        try Self.addBranch(to: adversarial, seed: 0xB7A4C4 + UInt64(redactorIndex))
        let sources = [
            ("adversarial", adversarial, "main"),
            ("branch", adversarial, "alt"),
            ("workload", try Self.workloadCopy(in: directory), "main"),
        ]
        var copiedSources: [String] = []
        for (sourceName, path, timelineName) in sources {
            let recording = try Recording(path: path)
            let session = try recording.session(nil)
            let timeline = try recording.timeline(timelineName, in: session)
            let shareRange = try recording.shareRange(range.map { $0.clamped(to: 0...timeline.lastStep) }, of: timeline)
            let shared = try recording.sharedSession(session, timeline: timeline, range: shareRange, redactor: redactor).session

            let copy = directory.path("\(sourceName)-copy.udf")
            let stepByStep = directory.path("\(sourceName)-steps.udf")
            let copied = try RecordingImporter(path: copy).copyStandalone(
                session: shared, of: recording, timeline: timeline, range: shareRange, redactor: redactor
            )
            try RecordingImporter(path: stepByStep).writeStandalone(session: shared) { emit in
                try recording.walkSharedSteps(timeline, range: shareRange, redactor: redactor, emit)
            }
            guard copied else {
                #expect(!FileManager.default.fileExists(atPath: copy), "\(name), \(sourceName): a refused copy leaves no file")
                continue
            }
            copiedSources.append(sourceName)
            #expect(try Self.storedRows(copy) == Self.storedRows(stepByStep), "\(name), \(sourceName)")
            let report = try Recording(path: copy).verify()
            #expect(report.problems.isEmpty, "\(name), \(sourceName): \(report.problems)")
        }
        if redactor.hasPathRules {
            #expect(copiedSources.isEmpty, "\(name): a path rule depends on where a value sits, which text cannot prove")
        } else if redactor.changesNothing {
            #expect(copiedSources == sources.map(\.0), "\(name): with no rule every row can be copied")
        }
    }

    /// A copy of the workload made by this build, so its session stores the
    /// tree hash an exported copy uses too.
    private static func workloadCopy(in directory: TemporaryDirectory) throws -> String {
        let workload = try Recording(path: Fixtures.workload)
        let timeline = try workload.timeline(nil, in: try workload.session(nil))
        let range = try workload.shareRange(nil, of: timeline)
        let shared = try workload.sharedSession(try workload.session(nil), timeline: timeline, range: range, redactor: .none).session
        let path = directory.path("workload.udf")
        try RecordingImporter(path: path).writeStandalone(session: shared) { emit in
            try workload.walkSharedSteps(timeline, range: range, redactor: .none) { try emit(SharedStep($0.input)) }
        }
        return path
    }

    /// Every stored column of every step, and the state it rebuilds to, as
    /// bytes: `String`'s `==` would take an NFC spelling for its NFD twin.
    private static func storedRows(_ path: String) throws -> [[UInt8]] {
        let recording = try Recording(path: path)
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        var rows: [[UInt8]] = []
        #expect(timeline.name == "main")
        try recording.walk(timeline) { summary, state in
            let fields = [
                "\(summary.step)", "\(summary.time.timeIntervalSince1970)", summary.action?.canonicalText ?? "-",
                summary.actionName ?? "-", summary.cause.map(String.init) ?? "-", summary.reducerNanoseconds.map(String.init) ?? "-",
                summary.isKeyframe ? "keyframe" : "patch", summary.stateHash, "\(summary.stateSize)", state.canonicalText,
            ]
            rows.append(Array(fields.joined(separator: "\u{1F}").utf8))
            return true
        }
        let database = try Database(path: path, mode: .readOnly)
        defer { database.close() }
        let stored = try database.prepare("SELECT coalesce(keyframe, patch) FROM steps WHERE timeline_id = ? ORDER BY step")
            .rows([timeline.id]) { $0.bytes(0) ?? [] }
        #expect(stored.count == rows.count)
        return zip(rows, stored).map { $0 + [0x1F] + $1 }
    }
}


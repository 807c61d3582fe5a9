import Foundation
import TestSupport
import Testing
import UDFJSON
import UDFLog
import UDFSQLite

@Suite struct RecordingBranchesTests {
    /// A recording whose main timeline has steps 0…`last`, with keyframes every 8 steps.
    static func recording(last: Int = 60) throws -> (TemporaryDirectory, String) {
        let directory = try TemporaryDirectory()
        let path = directory.path("branches.udf")
        let writer = try RecordingWriter(path: path, app: "Tests", options: .init(keyframePolicy: KeyframePolicy(interval: 8)))
        try writer.append((0...last).map { RecordingWriterTests.input($0) })
        try writer.close()
        return (directory, path)
    }


    @Test func aBranchSharesItsParentsStepsUpToTheFork() throws {
        let (directory, path) = try Self.recording()
        let branch = try RecordingBranches.create(path: path, at: 40, name: "fix")
        #expect(branch.name == "fix")
        #expect(branch.forkStep == 40)
        #expect(branch.lastStep == 40)

        let recording = try Recording(path: path)
        let session = try recording.session(nil)
        let fix = try recording.timeline("fix", in: session)
        let main = try recording.timeline(nil, in: session)
        #expect(fix.parentID == main.id)
        #expect(try recording.state(at: 40, on: fix) == RecordingWriterTests.state(40))
        #expect(throws: RecordingError.notFound("step 41 does not exist: timeline 'fix' has steps 0…40")) {
            try recording.state(at: 41, on: fix)
        }
        _ = directory
    }

    @Test func writingABranchChangesNoExistingRow() throws {
        let (directory, path) = try Self.recording()
        let before = try MainRows.digest(path)
        try RecordingBranches.create(path: path, at: 40, name: "fix")
        let writer = try RecordingWriter(path: path, timeline: "main", at: 40, into: "fix")
        try writer.append((41...50).map { RecordingWriterTests.input($0 * 2) }.enumerated().map { index, input in
            StepInput(step: 41 + index, time: input.time, action: input.action, actionName: input.actionName,
                      cause: nil, reducerNanoseconds: input.reducerNanoseconds, state: input.state)
        })
        try writer.close()
        #expect(try MainRows.digest(path) == before)

        let recording = try Recording(path: path)
        let session = try recording.session(nil)
        #expect(session.status == .closed)
        let fix = try recording.timeline("fix", in: session)
        #expect(fix.lastStep == 50)
        let own = try recording.steps(on: fix, matching: StepQuery(range: 41...50))
        #expect(own.map(\.step) == Array(41...50))
        #expect(own.allSatisfy { $0.timelineID == fix.id })
        // The first step a branch stores is a keyframe, whatever the interval says.
        #expect(own.first?.isKeyframe == true)
        #expect(try recording.state(at: 50, on: fix) == RecordingWriterTests.state(100))
        #expect(try recording.state(at: 40, on: fix) == RecordingWriterTests.state(40))
        #expect(try recording.verify().isOK)
        _ = directory
    }

    @Test func aBranchNameIsUniqueWithinItsSession() throws {
        let (directory, path) = try Self.recording()
        try RecordingBranches.create(path: path, at: 10, name: "fix")
        #expect(throws: RecordingError.invalidArgument("a timeline named 'fix' already exists in session 1; choose another name")) {
            try RecordingBranches.create(path: path, at: 20, name: "fix")
        }
        #expect(throws: RecordingError.invalidArgument("a timeline named 'main' already exists in session 1; choose another name")) {
            try RecordingBranches.create(path: path, at: 20, name: "main")
        }
        // A writer continues an existing branch only from its end.
        #expect(throws: RecordingError.invalidArgument(
            "timeline 'fix' already exists and does not continue from main@20: it ends at step 10; resume from fix@10 or choose another name"
        )) {
            try RecordingWriter(path: path, timeline: "main", at: 20, into: "fix")
        }
        #expect(throws: RecordingError.invalidArgument("a timeline named 'fix' already exists in session 1; choose another name")) {
            try RecordingWriter(path: path, timeline: "main", at: 10, into: "fix", existing: .refuse)
        }
        _ = directory
    }

    @Test func aForkBeyondTheEndOrABadNameIsRefused() throws {
        let (directory, path) = try Self.recording()
        #expect(throws: RecordingError.notFound("step 61 does not exist: timeline 'main' has steps 0…60")) {
            try RecordingBranches.create(path: path, at: 61, name: "late")
        }
        #expect(throws: RecordingError.notFound("timeline 'nope' does not exist in session 1")) {
            try RecordingBranches.create(path: path, parent: "nope", at: 1, name: "late")
        }
        #expect(throws: RecordingError.invalidArgument("'a@b' cannot be a timeline name: it must not contain '@', spaces or control characters")) {
            try RecordingBranches.create(path: path, at: 1, name: "a@b")
        }
        #expect(throws: RecordingError.invalidArgument("'42' cannot be a timeline name: a number would read as a step")) {
            try RecordingBranches.create(path: path, at: 1, name: "42")
        }
        _ = directory
    }

    @Test func aBranchWriterRefusesAStepThatDoesNotFollowTheFork() throws {
        let (directory, path) = try Self.recording()
        let writer = try RecordingWriter(path: path, at: 40, into: "fix")
        #expect(throws: RecordingError.invalidArgument(
            "step 1 cannot follow step 40 of this timeline; a resumed store must start with initialStep: 40"
        )) {
            try writer.append([RecordingWriterTests.input(1)])
        }
        try writer.close()
        _ = directory
    }

    @Test func aFileThatIsNotARecordingIsNeitherBranchedNorCreated() throws {
        let directory = try TemporaryDirectory()
        let missing = directory.path("missing.udf")
        #expect(throws: RecordingError.cannotOpen(path: missing, reason: "no such file")) {
            try RecordingBranches.create(path: missing, at: 0, name: "fix")
        }
        #expect(!FileManager.default.fileExists(atPath: missing))
        let text = directory.path("notes.txt")
        _ = FileManager.default.createFile(atPath: text, contents: Data("notes\n".utf8))
        #expect(throws: RecordingError.invalidFile(path: text, reason: "is not a SQLite database, so not a udf recording")) {
            try RecordingWriter(path: text, at: 0, into: "fix")
        }
    }
}

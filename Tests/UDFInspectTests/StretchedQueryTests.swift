import Foundation
import TestSupport
import Testing
import UDFDiff
@testable import UDFInspect
import UDFJSON
@testable import UDFLog
import UDFSQLite

/// `find` and `blame` read a long range in stretches at once, each from the
/// state before its first step, on its own connection. Joined in step
/// order, they must answer exactly as one walk: the same steps, the same
/// changes with their old and new values and their steps' metadata, the
/// same unseen paths, and the same first error.
@Suite struct StretchedQueryTests {
    /// Walks on these many workers, in stretches of at least these many steps.
    static let splits: [(workers: Int, minimum: Int)] = [(3, 1), (2, 37), (4, 150)]

    static func stretched(_ split: (workers: Int, minimum: Int)) -> StretchedWalk {
        StretchedWalk(workers: split.workers, minimumStretch: split.minimum)
    }

    static let oneWalk = StretchedWalk(workers: 1)

    @Test func stretchesCoverTheRangeOnceInOrder() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let lower = Int.random(in: 0..<50, using: &random)
            let range = lower...(lower + Int.random(in: 0..<2_000, using: &random))
            let walk = StretchedWalk(workers: Int.random(in: 1...5, using: &random), minimumStretch: Int.random(in: 1...300, using: &random))
            let stretches = walk.stretches(of: range)
            let bounds: [Int] = stretches.flatMap { [$0.lowerBound, $0.upperBound] }
            // Each stretch starts right after the one before it.
            var expected: [Int] = [range.lowerBound]
            for stretch in stretches.dropLast() {
                expected += [stretch.upperBound, stretch.upperBound + 1]
            }
            expected.append(range.upperBound)
            #expect(bounds == expected, "\(range) \(walk)")
            #expect(stretches.count <= walk.workers * 4, "\(range) \(walk)")
            if stretches.count > 1 {
                #expect(stretches.allSatisfy { $0.count >= walk.minimumStretch }, "\(range) \(walk)")
            }
        }
        #expect(StretchedWalk(workers: 1, minimumStretch: 1).stretches(of: 0...999) == [0...999])
        #expect(StretchedWalk(workers: 2, minimumStretch: 600).stretches(of: 0...999) == [0...999])
        #expect(StretchedWalk(workers: 2, minimumStretch: 250).stretches(of: 0...999) == [0...249, 250...499, 500...749, 750...999])
        // A walk the index lets skip most steps is split by the steps it reads.
        #expect(StretchedWalk(workers: 2, minimumStretch: 100).stretches(of: 0...999, reading: 250) == [0...499, 500...999])
        #expect(StretchedWalk(workers: 2, minimumStretch: 100).stretches(of: 0...999, reading: 199) == [0...999])
    }

    @Test(arguments: [UInt64(31), 32])
    func blameInStretchesAnswersAsOneWalk(_ seed: UInt64) throws {
        let directory = try TemporaryDirectory()
        let recording = try Recording(path: try MemberChildrenIndexTests.record(seed: seed, reshapes: 3, in: directory))
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        try Self.expectBlameAsOneWalk(MemberChildrenIndexTests.paths + [".rows[*].n"], in: recording, on: timeline, "seed \(seed)")
    }

    /// A branch's stretches cross from its parent's steps into its own.
    @Test func blameOnABranchInStretchesAnswersAsOneWalk() throws {
        let directory = try TemporaryDirectory()
        let path = try MemberChildrenIndexTests.record(seed: 33, reshapes: 2, in: directory)
        let old = try Recording(path: path)
        let session = try old.session(nil)
        try ChangedMembersIndexTests.branchReversingMain(path, from: old, main: try old.timeline(nil, in: session), at: 300)
        let recording = try Recording(path: path)
        let branch = try recording.timeline("later", in: session)
        try Self.expectBlameAsOneWalk(Array(MemberChildrenIndexTests.paths.prefix(5)), in: recording, on: branch, "branch")
    }

    static func expectBlameAsOneWalk(_ paths: [String], in recording: Recording, on timeline: TimelineInfo, _ comment: String) throws {
        var compared = 0
        defer { #expect(compared >= 100, "the paths change often enough to compare, \(comment)") }
        for text in paths {
            var blame = PathBlame(path: try JSONPath(parsing: text))
            blame.stretched = oneWalk
            let strategies: [PathBlame.Strategy] = text.contains("*") ? [.walk] : [.walk, .patches]
            for strategy in strategies {
                let expected = try blame.changes(in: recording, on: timeline, through: timeline.lastStep, strategy: strategy)
                compared += expected.changes.count
                for split in splits {
                    var parts = blame
                    parts.stretched = stretched(split)
                    let found = try parts.changes(in: recording, on: timeline, through: timeline.lastStep, strategy: strategy)
                    #expect(found.changes == expected.changes, "blame \(text), \(strategy), \(split), \(comment)")
                    #expect(found.everSelected == expected.everSelected, "blame \(text), \(strategy), \(split), \(comment)")
                }
            }
        }
    }

    /// `blame` turns each change into its row where it is found. A stretch
    /// that holds its limit of rows stops, and its rest is read as it is
    /// delivered; the text rows write each value once. The rows must be
    /// those made from one walk's changes, one at a time.
    @Test func blameRowsAnswerAsOneWalkWhateverStretchesHold() throws {
        let directory = try TemporaryDirectory()
        let recording = try Recording(path: try MemberChildrenIndexTests.record(seed: 36, reshapes: 3, in: directory))
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        var compared = 0
        for text in [".rows", ".rows[3]", #".dict"#, ".rows[*].n"] {
            var blame = PathBlame(path: try JSONPath(parsing: text))
            blame.stretched = Self.oneWalk
            let strategy = blame.defaultStrategy
            let changes = try blame.changes(in: recording, on: timeline, through: timeline.lastStep, strategy: strategy).changes
            compared += changes.count
            let plainCells = changes.map { change in
                [
                    "\(change.step)",
                    ActionFormatter.format(change.summary.action, maxWidth: StepTable.actionWidth),
                    change.summary.cause.map { "← \($0)" } ?? "",
                    ValueExcerpt.describe(change.old?.canonicalBytes, change.new?.canonicalBytes),
                ]
            }
            let plainElements = try changes.map { try StreamedJSONDocument.element(BlameOutput.Change($0, on: timeline)) }
            for split in Self.splits {
                for limit in [0, 300, 1 << 20] {
                    var parts = blame
                    parts.stretched = Self.stretched(split)
                    parts.stretchHoldLimit = limit
                    var cells: [[String]] = []
                    _ = try parts.changes(in: recording, on: timeline, through: timeline.lastStep, strategy: strategy, rows: {
                        var row = BlameTextRow()
                        return { row.cells($0) }
                    }) { cells.append($0); return true }
                    #expect(cells == plainCells, "blame \(text), \(split), limit \(limit)")
                    var elements: [String] = []
                    _ = try parts.changes(in: recording, on: timeline, through: timeline.lastStep, strategy: strategy, rows: {
                        { try StreamedJSONDocument.element(BlameOutput.Change($0, on: timeline)) }
                    }) { elements.append($0); return true }
                    #expect(elements == plainElements, "blame \(text), \(split), limit \(limit)")
                    // Stopping early delivers the rows up to the stop, and no more.
                    var first: [String] = []
                    _ = try parts.changes(in: recording, on: timeline, through: timeline.lastStep, strategy: strategy, rows: {
                        { try StreamedJSONDocument.element(BlameOutput.Change($0, on: timeline)) }
                    }) { first.append($0); return first.count < 7 }
                    #expect(first == Array(plainElements.prefix(7)), "blame \(text), \(split), limit \(limit)")
                }
            }
        }
        #expect(compared >= 100, "the paths change often enough to compare")
    }

    @Test(arguments: [UInt64(34), 35])
    func findInStretchesAnswersAsOneWalk(_ seed: UInt64) throws {
        let directory = try TemporaryDirectory()
        let recording = try Recording(path: try MemberChildrenIndexTests.record(seed: seed, reshapes: 3, in: directory))
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        var random = SplitMix64(seed: seed)
        let eligible = Set((0...timeline.lastStep).filter { _ in Int.random(in: 0..<3, using: &random) == 0 })
        // `.dict["e\u0301"]` is there at first and wiped later, `.nothing`
        // never: a path one stretch sees and another does not stays seen.
        let texts: [String] = [
            ".rows[2].n > 300", ".rows[5] exists", #".dict["-"] exists"#, ".other >= 200", ".rows[0].n == 5 or .nothing exists",
            #".dict["e\u0301"] == 99"#,
        ]
        let filters: [Set<Int>?] = [nil, eligible]
        for text in texts {
            let predicate = try Predicate.parse(text)
            for range in [0...timeline.lastStep, 1...timeline.lastStep, 77...555, 300...300] {
                for becomes in [false, true] {
                    for all in [false, true] {
                        for filter in filters {
                            var search = StepSearch(predicate: predicate, range: range, eligible: filter, becomes: becomes, all: all)
                            search.stretched = Self.oneWalk
                            let expected = try search.run(in: recording, on: timeline)
                            for split in Self.splits {
                                search.stretched = Self.stretched(split)
                                let found = try search.run(in: recording, on: timeline)
                                let comment = "find \(text), \(range), becomes \(becomes), all \(all), filtered \(filter != nil), \(split)"
                                #expect(found.steps == expected.steps, "\(comment)")
                                #expect(found.unseenPaths == expected.unseenPaths, "\(comment)")
                                #expect(found.searchedWholeRange == expected.searchedWholeRange, "\(comment)")
                            }
                        }
                    }
                }
            }
        }
    }

    /// `--jobs` chooses the threads of `find` and `blame`; the output is the
    /// same with any number, and less than 1 is a usage error.
    @Test func jobsIsCheckedAndChangesNothingPrinted() async {
        for command in [["blame", Fixtures.demo, ".todos"], ["find", Fixtures.demo, "--where", ".todos[1] exists", "--all"]] {
            let one = await InspectorHarness.run(command + ["--jobs", "1"])
            let three = await InspectorHarness.run(command + ["--jobs", "3"])
            #expect(one.status == 0 && !one.stdout.isEmpty, "\(command)")
            #expect(three.stdout == one.stdout && three.status == one.status, "\(command)")
            let zero = await InspectorHarness.run(command + ["--jobs", "0"])
            #expect(zero.status == 64, "\(command)")
            #expect(zero.stderr.hasPrefix("Error: '--jobs' must be 1 or more\n"), "\(command)")
        }
    }

    /// One walk stops at its first answer and never reads a broken step
    /// after it; with no answer it reports the first broken step. Stretches
    /// read ahead, so a later broken stretch fails on its own thread, and the
    /// answer or error reported must still be the walk's.
    @Test func aBrokenStepAfterTheAnswerIsNotReportedAndTheFirstBrokenStepIs() throws {
        let directory = try TemporaryDirectory()
        let path = try MemberChildrenIndexTests.record(seed: 36, reshapes: 0, in: directory)
        // Two steps that write `.other`, far apart, get patches that do not apply.
        let database = try Database(path: path, mode: .readWrite)
        let firstWriting = try database.prepare("SELECT min(step) FROM steps WHERE step > ? AND patch LIKE '%/other%'")
        var broken: [Int] = []
        for after in [300, 500] {
            let step: Int? = try firstWriting.firstRow([after]) { row in row.optionalInt(0) } ?? nil
            broken.append(try #require(step))
        }
        let breaking = try database.prepare("UPDATE steps SET patch = ? WHERE step = ?")
        for step in broken {
            try breaking.execute([#"[{"op":"replace","path":"/other/n","value":1}]"#, step])
        }
        database.close()
        let recording = try Recording(path: path)
        let timeline = try recording.timeline(nil, in: try recording.session(nil))
        func outcome(_ predicate: UDFDiff.Predicate, _ walk: StretchedWalk) -> String {
            var search = StepSearch(predicate: predicate, range: 0...timeline.lastStep, eligible: nil, becomes: false, all: false)
            search.stretched = walk
            do {
                return "steps \(try search.run(in: recording, on: timeline).steps)"
            } catch {
                return "error \(error)"
            }
        }
        for text in [".other >= 3", ".other < 0"] {
            let predicate = try Predicate.parse(text)
            let expected = outcome(predicate, Self.oneWalk)
            #expect(expected.hasPrefix(text == ".other < 0" ? "error" : "steps ["), "\(expected)")
            #expect(expected.contains("step \(broken[0])") || !expected.hasPrefix("error"), "\(expected)")
            for split in Self.splits {
                #expect(outcome(predicate, Self.stretched(split)) == expected, "\(text), \(split)")
            }
        }
        var blame = PathBlame(path: try JSONPath(parsing: ".other"))
        var outcomes: [String] = []
        for walk in [Self.oneWalk] + Self.splits.map(Self.stretched) {
            blame.stretched = walk
            do {
                _ = try blame.changes(in: recording, on: timeline, through: timeline.lastStep, strategy: .patches)
                outcomes.append("no error")
            } catch {
                outcomes.append("\(error)")
            }
        }
        #expect(outcomes[0].contains("step \(broken[0])"), "\(outcomes[0])")
        #expect(Set(outcomes).count == 1, "\(outcomes)")
    }
}

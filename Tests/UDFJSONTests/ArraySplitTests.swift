import Dispatch
import Foundation
import Synchronization
import Testing
@testable import UDFJSON

/// A long document's middle array is parsed in two halves on two threads.
/// Every document here is past `JSONParser.splitBytes` and parsed both
/// ways; the two must agree exactly: the same canonical bytes, or the same
/// error at the same offset, line and column.
@Suite struct ArraySplitTests {
    private func outcome(_ bytes: [UInt8], split: Bool, limits: JSONParser.Limits = .default) -> String {
        var parser = JSONParser(limits: limits)
        parser.splitsLongArrays = split
        do {
            return "value " + (try parser.parse(bytes)).canonicalText
        } catch {
            return "error \(error.description)"
        }
    }

    private func expectSame(_ bytes: [UInt8], limits: JSONParser.Limits = .default, _ comment: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let split = outcome(bytes, split: true, limits: limits)
        let plain = outcome(bytes, split: false, limits: limits)
        #expect(split == plain, "\(comment)", sourceLocation: sourceLocation)
    }

    /// Elements whose strings hold what a careless scan would take for
    /// structure: brackets, braces, commas, escaped quotes and backslashes.
    private static func element(_ index: Int) -> String {
        #"{"id":\#(index),"note":"a ] b } c , d [ e { \" f \\","tags":["x\\\"]","é\u00e9"],"n":[[],{}]}"#
    }

    private static func document(_ elements: [String], prefix: String = #"{"head":[1,2],"items":["#, suffix: String = #"],"tail":{"z":true}}"#) -> [UInt8] {
        Array((prefix + elements.joined(separator: ",") + suffix).utf8)
    }

    private static let count = 3_000

    /// Elements made by `element` until the document is past `splitBytes`.
    private static func elements(_ element: (Int) -> String) -> [String] {
        var elements: [String] = []
        var bytes = 0
        while bytes < JSONParser.splitBytes + 1_024 {
            elements.append(element(elements.count))
            bytes += elements[elements.count - 1].utf8.count + 1
        }
        return elements
    }

    /// The plan the parser tries (`ArraySplitPlan.choose`).
    private static func plan(_ bytes: [UInt8]) -> ArraySplitPlan? {
        bytes.withUnsafeBufferPointer { ArraySplitPlan.choose($0) }
    }

    /// The plan read from the start, which `choose` falls back on.
    private static func readPlan(_ bytes: [UInt8]) -> ArraySplitPlan? {
        bytes.withUnsafeBufferPointer { ArraySplitPlan($0) }
    }

    /// The index of the first element after the plan's comma.
    private static func firstTailElement(_ elements: [String], prefix: String = #"{"head":[1,2],"items":["#) -> Int? {
        guard let plan = plan(document(elements)) else { return nil }
        var offset = prefix.utf8.count
        for (index, element) in elements.enumerated() {
            offset += element.utf8.count
            if offset == plan.comma { return index + 1 }
            offset += 1
        }
        return nil
    }

    @Test func aLongArrayParsesAsAWhole() throws {
        let elements = (0..<Self.count).map(Self.element)
        let bytes = Self.document(elements)
        #expect(bytes.count >= JSONParser.splitBytes)
        // The guess splits the items array between two elements, not the
        // `],{` inside one, so both threads really work.
        let plan = try #require(Self.plan(bytes))
        #expect(plan.array == nil)
        #expect(Self.firstTailElement(elements) != nil)
        // The plan read from the start splits the same array.
        let read = try #require(Self.readPlan(bytes))
        #expect(read.array?.depth == 1)
        #expect(read.array.map { bytes[$0.start] } == UInt8(ascii: "["))
        expectSame(bytes, "valid")
        let (value, joined) = try JSONParser().parseNotingSplit(bytes)
        #expect(joined)
        #expect(value["items"]?.arrayValue?.count == Self.count)
    }

    /// Lists inside the list's elements: the guess splits the outer list,
    /// between two of its elements, and the halves join.
    @Test func aGuessSplitsTheOuterOfNestedLists() throws {
        let elements = Self.elements { #"{"id":\#($0),"lines":[{"sku":"a"},{"sku":"b","q":[1,2]},[{"x":[]},{}]]}"# }
        let bytes = Self.document(elements)
        let plan = try #require(Self.plan(bytes))
        #expect(plan.array == nil)
        #expect(Self.firstTailElement(elements) != nil)
        expectSame(bytes, "nested lists")
        #expect(try JSONParser().parseNotingSplit(bytes).joined)
    }

    /// A list of strings has no `},{` to guess from: the plan is read from
    /// the start. Strings that hold `},{` make a guess inside a string,
    /// which the parse never arrives at: it reads on the plain way.
    @Test func stringsAreSplitByThePlanReadFromTheStart() throws {
        let plain = Self.elements { #""entry \#($0): a ] b [ c , d { e } \" f""# }
        let bytes = Self.document(plain)
        #expect(bytes.count >= JSONParser.splitBytes)
        #expect(bytes.withUnsafeBufferPointer { ArraySplitPlan.guessed($0) } == nil)
        #expect(Self.plan(bytes) == Self.readPlan(bytes))
        #expect(Self.firstTailElement(plain) != nil)
        expectSame(bytes, "strings")
        #expect(try JSONParser().parseNotingSplit(bytes).joined)

        let misleading = Self.elements { #""entry \#($0): },{ and ],[ \" },{""# }
        let misread = Self.document(misleading)
        let guess = try #require(Self.plan(misread))
        #expect(guess.array == nil)
        expectSame(misread, "strings holding },{")
        #expect(try !JSONParser().parseNotingSplit(misread).joined)
    }

    /// A guess whose list closes inside the guess's window would leave the
    /// other thread too little: the plan is read from the start instead.
    @Test func aShortListIsNotGuessed() throws {
        // Elements of one length, so that the list lies just past the middle.
        var elements = Self.elements { #""entry \#(100_000 + $0)""# }
        elements[elements.count / 2 + 40] = #"[{"a":1},{"a":2},{"b":[3]}]"#
        let bytes = Self.document(elements)
        #expect(bytes.withUnsafeBufferPointer { ArraySplitPlan.guessed($0) } == nil)
        let plan = try #require(Self.plan(bytes))
        #expect(plan.array?.depth == 1)
        expectSame(bytes, "a short list of objects past the middle")
        #expect(try JSONParser().parseNotingSplit(bytes).joined)
    }

    @Test func anErrorOnEitherSideIsThePlainOne() throws {
        let valid = (0..<Self.count).map(Self.element)
        let tail = try #require(Self.firstTailElement(valid))
        let faults = [
            #"{"k":1,"k":2}"#, #""\ud800""#, "[1,]", "tru", #""unterminated"#, "]", "1]", "\"a\u{1}b\"", #"{"a" 1}"#, "01",
        ]
        // The last element before the split, the first after it, and one deep in each half.
        for position in [tail - 1, tail, tail / 2, (tail + Self.count) / 2] {
            for fault in faults {
                var elements = valid
                elements[position] = fault
                expectSame(Self.document(elements), "\(fault) at element \(position) (tail from \(tail))")
            }
        }
        // Two faults: the first in the text is the one reported.
        var both = valid
        both[tail / 2] = "[1,]"
        both[tail + 3] = "tru"
        expectSame(Self.document(both), "a fault in each half")
        // What follows the array still counts.
        expectSame(Self.document(valid, suffix: "]] "), "a bracket too many after the array")
        expectSame(Self.document(valid, suffix: "],\"tail\":1} x"), "trailing data")
    }

    @Test func theDepthLimitCountsTheContainersAroundTheSplit() throws {
        var elements = (0..<Self.count).map(Self.element)
        let tail = try #require(Self.firstTailElement(elements))
        // Depth 4 inside items (itself at depth 2) passes a limit of 6 and fails one of 5.
        elements[tail + 5] = "[[[[1]]]]"
        for depth in [5, 6, 7] {
            expectSame(Self.document(elements), limits: JSONParser.Limits(maxDepth: depth), "maxDepth \(depth)")
        }
    }

    @Test func aByteOrderMarkKeepsColumnsOnTheOneLine() throws {
        var elements = (0..<Self.count).map(Self.element)
        let tail = try #require(Self.firstTailElement(elements))
        elements[tail + 1] = "tru"
        expectSame([0xEF, 0xBB, 0xBF] + Self.document(elements), "byte order mark")
    }

    /// Parses at once on many threads, each against the one-thread
    /// reading, valid and not: first while the kept thread (`TailWorker`)
    /// is held busy, so that every tail gets a thread of its own, then with
    /// it free, so that one tail at a time goes to it.
    @Test func splitParsesAtOnceEachReadTheirOwnDocument() throws {
        let valid = (0..<Self.count).map(Self.element)
        let tail = try #require(Self.firstTailElement(valid))
        let documents: [[UInt8]] = (0..<8).map { index in
            var elements = valid
            elements[tail + index] = index.isMultiple(of: 2) ? #"{"only":\#(index)}"# : "tru"
            return Self.document(elements)
        }
        let expected = documents.map { outcome($0, split: false) }
        func readAll() -> [String?] {
            let found = Mutex([String?](repeating: nil, count: documents.count))
            DispatchQueue.concurrentPerform(iterations: documents.count) { index in
                let read = outcome(documents[index], split: true)
                found.withLock { $0[index] = read }
            }
            return found.withLock { $0 }
        }

        // Other tests may hand the kept thread a tail of theirs: wait for it to be free.
        let release = DispatchSemaphore(value: 0)
        let held = DispatchSemaphore(value: 0)
        var attempts = 0
        while !TailWorker.shared.run({ held.signal(); release.wait(); return {} }) {
            attempts += 1
            try #require(attempts < 10_000, "the kept thread stayed busy")
            usleep(1_000)
        }
        held.wait()
        let tookSecond = TailWorker.shared.run { {} }
        #expect(!tookSecond, "a busy kept thread takes no second job")
        guard !tookSecond else {
            release.signal()
            return
        }
        #expect(readAll() == expected, "every tail on a thread of its own")
        release.signal()

        for round in 0..<3 {
            #expect(readAll() == expected, "round \(round), the kept thread free")
        }
    }

    /// Text the plan misreads (an unclosed string before the middle) is
    /// still read the plain way: the halves meet only where the plain
    /// reading arrives.
    @Test func aPlanFromBrokenTextIsNotFollowed() {
        var elements = (0..<Self.count).map(Self.element)
        elements[10] = #""open"#
        expectSame(Self.document(elements), "unclosed string early")
        elements[10] = #"{"a":[}"#
        expectSame(Self.document(elements), "mismatched brackets early")
    }
}

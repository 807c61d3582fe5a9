#if canImport(Glibc)
import Glibc
#endif
import Testing
import UDFInspect

/// `udf-inspect` keeps the memory it frees, so the next rebuilt state
/// reuses the last one's pages instead of faulting new ones in.
@Suite struct InspectorHeapTests {
    /// Page faults of the calling thread alone: the tests running beside
    /// this one fault pages of their own.
    private static func threadPageFaults() -> Int {
        #if canImport(Glibc)
        var usage = rusage()
        // RUSAGE_THREAD (Linux), which Swift's Glibc module leaves out.
        getrusage(__rusage_who_t(1), &usage)
        return usage.ru_minflt + usage.ru_majflt
        #else
        return 0
        #endif
    }

    /// Allocates 32 blocks of 1 MB, writes every page, frees them; the
    /// page faults that took.
    private static func faultsToFillAndFree() -> Int {
        let blockBytes = 1 << 20
        let before = threadPageFaults()
        let blocks = (0..<32).map { _ in UnsafeMutableRawPointer.allocate(byteCount: blockBytes, alignment: 16) }
        for block in blocks {
            block.initializeMemory(as: UInt8.self, repeating: 0xA5, count: blockBytes)
        }
        let faults = threadPageFaults() - before
        blocks.forEach { $0.deallocate() }
        return faults
    }

    /// In a process of its own (an exit test): a test process that has run
    /// for minutes holds arenas and threads of its own, and CI saw a later
    /// round there fault 2,049 and then 1,281 pages every time, where a
    /// fresh process faults none. By default glibc unmaps or trims the 32 MB
    /// when it is freed, and the second round faults all 8,192 pages again.
    @Test(.enabled(if: Self.isGlibc, "glibc alone is set up: elsewhere the setting does nothing"))
    func aSecondRoundReusesTheFirstRoundsPages() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            InspectorHeap.keepFreedMemory()
            let first = Self.faultsToFillAndFree()
            let second = Self.faultsToFillAndFree()
            print(first, second)
        }
        let counts = String(decoding: try #require(result).standardOutputContent, as: UTF8.self)
            .split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        try #require(counts.count == 2, "the child printed \(counts)")
        #expect(counts[1] < 1_024, "page faults: \(counts[0]) filling 32 MB, then \(counts[1]) filling it again")
    }

    static var isGlibc: Bool {
        #if canImport(Glibc)
        true
        #else
        false
        #endif
    }
}

import Testing
import UDFInspect

/// `udf-inspect` keeps the memory it frees, so the next rebuilt state
/// reuses the last one's pages instead of faulting new ones in.
@Suite struct InspectorHeapTests {
    @Test(.enabled(if: InspectorHeap.freeBytes != nil, "glibc alone reports its free bytes"))
    func freedBlocksStayWithTheProcess() throws {
        InspectorHeap.keepFreedMemory()
        let blockBytes = 1 << 20
        // Past glibc's default mapping threshold: by default each would be
        // unmapped when freed, or trimmed off the heap's top.
        let blocks = (0..<64).map { _ in UnsafeMutableRawPointer.allocate(byteCount: blockBytes, alignment: 16) }
        for block in blocks {
            block.initializeMemory(as: UInt8.self, repeating: 0xA5, count: blockBytes)
        }
        let before = try #require(InspectorHeap.freeBytes)
        for block in blocks {
            block.deallocate()
        }
        let after = try #require(InspectorHeap.freeBytes)
        // Other tests allocate and free meanwhile: allow them 8 MB either way.
        #expect(after - before >= 56 * blockBytes, "free bytes \(before) → \(after)")
    }
}

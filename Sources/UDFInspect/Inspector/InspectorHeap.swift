import CHeap

/// How the inspector's process keeps the memory it frees.
///
/// The inspector builds states of megabytes one after another: a stepper
/// jumping between steps, a `diff` of two far-apart steps. By default glibc
/// gives a freed state's pages back to the kernel (and maps each large
/// buffer afresh), so the next rebuild faults every page in again: about a
/// fifth of a 1 MB rebuild's time. Kept, they are reused. And a heap grows
/// in 16 MB steps, not a page at a time: a parse's second thread grew its
/// own heap with hundreds of `mprotect` calls.
///
/// For the inspector's own process only: a host that embeds the recorder
/// keeps its allocator as it set it.
public enum InspectorHeap {
    /// Keeps freed memory in the process (`udf_keep_freed_memory`).
    public static func keepFreedMemory() {
        udf_keep_freed_memory()
    }
}

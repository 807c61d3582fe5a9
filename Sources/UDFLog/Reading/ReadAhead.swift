import Foundation
import Synchronization

/// Asks the system, from a thread of its own, to read a whole file into
/// its cache in large sequential reads, before `verify`'s readers reach
/// its pages.
///
/// SQLite reads a page at a time, and `PRAGMA integrity_check` reads the
/// pages in b-tree order: on a file the system has not cached, that is
/// 4 KB reads all over the disk. For a 219 MB recording here, the check
/// alone took 4.0 s cold and 1.0 s cached; the file reads whole in 0.4 s.
///
/// Only the advice is given (`POSIX_FADV_WILLNEED`, a chunk at a time, as
/// one call for a whole large file is cut short): nothing is copied, and a
/// file already cached costs a few milliseconds. Elsewhere than on Linux
/// it does nothing.
final class ReadAhead: Sendable {
    private let stopped = Atomic<Bool>(false)

    /// Bytes one piece of advice names.
    static let chunkBytes = 4 << 20

    /// Starts the advice for `path`, or does nothing when the file is
    /// smaller than `minimumBytes` (SQLite's own reads finish sooner) or
    /// larger than half the machine's memory (it would push out the pages
    /// read first).
    init(path: String, minimumBytes: Int) {
        #if os(Linux)
        // The file a link names, and only a regular file: opening a pipe would wait for a writer.
        guard let size = RecordingFile.fileSize(path), size >= minimumBytes,
              UInt64(size) <= ProcessInfo.processInfo.physicalMemory / 2 else { return }
        Thread { [self] in
            let descriptor = open(path, O_RDONLY | O_NONBLOCK)
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            var offset = 0
            while offset < size, !stopped.load(ordering: .relaxed) {
                guard posix_fadvise(descriptor, off_t(offset), off_t(Self.chunkBytes), Int32(POSIX_FADV_WILLNEED)) == 0 else { return }
                offset += Self.chunkBytes
            }
        }.start()
        #endif
    }

    /// Ends the advice at its next chunk: the caller no longer reads.
    func stop() {
        stopped.store(true, ordering: .relaxed)
    }
}

import Foundation

/// A file as a process finds it after a reboot or a fresh copy: out of
/// the system's cache, so that its first reads come from the disk.
enum ColdFile {
    /// Drops the file's pages from the system's cache (written out first,
    /// as dirty pages are not dropped). False where that cannot be asked.
    @discardableResult
    static func evict(_ path: String) -> Bool {
        #if os(Linux)
        QuietDisk.settle()
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_DONTNEED)) == 0
        #else
        return false
        #endif
    }

    /// Seconds to read the whole file from the disk, evicted first, in
    /// 4 MB reads: the disk's read speed, for `verify` to be held to.
    static func readSeconds(_ path: String) -> Double? {
        guard evict(path) else { return nil }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let chunk = 4 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 4096)
        defer { buffer.deallocate() }
        let start = DispatchTime.now().uptimeNanoseconds
        while true {
            let count = read(descriptor, buffer, chunk)
            guard count >= 0 else { return nil }
            if count == 0 { break }
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}

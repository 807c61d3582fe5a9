#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the kernel's dirty pages out before a timed run, untimed.
///
/// A run that follows one that wrote hundreds of megabytes (the naive
/// recorder at 1 MB writes a whole state a step) shares the disk with that
/// data's writeback, and the kernel throttles its writes: our 1 MB
/// throughput read 494–818 actions/s right after 800 MB were written, and
/// 1,389–1,715/s after `sync`, in the same minutes. Every run starts from a
/// quiet disk, so no row pays for the row before it.
enum QuietDisk {
    static func settle() {
        sync()
    }
}

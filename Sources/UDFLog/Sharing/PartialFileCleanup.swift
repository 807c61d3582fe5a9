import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the hidden partial file a copy is being written into when the
/// process is told to end (SIGINT, SIGTERM, SIGHUP), then ends it by that
/// signal, as if no handler had been there.
///
/// Without it, Ctrl-C during `export --format udf` of a long timeline left a
/// hidden file of hundreds of megabytes beside the output. A handler may only
/// call async-signal-safe functions, so the file's names are written into
/// memory before the copy starts and the handler reads them from an atomic:
/// no lock, no allocation, only `unlink`, `signal` and `raise`.
///
/// For a command-line tool's own process: `install()` replaces the handlers
/// of those signals. A host that copies recordings keeps its own.
public enum PartialFileCleanup {
    /// The names to remove, each NUL-terminated, one after another; 0 when
    /// no copy is being written.
    private static let names = Atomic<UInt>(0)
    private static let nameCount = Atomic<Int>(0)
    /// Whether this process installed the handlers: a host never does, and
    /// notes nothing.
    private static let isInstalled = Atomic<Bool>(false)
    static let suffixes = ["", "-journal", "-wal", "-shm"]

    /// Installs the handlers.
    public static func install() {
        isInstalled.store(true, ordering: .releasing)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            _ = signal(signalNumber, handler)
        }
    }

    /// Notes that `path` is being written: a signal removes it and the
    /// files SQLite keeps beside it. One copy at a time: the tool's.
    static func writing(_ path: String) {
        guard isInstalled.load(ordering: .acquiring) else { return }
        let all = suffixes.map { path + $0 }
        let bytes = all.reduce(0) { $0 + $1.utf8.count + 1 }
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes)
        var offset = 0
        for name in all {
            for byte in name.utf8 {
                buffer[offset] = CChar(bitPattern: byte)
                offset += 1
            }
            buffer[offset] = 0
            offset += 1
        }
        nameCount.store(all.count, ordering: .releasing)
        names.store(UInt(bitPattern: buffer), ordering: .releasing)
    }

    /// Notes that no copy is being written any more. The names are kept,
    /// not freed: a handler on another thread may be reading them. One
    /// small block per copy.
    static func finished() {
        names.store(0, ordering: .releasing)
    }

    private static let handler: @convention(c) (Int32) -> Void = { signalNumber in
        if var name = UnsafePointer<CChar>(bitPattern: PartialFileCleanup.names.load(ordering: .acquiring)) {
            for _ in 0..<PartialFileCleanup.nameCount.load(ordering: .acquiring) {
                _ = unlink(name)
                while name.pointee != 0 { name += 1 }
                name += 1
            }
        }
        _ = signal(signalNumber, SIG_DFL)
        _ = raise(signalNumber)
    }
}

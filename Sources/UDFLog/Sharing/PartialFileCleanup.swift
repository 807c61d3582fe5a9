import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Removes the temporary files a command is writing (a copy's hidden
/// partial file, an export's unfinished output, a spill) when the process
/// is told to end (SIGINT, SIGTERM, SIGHUP), then ends it by that signal, as
/// if no handler had been there.
///
/// Without it, Ctrl-C during `export --format udf` of a long timeline left a
/// hidden file of hundreds of megabytes beside the output. A handler may only
/// call async-signal-safe functions, so the names are written into memory
/// before the handler can need them, and it finds them through an atomic:
/// no lock, no allocation, only `unlink`, `signal` and `raise`.
///
/// For a command-line tool's own process: `install()` replaces the handlers
/// of those signals. In a host that never installs them, nothing is noted.
public enum PartialFileCleanup {
    /// The block the handler reads: the number of names, then each name
    /// NUL-terminated; 0 when nothing is being written. A block once
    /// published is never freed (a handler on another thread may be reading
    /// it): two small blocks per file noted, one when it starts and one
    /// when it ends, a few per command.
    private static let published = Atomic<UInt>(0)
    /// The names behind the published block, changed under the lock.
    private static let names = Mutex<[String]>([])
    private static let isInstalled = Atomic<Bool>(false)
    /// What SQLite may keep beside a database file.
    static let sqliteSuffixes = ["", "-journal", "-wal", "-shm"]

    /// Installs the handlers.
    public static func install() {
        isInstalled.store(true, ordering: .releasing)
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            _ = signal(signalNumber, handler)
        }
    }

    /// Notes that `path`, and the files named `path` followed by each of
    /// `suffixes`, are being written: a signal removes them.
    public static func writing(_ path: String, suffixes: [String] = [""]) {
        guard isInstalled.load(ordering: .acquiring) else { return }
        names.withLock { names in
            names += suffixes.map { path + $0 }
            publish(names)
        }
    }

    /// Notes that `path` and its `suffixes` are no longer being written.
    public static func finished(_ path: String, suffixes: [String] = [""]) {
        guard isInstalled.load(ordering: .acquiring) else { return }
        names.withLock { names in
            for name in suffixes.map({ path + $0 }) {
                if let index = names.firstIndex(where: { $0.utf8.elementsEqual(name.utf8) }) { names.remove(at: index) }
            }
            publish(names)
        }
    }

    private static func publish(_ names: [String]) {
        guard !names.isEmpty else {
            published.store(0, ordering: .releasing)
            return
        }
        let header = MemoryLayout<Int>.stride
        let bytes = header + names.reduce(0) { $0 + $1.utf8.count + 1 }
        let block = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: MemoryLayout<Int>.alignment)
        block.storeBytes(of: names.count, as: Int.self)
        var offset = header
        for name in names {
            for byte in name.utf8 {
                block.storeBytes(of: byte, toByteOffset: offset, as: UInt8.self)
                offset += 1
            }
            block.storeBytes(of: 0, toByteOffset: offset, as: UInt8.self)
            offset += 1
        }
        published.store(UInt(bitPattern: block), ordering: .releasing)
    }

    private static let handler: @convention(c) (Int32) -> Void = { signalNumber in
        if let block = UnsafeRawPointer(bitPattern: PartialFileCleanup.published.load(ordering: .acquiring)) {
            var name = (block + MemoryLayout<Int>.stride).assumingMemoryBound(to: CChar.self)
            for _ in 0..<block.load(as: Int.self) {
                _ = unlink(name)
                while name.pointee != 0 { name += 1 }
                name += 1
            }
        }
        _ = signal(signalNumber, SIG_DFL)
        _ = raise(signalNumber)
    }
}

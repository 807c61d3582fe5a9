import Foundation
import TestSupport
import Testing
@testable import UDFLog

/// `verify`'s read-ahead brings a file the system has dropped from its cache
/// back into it, and leaves a small one to SQLite's own reads.
@Suite struct ReadAheadTests {
    let directory: TemporaryDirectory

    init() throws {
        directory = try TemporaryDirectory()
    }

    @Test(.enabled(if: Self.cacheCanBeObserved, "this system cannot drop a file from its cache, or not say what it holds"))
    func aFileOutOfTheCacheIsReadBackIntoIt() throws {
        let path = try file(bytes: 12 << 20)
        #expect(Self.drop(path))
        #expect(try Self.cachedFraction(path) < 0.5)
        let readAhead = ReadAhead(path: path, minimumBytes: 8 << 20)
        defer { readAhead.stop() }
        #expect(try Self.waitForCache(path, reaching: 0.95) >= 0.95)
    }

    @Test(.enabled(if: Self.cacheCanBeObserved, "this system cannot drop a file from its cache, or not say what it holds"))
    func aFileUnderTheMinimumIsLeftAlone() throws {
        let path = try file(bytes: 12 << 20)
        #expect(Self.drop(path))
        let readAhead = ReadAhead(path: path, minimumBytes: 16 << 20)
        defer { readAhead.stop() }
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try Self.cachedFraction(path) < 0.5)
    }

    @Test(.enabled(if: Self.cacheCanBeObserved, "this system cannot drop a file from its cache, or not say what it holds"))
    func aLinkIsFollowedToItsFile() throws {
        let path = try file(bytes: 12 << 20)
        let link = directory.path("link.udf")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        #expect(Self.drop(path))
        let readAhead = ReadAhead(path: link, minimumBytes: 8 << 20)
        defer { readAhead.stop() }
        #expect(try Self.waitForCache(path, reaching: 0.95) >= 0.95)
    }

    @Test func aMissingFileIsNotAnError() {
        let readAhead = ReadAhead(path: directory.path("missing.udf"), minimumBytes: 0)
        readAhead.stop()
    }

    /// A file of `bytes` bytes.
    private func file(bytes: Int) throws -> String {
        let path = directory.path("file.bin")
        try Data(repeating: 0x5A, count: bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Polls for up to five seconds until `fraction` of the file is cached.
    private static func waitForCache(_ path: String, reaching fraction: Double) throws -> Double {
        var cached = try cachedFraction(path)
        for _ in 0..<100 where cached < fraction {
            Thread.sleep(forTimeInterval: 0.05)
            cached = try cachedFraction(path)
        }
        return cached
    }

    /// Whether dropping a freshly written file from the cache can be seen
    /// here (not on tmpfs, whose pages are the file).
    static let cacheCanBeObserved: Bool = {
        #if os(Linux)
        guard let directory = try? TemporaryDirectory() else { return false }
        let path = directory.path("probe.bin")
        guard (try? Data(repeating: 7, count: 1 << 20).write(to: URL(fileURLWithPath: path))) != nil,
              drop(path), let cached = try? cachedFraction(path) else { return false }
        return cached < 0.5
        #else
        return false
        #endif
    }()

    /// Writes the file out and asks the system to drop its pages.
    static func drop(_ path: String) -> Bool {
        #if os(Linux)
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return fsync(descriptor) == 0 && posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_DONTNEED)) == 0
        #else
        return false
        #endif
    }

    struct CannotObserve: Error {}

    /// The share of the file's pages the system holds in its cache (`mincore`).
    static func cachedFraction(_ path: String) throws -> Double {
        #if os(Linux)
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw CannotObserve() }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_size > 0 else { throw CannotObserve() }
        let length = Int(status.st_size)
        guard let mapped = mmap(nil, length, PROT_READ, MAP_SHARED, descriptor, 0), mapped != MAP_FAILED else { throw CannotObserve() }
        defer { munmap(mapped, length) }
        let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
        var resident = [UInt8](repeating: 0, count: (length + pageSize - 1) / pageSize)
        guard mincore(mapped, length, &resident) == 0 else { throw CannotObserve() }
        return Double(resident.filter { $0 & 1 == 1 }.count) / Double(resident.count)
        #else
        throw CannotObserve()
        #endif
    }
}

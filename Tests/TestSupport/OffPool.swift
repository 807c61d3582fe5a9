import Foundation

/// Blocking work run on a thread of its own.
///
/// Swift's cooperative pool has one thread per core: two on CI's machine.
/// A test that blocks a pool thread for a minute (a package build, a writer
/// draining in a debug build) starves other suites' effects past their time
/// limits. Only the blocking call goes here: `#expect` needs the test's task.
public enum OffPool {
    public static func run<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }
}

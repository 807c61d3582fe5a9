import Foundation

/// Computes `StateHash` for successive canonical texts, resuming from the
/// longest prefix they share with the previous text instead of starting over.
///
/// FNV-1a is a chain over the bytes: its value after a prefix depends on
/// that prefix alone. So the hasher remembers the chain's value every
/// `checkpointSpacing` bytes of the previous text and, for the next text,
/// starts at the last checkpoint before the first byte that differs. Finding
/// that byte is a `memcmp`, many times faster than hashing. Consecutive
/// states that change one item in the middle of a list hash about half their
/// bytes; the result is always `StateHash.of(bytes)`.
///
/// Use one hasher per state stream, from one thread at a time.
public final class IncrementalStateHash {
    /// Bytes between remembered chain values: small enough that a state of
    /// a kilobyte or two resumes near its change, while keeping a chain value
    /// costs one append per 256 bytes hashed.
    static let checkpointSpacing = 256

    private var previousBytes: [UInt8] = []
    /// `checkpoints[i]`: the chain's value after the first `i × checkpointSpacing` bytes.
    private var checkpoints: [UInt64] = []

    public init() {}

    /// The hash of `bytes` as 16 lowercase hex digits, exactly `StateHash.of(bytes)`.
    public func of(_ bytes: [UInt8]) -> String {
        StateHash.hex(value(of: bytes))
    }

    /// The hash of `bytes` as a number, exactly `StateHash.value(of: bytes)`.
    public func value(of bytes: [UInt8]) -> UInt64 {
        let spacing = Self.checkpointSpacing
        let shared = sharedCheckpoints(with: bytes)
        checkpoints.removeLast(checkpoints.count - shared)
        if checkpoints.isEmpty { checkpoints.append(StateHash.offsetBasis) }
        var hash = checkpoints[checkpoints.count - 1]
        bytes.withUnsafeBufferPointer { buffer in
            var position = (checkpoints.count - 1) * spacing
            while position < buffer.count {
                let end = Swift.min(position + spacing, buffer.count)
                for index in position..<end {
                    hash ^= UInt64(buffer[index])
                    hash &*= StateHash.prime
                }
                if end - position == spacing { checkpoints.append(hash) }
                position = end
            }
        }
        previousBytes = bytes
        return hash
    }

    /// Forgets the previous text.
    public func reset() {
        previousBytes = []
        checkpoints = []
    }

    /// How many of the previous checkpoints hold for `bytes`: checkpoint `i`
    /// holds when the first `i × checkpointSpacing` bytes are the same.
    private func sharedCheckpoints(with bytes: [UInt8]) -> Int {
        let spacing = Self.checkpointSpacing
        var count = checkpoints.isEmpty ? 0 : 1
        guard count == 1 else { return 0 }
        previousBytes.withUnsafeBytes { old in
            bytes.withUnsafeBytes { new in
                guard let oldBase = old.baseAddress, let newBase = new.baseAddress else { return }
                while count < checkpoints.count {
                    let end = count * spacing
                    guard end <= old.count, end <= new.count,
                          memcmp(oldBase + end - spacing, newBase + end - spacing, spacing) == 0 else { return }
                    count += 1
                }
            }
        }
        return count
    }
}

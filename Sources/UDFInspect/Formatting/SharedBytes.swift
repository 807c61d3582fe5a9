/// How many bytes two texts share at their start or their end, compared
/// eight at a time: `blame` compares two long values' texts at every change.
enum SharedBytes {
    /// The length of the longest common prefix of `a` and `b`.
    static func prefix(_ a: [UInt8], _ b: [UInt8]) -> Int {
        let limit = min(a.count, b.count)
        return a.withUnsafeBytes { a in
            b.withUnsafeBytes { b in
                var index = 0
                while index + 8 <= limit,
                      a.loadUnaligned(fromByteOffset: index, as: UInt64.self) == b.loadUnaligned(fromByteOffset: index, as: UInt64.self) {
                    index += 8
                }
                while index < limit, a[index] == b[index] { index += 1 }
                return index
            }
        }
    }

    /// The length of the longest common suffix of `a` and `b`, at most `limit`.
    static func suffix(_ a: [UInt8], _ b: [UInt8], within limit: Int) -> Int {
        a.withUnsafeBytes { a in
            b.withUnsafeBytes { b in
                var length = 0
                while length + 8 <= limit,
                      a.loadUnaligned(fromByteOffset: a.count - length - 8, as: UInt64.self)
                        == b.loadUnaligned(fromByteOffset: b.count - length - 8, as: UInt64.self) {
                    length += 8
                }
                while length < limit, a[a.count - 1 - length] == b[b.count - 1 - length] { length += 1 }
                return length
            }
        }
    }
}

/// How a query reads the steps the changed-members index names in one
/// segment, lazily, in step order: a stretch of up to 1,024 steps where most
/// are named is read whole, which costs less than naming them; the named
/// steps of the other stretches are read by number, up to 512 to a query.
struct IndexedReads: Sequence, IteratorProtocol {
    enum Read: Equatable {
        /// Every step of the range.
        case stretch(ClosedRange<Int>)
        /// These steps, ascending.
        case steps([Int])
    }

    static let stepsPerQuery = 512

    private let touched: (base: Int, bits: [UInt8])
    private let upper: Int
    private var start: Int
    private var pending: [Int] = []
    /// A whole stretch that waits behind the pending steps before it.
    private var queued: Read?

    /// - Parameter touched: `ChangedMembersTable.steps`'s bitmap for `range`.
    init(touched: (base: Int, bits: [UInt8]), range: ClosedRange<Int>) {
        self.touched = touched
        upper = range.upperBound
        start = range.lowerBound
    }

    /// Whether `touched`, a bitmap as `ChangedMembersTable.steps` gives it, names `step`.
    static func isNamed(_ step: Int, in touched: (base: Int, bits: [UInt8])) -> Bool {
        let index = step - touched.base
        return touched.bits[index / 8] & (1 << (index % 8)) != 0
    }

    /// How many of `steps` `touched` names: a bit count a byte at a time,
    /// the same as testing each step with `isNamed`.
    static func namedCount(_ steps: ClosedRange<Int>, in touched: (base: Int, bits: [UInt8])) -> Int {
        let first = steps.lowerBound - touched.base
        let last = steps.upperBound - touched.base
        let firstByte = first / 8
        let lastByte = last / 8
        // The bits of `first`'s byte from `first` on, and of `last`'s up to `last`.
        let head = UInt8(truncatingIfNeeded: 0xFF << (first % 8))
        let tail = UInt8(truncatingIfNeeded: 0xFF >> (7 - last % 8))
        if firstByte == lastByte { return (touched.bits[firstByte] & head & tail).nonzeroBitCount }
        var count = (touched.bits[firstByte] & head).nonzeroBitCount + (touched.bits[lastByte] & tail).nonzeroBitCount
        for byte in touched.bits[(firstByte + 1)..<lastByte] { count += byte.nonzeroBitCount }
        return count
    }

    private func isNamed(_ step: Int) -> Bool {
        Self.isNamed(step, in: touched)
    }

    private mutating func takePending() -> Read {
        defer { pending.removeAll(keepingCapacity: true) }
        return .steps(pending)
    }

    mutating func next() -> Read? {
        if let queued {
            self.queued = nil
            return queued
        }
        while start <= upper {
            let stretch = start...Swift.min(upper, start + ChangedMembersTable.stepsPerRow - 1)
            start = stretch.upperBound + 1
            let bytes = (stretch.lowerBound - touched.base) / 8...(stretch.upperBound - touched.base) / 8
            guard touched.bits[bytes].contains(where: { $0 != 0 }) else { continue }
            let named = stretch.filter(isNamed)
            if named.count * 2 > stretch.count {
                guard pending.isEmpty else {
                    queued = .stretch(stretch)
                    return takePending()
                }
                return .stretch(stretch)
            }
            pending += named
            if pending.count >= Self.stepsPerQuery { return takePending() }
        }
        return pending.isEmpty ? nil : takePending()
    }
}

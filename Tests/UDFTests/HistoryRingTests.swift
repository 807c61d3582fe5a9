import TestSupport
import Testing
import UDF

/// The store's history is a ring; these runs compare it, through the public
/// API, with the plain array it replaced (`removeFirst` when over the limit),
/// on random sends, undos, redos and jumps, at limits that wrap often.
@MainActor
@Suite struct HistoryRingTests {
    /// The old history, an array trimmed from the front.
    private struct PlainHistory {
        var entries: [(step: Int, count: Int)]
        var index = 0
        var lastStep = 0
        let limit: Int

        mutating func send(adding amount: Int) {
            let count = entries[index].count + amount
            entries.removeSubrange((index + 1)...)
            lastStep += 1
            entries.append((lastStep, count))
            if entries.count > limit + 1 { entries.removeFirst(entries.count - (limit + 1)) }
            index = entries.count - 1
        }
    }

    @Test(arguments: [0, 1, 2, 3, 7, 64])
    func randomOperationsMatchThePlainArray(limit: Int) throws {
        var random = SplitMix64(seed: UInt64(limit) &+ 17)
        let store = Store(initialState: Counter(), reducer: Counter.reducer, historyLimit: limit)
        var plain = PlainHistory(entries: [(0, 0)], limit: limit)
        for operation in 0..<2_000 {
            switch random.next() % 5 {
            case 0, 1:
                let amount = Int(random.next() % 100) + 1
                store.send(.add(amount))
                plain.send(adding: amount)
            case 2:
                store.undo()
                plain.index = max(0, plain.index - 1)
            case 3:
                store.redo()
                plain.index = min(plain.entries.count - 1, plain.index + 1)
            default:
                let target = plain.entries[Int(random.next() % UInt64(plain.entries.count))].step
                try store.jump(to: target)
                plain.index = try #require(plain.entries.firstIndex { $0.step == target })
            }
            try #require(store.historySteps == plain.entries.map(\.step), "after operation \(operation)")
            try #require(store.currentStep == plain.entries[plain.index].step, "after operation \(operation)")
            try #require(store.state.count == plain.entries[plain.index].count, "after operation \(operation)")
            try #require(store.canUndo == (plain.index > 0))
            try #require(store.canRedo == (plain.index < plain.entries.count - 1))
        }
        #expect(throws: StoreError.stepNotInHistory(plain.lastStep + 1)) { try store.jump(to: plain.lastStep + 1) }
    }
}

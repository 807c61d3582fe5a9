import Testing
import UDF

@MainActor
@Suite struct HistoryTests {
    private func store(historyLimit: Int = 1_000) -> Store<Counter, CounterAction> {
        Store(initialState: Counter(), reducer: Counter.reducer, historyLimit: historyLimit)
    }

    @Test func undoAndRedoMoveWithinHistory() {
        let store = store()
        #expect(store.canUndo == false)
        #expect(store.canRedo == false)

        store.send(.increment)
        store.send(.add(10))
        store.send(.add(100))
        store.undo()

        #expect(store.state.count == 11)
        #expect(store.currentStep == 2)
        #expect(store.step == 3)
        #expect(store.canUndo)
        #expect(store.canRedo)

        store.undo()
        store.undo()
        #expect(store.state.count == 0)
        #expect(store.currentStep == 0)
        #expect(store.canUndo == false)

        store.undo()
        #expect(store.state.count == 0)

        store.redo()
        store.redo()
        store.redo()
        store.redo()
        #expect(store.state.count == 111)
        #expect(store.currentStep == 3)
        #expect(store.canRedo == false)
    }

    @Test func sendingAfterUndoDropsTheRedoFuture() {
        let log = TransitionLog<Counter, CounterAction>()
        let store = Store(initialState: Counter(), reducer: Counter.reducer, middleware: [log.middleware])
        store.send(.add(1))
        store.send(.add(2))
        store.send(.add(3))
        store.undo()
        store.undo()

        store.send(.add(50))

        #expect(store.state.count == 51)
        #expect(store.step == 4)
        #expect(store.currentStep == 4)
        #expect(store.historySteps == [0, 1, 4])
        #expect(store.canRedo == false)
        let last = log.transitions.last
        #expect(last?.stateBefore.count == 1)
        #expect(last?.stateAfter.count == 51)
    }

    @Test func historyLimitDropsTheOldestStates() {
        let store = store(historyLimit: 2)
        for _ in 0..<5 {
            store.send(.increment)
        }

        #expect(store.historySteps == [3, 4, 5])
        store.undo()
        store.undo()
        #expect(store.state.count == 3)
        #expect(store.canUndo == false)
    }

    @Test func zeroHistoryLimitAllowsNoUndo() {
        let store = store(historyLimit: 0)
        store.send(.increment)
        store.undo()

        #expect(store.historySteps == [1])
        #expect(store.canUndo == false)
        #expect(store.state.count == 1)
    }

    @Test func jumpMovesToAnyHeldStep() throws {
        let store = store()
        store.send(.add(1))
        store.send(.add(2))
        store.send(.add(3))

        try store.jump(to: 1)
        #expect(store.state.count == 1)
        #expect(store.currentStep == 1)
        #expect(store.canUndo)
        #expect(store.canRedo)

        try store.jump(to: 3)
        #expect(store.state.count == 6)
    }

    @Test func jumpOutsideTheWindowThrows() {
        let store = store(historyLimit: 1)
        store.send(.increment)
        store.send(.increment)

        #expect(throws: StoreError.stepNotInHistory(0)) {
            try store.jump(to: 0)
        }
        #expect(throws: StoreError.stepNotInHistory(99)) {
            try store.jump(to: 99)
        }
        #expect(StoreError.stepNotInHistory(99).description == "Step 99 is not in the store's in-memory history")
        #expect(store.state.count == 2)
    }

    @Test func timeTravelNotifiesSubscribers() throws {
        let store = store()
        var seen: [Int] = []
        _ = store.subscribe { seen.append($0.count) }
        store.send(.add(1))
        store.send(.add(2))

        store.undo()
        store.redo()
        try store.jump(to: 0)
        try store.jump(to: 0)
        store.undo()

        #expect(seen == [0, 1, 3, 1, 3, 0])
    }
}

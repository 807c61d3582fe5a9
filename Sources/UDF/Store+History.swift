import Observation

extension Store {
    /// Whether an earlier state is held in the history.
    public var canUndo: Bool {
        registrar.access(self, keyPath: historyKeyPath)
        return historyIndex > 0
    }

    /// Whether an undone state is held in the history.
    public var canRedo: Bool {
        registrar.access(self, keyPath: historyKeyPath)
        return historyIndex < history.count - 1
    }

    /// The steps whose states the in-memory history holds, oldest first.
    ///
    /// They are not always contiguous: sending an action after an undo drops the undone
    /// steps, and the new step follows the last step ever assigned.
    public var historySteps: [Int] {
        registrar.access(self, keyPath: historyKeyPath)
        return history.map(\.step)
    }

    /// The step whose state is current: the last step, unless an undo or jump moved back.
    public var currentStep: Int {
        registrar.access(self, keyPath: historyKeyPath)
        return history[historyIndex].step
    }

    /// Moves to the previous state in the history, if any.
    ///
    /// Not an action: middleware and the reducer do not see it. Subscribers are notified.
    public func undo() {
        guard historyIndex > 0 else { return }
        move(to: historyIndex - 1)
    }

    /// Moves to the next state in the history after an undo, if any.
    ///
    /// Not an action: middleware and the reducer do not see it. Subscribers are notified.
    public func redo() {
        guard historyIndex < history.count - 1 else { return }
        move(to: historyIndex + 1)
    }

    /// Moves to the state at `step`.
    ///
    /// Not an action: middleware and the reducer do not see it. Subscribers are notified
    /// unless `step` is already current.
    ///
    /// - Throws: ``StoreError/stepNotInHistory(_:)`` when `step` is not in ``historySteps``.
    public func jump(to step: Int) throws {
        guard let index = history.firstIndex(where: { $0.step == step }) else {
            throw StoreError.stepNotInHistory(step)
        }
        guard index != historyIndex else { return }
        move(to: index)
    }

    @inlinable
    func appendToHistory(_ entry: HistoryEntry) {
        registrar.withMutation(of: self, keyPath: historyKeyPath) {
            history.removeAll(after: historyIndex)
            history.append(entry)
            historyIndex = history.count - 1
        }
    }

    private func move(to index: Int) {
        registrar.withMutation(of: self, keyPath: historyKeyPath) {
            historyIndex = index
        }
        replaceState(with: history[index].state)
        notifySubscribers()
    }
}

/// A handle on the asynchronous effects started by one `Store.send`.
///
/// It covers the effects of the sent action, of the actions processed because of it
/// (its `.send` effects and its middleware's dispatches), and of the actions that
/// those effects send back, recursively: everything causally downstream of the send.
public struct StoreTask: Sendable {
    @usableFromInline let box: StoreTaskBox

    @usableFromInline
    init(box: StoreTaskBox) {
        self.box = box
    }

    /// Waits until every effect covered by this task has finished.
    ///
    /// Cancelling the waiting task cancels the effects.
    public func finish() async {
        await withTaskCancellationHandler {
            await box.finish()
        } onCancel: {
            box.cancel()
        }
    }

    /// Cancels every effect covered by this task, including ones not yet started.
    public func cancel() {
        box.cancel()
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool {
        box.isCancelled
    }
}

/// The bookkeeping for one action while, and after, the store processes it.
///
/// A reference type because middleware contexts and buffered children point at it
/// before its step is known: the step is assigned only if the action reaches the reducer.
@MainActor
@usableFromInline
final class ActionRecord<Action: Sendable> {
    @usableFromInline let cause: Int?
    @usableFromInline let task: StoreTaskBox
    @usableFromInline var firstStep: Int?
    @usableFromInline var effects: [(step: Int, effect: Effect<Action>)] = []

    @inlinable
    init(cause: Int?, task: StoreTaskBox) {
        self.cause = cause
        self.task = task
    }

    /// The cause given to actions that this action's middleware dispatches.
    @inlinable
    var causeForChildren: Int? {
        firstStep ?? cause
    }

    @inlinable
    func reduced(step: Int, effect: Effect<Action>) {
        if firstStep == nil {
            firstStep = step
        }
        effects.append((step, effect))
    }
}

/// The bookkeeping for one action while, and after, the store processes it.
///
/// A reference type because middleware contexts and buffered children point at it
/// before its step is known: the step is assigned only if the action reaches the reducer.
@MainActor
final class ActionRecord<Action: Sendable> {
    let cause: Int?
    let task: StoreTaskBox
    private(set) var firstStep: Int?
    private(set) var effects: [(step: Int, effect: Effect<Action>)] = []

    init(cause: Int?, task: StoreTaskBox) {
        self.cause = cause
        self.task = task
    }

    /// The cause given to actions that this action's middleware dispatches.
    var causeForChildren: Int? {
        firstStep ?? cause
    }

    func reduced(step: Int, effect: Effect<Action>) {
        if firstStep == nil {
            firstStep = step
        }
        effects.append((step, effect))
    }
}

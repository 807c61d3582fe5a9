/// ReSwift's public API shape that the ReSwift recipe is written against:
/// `Action`, `DispatchFunction`, `Middleware<State>`, `Reducer<State>` and a
/// store that composes middleware with the first one outermost.
///
/// SwiftPM cannot fetch ReSwift here, so this stands in for it, namespaced
/// because this target also imports our own `UDF.Middleware`.
enum ReSwift {
    protocol Action {}

    typealias DispatchFunction = (Action) -> Void
    typealias Middleware<State> = (@escaping DispatchFunction, @escaping () -> State?)
        -> (@escaping DispatchFunction) -> DispatchFunction
    typealias Reducer<State> = (_ action: Action, _ state: State?) -> State

    @MainActor
    final class Store<State> {
        private(set) var state: State
        private let reducer: Reducer<State>
        private var dispatchFunction: DispatchFunction = { _ in }

        init(reducer: @escaping Reducer<State>, state: State?, middleware: [Middleware<State>] = []) {
            self.reducer = reducer
            self.state = state ?? reducer(Init(), nil)
            let reduce: DispatchFunction = { [unowned self] action in
                self.state = self.reducer(action, self.state)
            }
            dispatchFunction = middleware.reversed().reduce(reduce) { next, middleware in
                middleware({ [unowned self] in self.dispatch($0) }, { [weak self] in self?.state })(next)
            }
        }

        func dispatch(_ action: Action) {
            dispatchFunction(action)
        }
    }

    struct Init: Action {}
}

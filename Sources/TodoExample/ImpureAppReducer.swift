import Foundation
import UDF

/// The app's reducer with the most common UDF mistake, for the demo: a new
/// todo's id is drawn from a random number inside the reducer.
///
/// Live, nothing looks wrong. Replayed, the same `addTodo` on the same state
/// gives another id, and `udf-inspect verify --replay --reducer impure`
/// names the step.
public let impureAppReducer = Reducer<AppState, AppAction> { state, action in
    guard case .addTodo(let typed) = action else {
        return appReducer.reduce(into: &state, action: action)
    }
    let title = typed.trimmingCharacters(in: .whitespaces)
    guard !title.isEmpty else { return .none }
    state.todos.append(Todo(id: Int.random(in: 1_000...999_999_999), title: title))
    state.nextID += 1
    return .none
}

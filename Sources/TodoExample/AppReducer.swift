import Foundation
import UDF

/// The example app's reducer, with one realistic bug planted for the demo.
///
/// The bug: `deleteTodos(offsets:)` carries offsets into the *visible* list,
/// as a list's swipe-to-delete reports them, but the reducer removes those
/// offsets from the *whole* list. Under a filter, it deletes the wrong todo.
public let appReducer = Reducer<AppState, AppAction> { state, action in
    switch action {
    case .addTodo(let title):
        let title = title.trimmingCharacters(in: .whitespaces)
        guard !title.isEmpty else { return .none }
        state.todos.append(Todo(id: state.nextID, title: title))
        state.nextID += 1
        return .none

    case .toggleTodo(let id):
        guard let index = state.todos.firstIndex(where: { $0.id == id }) else { return .none }
        state.todos[index].done.toggle()
        return .none

    case .deleteTodos(let offsets):
        // The planted bug: these offsets index `state.visibleTodos`.
        for offset in offsets.sorted(by: >) where state.todos.indices.contains(offset) {
            state.todos.remove(at: offset)
        }
        return .none

    case .setFilter(let filter):
        state.filter = filter
        return .none

    case .clearCompleted:
        state.todos.removeAll { $0.done }
        return .none

    case .emailChanged(let email):
        state.login.email = email
        return .none

    case .passwordChanged(let password):
        state.login.password = password
        return .none

    case .submitLogin:
        state.login.isLoading = true
        state.login.error = nil
        let email = state.login.email
        let password = state.login.password
        return .run { send in
            await send(.loginResponse(await Authenticator.signIn(email: email, password: password)))
        }

    case .loginResponse(.success(let user)):
        state.login.isLoading = false
        state.login.user = user
        state.login.password = ""
        return .none

    case .loginResponse(.failure(let message)):
        state.login.isLoading = false
        state.login.error = message
        return .none
    }
}

/// The reducer with the bug fixed: offsets are mapped through the visible list.
public let fixedAppReducer = Reducer<AppState, AppAction> { state, action in
    guard case .deleteTodos(let offsets) = action else {
        return appReducer.reduce(into: &state, action: action)
    }
    let visible = state.visibleTodos
    let ids = Set(offsets.filter(visible.indices.contains).map { visible[$0].id })
    state.todos.removeAll { ids.contains($0.id) }
    return .none
}

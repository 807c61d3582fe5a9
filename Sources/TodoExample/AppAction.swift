/// Everything that can happen in the example app.
public enum AppAction: Codable, Sendable, Equatable {
    case addTodo(String)
    case toggleTodo(id: Int)
    /// Rows deleted from the visible list, as a list's swipe-to-delete reports them.
    case deleteTodos(offsets: [Int])
    case setFilter(Filter)
    case clearCompleted
    case emailChanged(String)
    case passwordChanged(String)
    case submitLogin
    case loginResponse(LoginResult)
}

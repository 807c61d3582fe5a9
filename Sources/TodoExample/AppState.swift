/// The example app's whole state: a todo list and a login form.
public struct AppState: Codable, Sendable, Equatable {
    public var todos: [Todo] = []
    public var filter: Filter = .all
    public var nextID = 1
    public var login = LoginState()

    public init() {}

    /// The todos the list shows under the current filter, in order.
    public var visibleTodos: [Todo] {
        todos.filter(filter.includes)
    }
}

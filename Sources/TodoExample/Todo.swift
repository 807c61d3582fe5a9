/// One item of the todo list.
public struct Todo: Codable, Sendable, Equatable, Identifiable {
    public var id: Int
    public var title: String
    public var done: Bool

    public init(id: Int, title: String, done: Bool = false) {
        self.id = id
        self.title = title
        self.done = done
    }
}

/// Which todos the list shows.
public enum Filter: String, Codable, Sendable, CaseIterable {
    case all
    case active
    case completed

    func includes(_ todo: Todo) -> Bool {
        switch self {
        case .all: true
        case .active: !todo.done
        case .completed: todo.done
        }
    }
}

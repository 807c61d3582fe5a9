/// The login form, as in the seeds' `LoginState`.
public struct LoginState: Codable, Sendable, Equatable {
    public var email = ""
    public var password = ""
    public var isLoading = false
    public var error: String?
    public var user: User?

    public init() {}
}

/// A signed-in user.
public struct User: Codable, Sendable, Equatable {
    public var email: String
    public var name: String
    public var token: String
}

/// What the authentication service answered.
public enum LoginResult: Codable, Sendable, Equatable {
    case success(User)
    case failure(String)
}

/// A stand-in for a login service: any password of eight or more characters
/// signs in. It is async, like the network call it stands for.
public enum Authenticator {
    public static func signIn(email: String, password: String) async -> LoginResult {
        await Task.yield()
        guard email.contains("@") else {
            return .failure("Enter a valid email address.")
        }
        guard password.count >= 8 else {
            return .failure("The password is too short.")
        }
        let name = String(email.prefix { $0 != "@" }).capitalized
        return .success(User(email: email, name: name, token: "tok_\(String(email.utf8.count, radix: 16))_\(password.count)"))
    }
}

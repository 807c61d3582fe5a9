import UDF

/// The scripted session that `udf-inspect demo` records: a user adds todos,
/// signs in, and swipes to delete "Pay rent" under the Active filter, which
/// deletes "Walk the dog" instead.
public enum DemoScript {
    /// The password typed into the login form; redaction keeps it out of the file.
    public static let password = "correct horse battery staple"

    /// The actions a user sends, in order. `submitLogin` also leads to a
    /// `loginResponse` sent by its effect.
    public static let userActions: [AppAction] = [
        .addTodo("Buy milk"),
        .addTodo("Walk the dog"),
        .addTodo("Pay rent"),
        .emailChanged("ada@example.com"),
        .passwordChanged(password),
        .submitLogin,
        .toggleTodo(id: 1),
        .addTodo("Call mom"),
        .setFilter(.active),
        .deleteTodos(offsets: [1]),
        .toggleTodo(id: 4),
        .setFilter(.all),
    ]

    /// Sends every user action to `store`, letting effects finish after each.
    @MainActor
    public static func run(on store: Store<AppState, AppAction>) async {
        for action in userActions {
            await store.send(action).finish()
        }
        await store.settle()
    }
}

/// The host app's names that a generated test uses, as `testgen`'s flags give them.
struct TestgenHost: Equatable {
    /// The module the test imports, such as `TodoExample`.
    let module: String
    /// The state type, such as `AppState`.
    let state: String
    /// The action type, such as `AppAction`.
    let action: String
    /// The reducer the test runs, such as `fixedAppReducer`.
    let reducer: String
}

/// The one word for what happened to a value, shared by `diff --json` and `blame --json`.
enum ChangeKind: String, Encodable {
    case added
    case removed
    case changed
    /// An array element that moved, in `diff` only.
    case moved
}

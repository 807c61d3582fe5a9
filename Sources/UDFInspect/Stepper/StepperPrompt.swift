/// A line being typed at the bottom of the screen: after `:`, `s`, `f`, `/`, `?` or `b`.
struct StepperPrompt: Equatable, Sendable {
    /// What the typed text will be used for.
    enum Kind: Equatable, Sendable {
        /// A step number, after `:`.
        case jump
        /// A path into the state, after `s`.
        case path
        /// A predicate, after `f`.
        case find
        /// Text to search for, after `/` (forward) or `?` (backward).
        case search(backward: Bool)
        /// A new timeline's name, after `b`.
        case branch
    }

    var kind: Kind
    var text = ""

    /// What the prompt line shows before the typed text.
    var label: String {
        switch kind {
        case .jump: ":"
        case .path: "state at path: "
        case .find: "find: "
        case .search(let backward): backward ? "?" : "/"
        case .branch: "branch here, name: "
        }
    }
}

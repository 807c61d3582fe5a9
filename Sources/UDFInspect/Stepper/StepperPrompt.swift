/// A line being typed at the bottom of the screen: after `:`, `s`, `/` or `b`.
struct StepperPrompt: Equatable, Sendable {
    /// What the typed text will be used for.
    enum Kind: Equatable, Sendable {
        /// A step number, after `:`.
        case jump
        /// A path into the state, after `s`.
        case path
        /// A predicate, after `/`.
        case find
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
        case .find: "/"
        case .branch: "branch here, name: "
        }
    }
}

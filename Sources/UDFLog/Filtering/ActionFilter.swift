import UDFDiff

/// Which actions a step may have to be listed: a filter over the action's
/// name and its JSON text, matched in Swift.
///
/// A step passes when its name matches any of `included` (or `included` is
/// empty), none of `excluded`, and its action's JSON text matches
/// `payload`. Step 0, which has no action, passes only a filter with no
/// `included` glob and no `payload`: excluding actions keeps the initial
/// state, as Redux DevTools' deny-list does.
public struct ActionFilter: Sendable, Hashable {
    public var included: [ShellGlob]
    public var excluded: [ShellGlob]
    /// Matched anywhere in the action's canonical JSON, such as `{"addTodo":{"_0":"Buy milk"}}`.
    public var payload: RegexPattern?

    public init(included: [ShellGlob] = [], excluded: [ShellGlob] = [], payload: RegexPattern? = nil) {
        self.included = included
        self.excluded = excluded
        self.payload = payload
    }

    /// Whether every step passes.
    public var isEmpty: Bool {
        included.isEmpty && excluded.isEmpty && payload == nil
    }

    /// Whether a step whose action has this name and this stored canonical
    /// JSON text passes; both are nil at step 0.
    public func accepts(name: String?, action: String?) -> Bool {
        guard let name else {
            return included.isEmpty && payload == nil
        }
        if !included.isEmpty, !included.contains(where: { $0.matches(name) }) { return false }
        if excluded.contains(where: { $0.matches(name) }) { return false }
        if let payload {
            guard let action else { return false }
            return payload.matches(action)
        }
        return true
    }
}

import UDFJSON

/// Actions as `ActionFormatter` writes them, remembered by value: an app
/// sends the same few actions over and over, and a long table writes each
/// of them once.
///
/// Values are told apart by `JSONValue`'s `==`, which compares strings and
/// number texts by their scalars: two spellings of one letter, or `-0.0`
/// and `0.0`, are two entries, as they are two texts. Only actions whose
/// whole text is at most `longest` bytes are remembered, so the memo never
/// keeps a large action alive; at most `limit` of them, and a full memo
/// starts again.
///
/// A reader hands the rows of one action text one value (`TextMemo`), so
/// most actions come again in the very storage they came in before: those
/// are found by that storage's identity, without hashing the whole value.
struct FormattedActions {
    let maxWidth: Int?
    private var remembered: [JSONValue: String] = [:]
    /// Remembered actions by their storage. Each entry keeps its action, so
    /// that storage is not freed and its address not reused by another.
    private var byStorage: [JSONStorageIdentity: (action: JSONValue, text: String)] = [:]
    static let limit = 1_024
    static let longest = 512

    init(maxWidth: Int?) {
        self.maxWidth = maxWidth
    }

    /// How many actions are remembered now.
    var count: Int { remembered.count }

    /// `ActionFormatter.format(action, maxWidth:)`.
    mutating func text(of action: JSONValue?) -> String {
        guard let action else { return ActionFormatter.format(nil, maxWidth: maxWidth) }
        let storage = action.storageIdentity
        if let storage, let known = byStorage[storage] { return known.text }
        if let known = remembered[action] {
            remember(action, by: storage, as: known)
            return known
        }
        let whole = ActionFormatter.whole(action)
        let text = ActionFormatter.shortened(whole, maxWidth: maxWidth)
        guard whole.utf8.count <= Self.longest else { return text }
        if remembered.count >= Self.limit {
            remembered.removeAll(keepingCapacity: true)
            byStorage.removeAll(keepingCapacity: true)
        }
        remembered[action] = text
        remember(action, by: storage, as: text)
        return text
    }

    private mutating func remember(_ action: JSONValue, by storage: JSONStorageIdentity?, as text: String) {
        guard let storage else { return }
        if byStorage.count >= Self.limit { byStorage.removeAll(keepingCapacity: true) }
        byStorage[storage] = (action, text)
    }
}

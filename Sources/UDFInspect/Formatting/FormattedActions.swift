import UDFJSON

/// Actions as `ActionFormatter` writes them, remembered by value: an app
/// sends the same few actions over and over, and a long table writes each
/// of them once.
///
/// Values are told apart by `JSONValue`'s `==`, which compares strings and
/// number texts by their scalars: two spellings of one letter, or `-0.0`
/// and `0.0`, are two entries, as they are two texts. At most `limit`
/// entries; a full memo starts again.
struct FormattedActions {
    let maxWidth: Int?
    private var remembered: [JSONValue: String] = [:]
    static let limit = 1_024

    init(maxWidth: Int?) {
        self.maxWidth = maxWidth
    }

    /// `ActionFormatter.format(action, maxWidth:)`.
    mutating func text(of action: JSONValue?) -> String {
        guard let action else { return ActionFormatter.format(nil, maxWidth: maxWidth) }
        if let known = remembered[action] { return known }
        let text = ActionFormatter.format(action, maxWidth: maxWidth)
        if remembered.count >= Self.limit { remembered.removeAll(keepingCapacity: true) }
        remembered[action] = text
        return text
    }
}

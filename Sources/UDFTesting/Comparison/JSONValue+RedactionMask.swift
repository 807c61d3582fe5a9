import UDFJSON

extension JSONValue {
    /// This value with every place where `expected` holds the redacted
    /// placeholder replaced by the placeholder too.
    ///
    /// A recording never holds a secret, so it cannot say what the secret
    /// was; the placeholder matches any value. Arrays whose elements all
    /// carry an `id` are matched by it, as the diff matches them, so an
    /// inserted element does not shift the mask onto its neighbour. For
    /// arrays in the same order this masks what position would, so the
    /// masked bytes are equal exactly when `canonicallyMatches` holds.
    func masked(like expected: JSONValue) -> JSONValue {
        if case .string(let text) = expected, text.utf8.elementsEqual(RecordedTimeline.redactedValue.utf8) {
            return expected
        }
        switch (self, expected) {
        case (.object(var members), .object(let wanted)):
            for (key, value) in wanted where value.holdsRedaction {
                if let member = members[key] {
                    members[key] = member.masked(like: value)
                }
            }
            return .object(members)
        case (.array(var elements), .array(let wanted)):
            guard wanted.contains(where: \.holdsRedaction) else { return self }
            if let byID = Self.elementsByID(wanted), Self.elementsByID(elements) != nil {
                for index in elements.indices {
                    if let id = elements[index]["id"], let match = byID[id] {
                        elements[index] = elements[index].masked(like: match)
                    }
                }
            } else {
                for index in elements.indices where index < wanted.count {
                    elements[index] = elements[index].masked(like: wanted[index])
                }
            }
            return .array(elements)
        default:
            return self
        }
    }

    /// Whether the placeholder appears anywhere in this value.
    var holdsRedaction: Bool {
        switch self {
        case .string(let text): text.utf8.elementsEqual(RecordedTimeline.redactedValue.utf8)
        case .object(let members): members.values.contains { $0.holdsRedaction }
        case .array(let elements): elements.contains { $0.holdsRedaction }
        default: false
        }
    }

    /// The elements by their `id`, or nil when one has none, shares one, or
    /// has a redacted one: a redacted id matches any id, so only positions
    /// can pair such elements.
    private static func elementsByID(_ elements: [JSONValue]) -> [JSONValue: JSONValue]? {
        var byID: [JSONValue: JSONValue] = [:]
        for element in elements {
            guard let id = element["id"], !id.holdsRedaction, byID.updateValue(element, forKey: id) == nil else { return nil }
        }
        return byID
    }
}

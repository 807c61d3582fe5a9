import UDFDiff
import UDFJSON
import UDFLog

/// Redacts the consecutive states of a timeline as `Redactor` does, but in
/// time proportional to what changed.
///
/// `Redactor.redact` looks at every key of every state, which for 10,000
/// states of 60 KB takes minutes. Consecutive states from `Recording.walk`
/// share storage wherever nothing changed, and redaction by key is local to
/// each subtree, so a subtree identical to the previous state's reuses its
/// redacted form. Which keys are secret is decided once per key. A subtree
/// with nothing to redact comes back as the same storage, so the diff of two
/// redacted states stays as cheap as the diff of the recorded ones.
struct ConsecutiveStateRedactor {
    let redactor: Redactor
    /// Paths redacted after the keys, as `Redactor` applies its path rules.
    let paths: [JSONPath]
    private var secretKeys: [String: Bool] = [:]
    private var previous: (raw: JSONValue, redacted: JSONValue)?

    init(redactor: Redactor, paths: [JSONPath]) {
        self.redactor = redactor
        self.paths = paths
    }

    /// The next state, redacted.
    mutating func redact(_ state: JSONValue) -> JSONValue {
        let byKeys = redactKeys(state, previous?.raw, previous?.redacted)
        previous = (state, byKeys)
        return paths.reduce(byKeys) { Self.redact($0, at: $1.components[...]) }
    }

    /// A value outside the chain of states, such as an action.
    mutating func redactAlone(_ value: JSONValue) -> JSONValue {
        paths.reduce(redactKeys(value, nil, nil)) { Self.redact($0, at: $1.components[...]) }
    }

    private mutating func isSecret(_ key: String) -> Bool {
        if let known = secretKeys[key] { return known }
        let secret = redactor.isSecret(key: key)
        secretKeys[key] = secret
        return secret
    }

    private mutating func redactKeys(_ value: JSONValue, _ old: JSONValue?, _ oldRedacted: JSONValue?) -> JSONValue {
        if let old, let oldRedacted, value.isIdentical(to: old) { return oldRedacted }
        switch value {
        case .object(let members):
            var copy = members
            for (key, member) in members {
                if isSecret(key) {
                    if member != Redactor.placeholder { copy[key] = Redactor.placeholder }
                } else if member.storageIdentity != nil {
                    let redacted = redactKeys(member, old?[key], oldRedacted?[key])
                    // Writing back an unchanged child would copy the object for nothing.
                    if !redacted.isIdentical(to: member) { copy[key] = redacted }
                }
            }
            return .object(copy)
        case .array(let elements):
            let oldElements = old?.arrayValue
            let oldRedactedElements = oldRedacted?.arrayValue
            var copy: [JSONValue]?
            for (index, element) in elements.enumerated() where element.storageIdentity != nil {
                let redacted = redactKeys(
                    element,
                    oldElements.flatMap { index < $0.count ? $0[index] : nil },
                    oldRedactedElements.flatMap { index < $0.count ? $0[index] : nil }
                )
                if !redacted.isIdentical(to: element) {
                    if copy == nil { copy = elements }
                    copy?[index] = redacted
                }
            }
            return copy.map(JSONValue.array) ?? value
        default:
            return value
        }
    }

    /// The value at `path` replaced by the placeholder, as `Redactor` does.
    private static func redact(_ value: JSONValue, at path: ArraySlice<PathComponent>) -> JSONValue {
        guard let component = path.first else { return Redactor.placeholder }
        let rest = path.dropFirst()
        switch (component, value) {
        case (.key(let key), .object(var members)):
            guard let member = members[key] else { return value }
            members[key] = redact(member, at: rest)
            return .object(members)
        case (.index(let index), .array(var elements)):
            guard elements.indices.contains(index) else { return value }
            elements[index] = redact(elements[index], at: rest)
            return .array(elements)
        case (.identity(let id), .array(var elements)):
            for index in elements.indices where elements[index]["id"] == id {
                elements[index] = redact(elements[index], at: rest)
            }
            return .array(elements)
        case (.wildcard, .array(let elements)):
            return .array(elements.map { redact($0, at: rest) })
        case (.wildcard, .object(let members)):
            return .object(members.mapValues { redact($0, at: rest) })
        default:
            return value
        }
    }
}

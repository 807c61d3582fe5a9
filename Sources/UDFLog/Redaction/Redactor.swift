import UDFDiff
import UDFJSON

/// Replaces values under secret-looking keys, and at configured paths, with
/// `"<redacted>"` before they leave the process or a file.
///
/// Keys match without regard to case, `_`, `-` or `.`: `password`,
/// `user_password` and `X-Api-Key` are all caught by the defaults.
///
/// For example:
/// ```swift
/// let redactor = Redactor(extraKeys: ["pin"], paths: [try JSONPath(parsing: ".profile.ssn")])
/// let (safe, count) = redactor.redact(state)
/// ```
public struct Redactor: Sendable {
    /// The text that replaces a redacted value.
    public static let placeholder: JSONValue = "<redacted>"

    /// Key fragments redacted wherever they appear inside a key.
    public static let defaultKeyFragments = [
        "password", "passwd", "passphrase", "secret", "token", "apikey", "authorization",
        "cookie", "credential", "privatekey",
    ]

    /// Short keys redacted only when they are the whole key.
    public static let defaultExactKeys = ["auth", "pin", "ssn", "cvv", "sessionid"]

    private let fragments: [String]
    private let exactKeys: Set<String>
    private let paths: [JSONPath]

    /// - Parameters:
    ///   - extraKeys: keys redacted in addition to the defaults, matched whole.
    ///   - paths: paths whose values are redacted wherever the keys are.
    ///   - includeDefaults: false to redact only `extraKeys` and `paths`.
    public init(extraKeys: [String] = [], paths: [JSONPath] = [], includeDefaults: Bool = true) {
        fragments = includeDefaults ? Self.defaultKeyFragments : []
        exactKeys = Set((includeDefaults ? Self.defaultExactKeys : []) + extraKeys.map(Self.normalize))
        self.paths = paths
    }

    /// Whether any path rule is set, besides the rules by key.
    ///
    /// Redaction by key alone is local to each subtree, so a caller may
    /// redact an unchanged subtree once and reuse the result; a path rule
    /// depends on where a value sits, so it is applied to the whole result
    /// (`redactPaths`), and a proof from a value's keys alone does not hold.
    public var hasPathRules: Bool { !paths.isEmpty }

    /// A redactor that changes nothing.
    public static let none = Redactor(includeDefaults: false)

    /// Whether this redactor has no rule at all, so it returns every value as it is.
    public var changesNothing: Bool { fragments.isEmpty && exactKeys.isEmpty && paths.isEmpty }

    /// Whether a value under `key` is redacted.
    public func isSecret(key: String) -> Bool {
        let normalized = Self.normalize(key)
        // A byte search: Foundation's `contains` costs a string bridge per key.
        return exactKeys.contains(normalized) || fragments.contains { normalized.containsScalars($0) }
    }

    /// The value with secrets replaced, and how many values were replaced.
    public func redact(_ value: JSONValue) -> (value: JSONValue, count: Int) {
        var count = 0
        let byKey = redactKeys(value, count: &count)
        let result = redactPaths(byKey)
        return (result.value, count + result.count)
    }

    /// The path rules alone applied to `value`, which the rules by key have
    /// redacted already: `redact(value)` is the rules by key, then this.
    public func redactPaths(_ value: JSONValue) -> (value: JSONValue, count: Int) {
        var count = 0
        var result = value
        for path in paths {
            result = redact(result, at: path.components[...], count: &count)
        }
        return (result, count)
    }

    private func redactKeys(_ value: JSONValue, count: inout Int) -> JSONValue {
        redactedKeys(value, count: &count) ?? value
    }

    /// `value` with its secrets replaced, or nil when it has none: most
    /// subtrees have none, and are neither copied nor rebuilt.
    private func redactedKeys(_ value: JSONValue, count: inout Int) -> JSONValue? {
        switch value {
        case .object(let members):
            var copy: [String: JSONValue]?
            for (key, member) in members {
                let replacement: JSONValue?
                if isSecret(key: key) {
                    guard member != Self.placeholder else { continue }
                    replacement = Self.placeholder
                    count += 1
                } else if member.isContainer {
                    replacement = redactedKeys(member, count: &count)
                } else {
                    replacement = nil
                }
                if let replacement {
                    if copy == nil { copy = members }
                    copy![key] = replacement
                }
            }
            return copy.map(JSONValue.object)
        case .array(let elements):
            var copy: [JSONValue]?
            for index in elements.indices where elements[index].isContainer {
                guard let replacement = redactedKeys(elements[index], count: &count) else { continue }
                if copy == nil { copy = elements }
                copy![index] = replacement
            }
            return copy.map(JSONValue.array)
        default:
            return nil
        }
    }

    private func redact(_ value: JSONValue, at path: ArraySlice<PathComponent>, count: inout Int) -> JSONValue {
        guard let component = path.first else {
            if value == Self.placeholder { return value }
            count += 1
            return Self.placeholder
        }
        let rest = path.dropFirst()
        switch (component, value) {
        case (.key(let key), .object(var members)):
            guard let member = members.value(exactlyAt: key) else { return value }
            members[key] = redact(member, at: rest, count: &count)
            return .object(members)
        case (.index(let index), .array(var elements)):
            guard elements.indices.contains(index) else { return value }
            elements[index] = redact(elements[index], at: rest, count: &count)
            return .array(elements)
        case (.identity(let id), .array(var elements)):
            for index in elements.indices where elements[index]["id"] == id {
                elements[index] = redact(elements[index], at: rest, count: &count)
            }
            return .array(elements)
        case (.wildcard, .array(let elements)):
            return .array(elements.map { redact($0, at: rest, count: &count) })
        case (.wildcard, .object(let members)):
            return .object(members.mapValues { redact($0, at: rest, count: &count) })
        default:
            return value
        }
    }

    private static func normalize(_ key: String) -> String {
        // An ASCII key is lowercased byte by byte: `lowercased()` maps A–Z
        // alone there, and each key of every state comes through here.
        var key = key
        let ascii = key.withUTF8 { utf8 -> String? in
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            return String(unsafeUninitializedCapacity: utf8.count) { buffer in
                var written = 0
                for byte in utf8 where byte != UInt8(ascii: "_") && byte != UInt8(ascii: "-") && byte != UInt8(ascii: ".") {
                    buffer[written] = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
                    written += 1
                }
                return written
            }
        }
        return ascii ?? String(key.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" && $0 != "." })
    }
}

extension JSONValue {
    var isContainer: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }
}

/// The `CodingKey` this module hands to `Codable` types in `codingPath`.
struct JSONCodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    init(_ component: JSONCodingPathComponent) {
        switch component {
        case .key(let key): self.init(stringValue: key)
        case .index(let index): self.init(intValue: index)
        }
    }

    static let superKey = JSONCodingKey(stringValue: "super")

    /// The path component for a key from any `Codable` type.
    ///
    /// Only this module's index keys become `.index`; a dictionary's `Int` key
    /// is an object key (`"1"`), so it stays `.key`.
    static func component(of key: any CodingKey) -> JSONCodingPathComponent {
        if let own = key as? JSONCodingKey, let index = own.intValue {
            return .index(index)
        }
        return .key(key.stringValue)
    }
}

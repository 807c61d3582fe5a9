import UDFJSON

/// Reads an untrusted JSON document member by member, naming the path of
/// anything of the wrong type, for example
/// `unexpected document shape at $.steps[3].time: expected a number, found an array`.
struct JSONShape {
    let value: JSONValue
    let path: String

    init(_ value: JSONValue, path: String = "$") {
        self.value = value
        self.path = path
    }

    func fail(_ message: String) -> SharingError {
        .wrongShape(path: path, message: message)
    }

    private func expected(_ what: String) -> SharingError {
        fail("expected \(what), found \(Self.describe(value))")
    }

    func object() throws(SharingError) -> [String: JSONValue] {
        guard let members = value.objectValue else { throw expected("an object") }
        return members
    }

    func array() throws(SharingError) -> [JSONShape] {
        guard let elements = value.arrayValue else { throw expected("an array") }
        return elements.enumerated().map { JSONShape($1, path: "\(path)[\($0)]") }
    }

    func string() throws(SharingError) -> String {
        guard let string = value.stringValue else { throw expected("a string") }
        return string
    }

    func int() throws(SharingError) -> Int {
        guard let number = value.numberValue else { throw expected("an integer") }
        if let int = number.intValue { return int }
        // Redux ids and timestamps may be written as 3.0 by some serializers.
        let double = number.doubleValue
        guard double.rounded() == double, abs(double) < 9.0e15 else { throw expected("an integer") }
        return Int(double)
    }

    func double() throws(SharingError) -> Double {
        guard let number = value.numberValue else { throw expected("a number") }
        return number.doubleValue
    }

    /// The member `key`, which must be present.
    func member(_ key: String) throws(SharingError) -> JSONShape {
        let members = try object()
        guard let member = members[key] else { throw fail("the member \"\(key)\" is missing") }
        return JSONShape(member, path: "\(path).\(key)")
    }

    /// The member `key`, or nil when it is missing or null.
    func optionalMember(_ key: String) throws(SharingError) -> JSONShape? {
        let members = try object()
        guard let member = members[key], !member.isNull else { return nil }
        return JSONShape(member, path: "\(path).\(key)")
    }

    static func describe(_ value: JSONValue) -> String {
        switch value {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

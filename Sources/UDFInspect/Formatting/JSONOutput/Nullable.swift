/// An optional property that encodes as `null` when absent, where a plain
/// optional would leave its key out: every documented field is always present.
@propertyWrapper
struct Nullable<Wrapped: Encodable>: Encodable {
    var wrappedValue: Wrapped?

    init(wrappedValue: Wrapped?) {
        self.wrappedValue = wrappedValue
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}

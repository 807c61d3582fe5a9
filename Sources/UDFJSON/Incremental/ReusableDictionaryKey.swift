/// A dictionary key whose members `IncrementalJSONEncoder` can reuse
/// (`ReusableEncodableDictionary.swift`): it must know the key's spelling in
/// the encoded object, as the plain encoder writes it through the standard
/// library's `Dictionary.encode(to:)`.
///
/// Two keys with the same bits must be spelled the same: the encoder
/// matches keys by bits in the dictionaries' buckets (`DictionaryBuckets`).
protocol ReusableDictionaryKey: Hashable {
    /// The key's spelling in the encoded object.
    var encodedKey: String { get }
    /// Whether both keys are spelled alike: one member of the encoded object.
    func isEncoded(as other: Self) -> Bool
}

/// A string key is spelled as it is, and two are alike by their scalars:
/// `==` is canonical equivalence, under which two spellings that encode to
/// different bytes are one dictionary key. Same bits are the same scalars
/// (an inline string is its bytes; a larger one shares an immutable buffer).
extension String: ReusableDictionaryKey {
    var encodedKey: String { self }

    func isEncoded(as other: String) -> Bool { hasSameScalars(as: other) }
}

/// An `Int` key is spelled in decimal (`Dictionary.encode(to:)` keys it by
/// `intValue`, whose `stringValue` is its description); equal values are
/// one spelling.
extension Int: ReusableDictionaryKey {
    var encodedKey: String { String(self) }

    func isEncoded(as other: Int) -> Bool { self == other }
}

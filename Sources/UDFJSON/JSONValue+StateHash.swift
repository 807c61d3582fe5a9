extension JSONValue {
    /// `StateHash.of(canonicalBytes)`: the hash of this value's canonical text.
    public var stateHash: String {
        StateHash.of(canonicalBytes)
    }
}

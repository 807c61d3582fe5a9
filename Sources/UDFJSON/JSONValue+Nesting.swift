extension JSONValue {
    /// Whether arrays and objects nest in this value more than `limit` deep
    /// (`[[1]]` nests 2 deep, a scalar 0). It descends no further than
    /// `limit + 1`, so a value built deeper than any stack holds is answered
    /// without overflowing one.
    public func nests(deeperThan limit: Int) -> Bool {
        switch self {
        case .array(let elements):
            return limit < 1 || elements.contains { $0.nests(deeperThan: limit - 1) }
        case .object(let members):
            return limit < 1 || members.values.contains { $0.nests(deeperThan: limit - 1) }
        default:
            return false
        }
    }
}

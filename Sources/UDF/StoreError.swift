/// An error thrown by ``Store`` operations.
public enum StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The requested step is not held in the store's in-memory history.
    case stepNotInHistory(Int)

    public var description: String {
        switch self {
        case .stepNotInHistory(let step):
            "Step \(step) is not in the store's in-memory history"
        }
    }
}

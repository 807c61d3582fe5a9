import UDFJSON

/// A row of a query's answer, made on the thread that found it, and how
/// many bytes it holds, so that a stretch read ahead holds a bounded amount.
protocol HeldRow: Sendable {
    var heldBytes: Int { get }
}

extension String: HeldRow {
    var heldBytes: Int { utf8.count }
}

extension Array: HeldRow where Element == String {
    var heldBytes: Int { reduce(0) { $0 + $1.utf8.count } }
}

extension PathBlame.Change: HeldRow {
    /// Not measured: a change keeps its values whole, for tests and short
    /// ranges (`PathBlame.changes(in:on:through:strategy:)`).
    var heldBytes: Int { 0 }
}

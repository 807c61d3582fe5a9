import Foundation

/// Which steps of a timeline to list. Every criterion is bound as a SQL
/// parameter; user text is never spliced into SQL.
public struct StepQuery: Sendable, Equatable {
    /// Only steps in this range.
    public var range: ClosedRange<Int>?
    /// Only actions whose name matches this glob (`*`, `?`, `[...]`, case-sensitive).
    public var actionGlob: String?
    /// Only steps recorded at or after this time.
    public var since: Date?
    /// Only steps recorded at or before this time.
    public var until: Date?
    /// At most this many steps: the first ones, or the last ones with `fromEnd`.
    public var limit: Int?
    /// With `limit`, keep the last matching steps instead of the first.
    public var fromEnd: Bool

    public init(
        range: ClosedRange<Int>? = nil,
        actionGlob: String? = nil,
        since: Date? = nil,
        until: Date? = nil,
        limit: Int? = nil,
        fromEnd: Bool = false
    ) {
        self.range = range
        self.actionGlob = actionGlob
        self.since = since
        self.until = until
        self.limit = limit
        self.fromEnd = fromEnd
    }
}

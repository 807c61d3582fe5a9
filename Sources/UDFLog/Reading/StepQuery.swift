import Foundation

/// Which steps of a timeline to list. The range and the time window are bound
/// as SQL parameters; the action filter is matched in Swift (`ActionFilter`),
/// so user text is never spliced into SQL nor read by SQLite's `GLOB`.
public struct StepQuery: Sendable, Equatable {
    /// Only steps in this range.
    public var range: ClosedRange<Int>?
    /// Only steps whose action passes this filter.
    public var actions: ActionFilter
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
        actions: ActionFilter = ActionFilter(),
        since: Date? = nil,
        until: Date? = nil,
        limit: Int? = nil,
        fromEnd: Bool = false
    ) {
        self.range = range
        self.actions = actions
        self.since = since
        self.until = until
        self.limit = limit
        self.fromEnd = fromEnd
    }
}

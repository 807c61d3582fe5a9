/// How many members the last object of each keyed type had, so the next one
/// is sized for them at once: a dictionary that grows from empty to seven
/// members is allocated four times and rehashes its keys on each move.
///
/// Keyed by the `CodingKey` type a container is asked for, which each
/// `Encodable` type has its own of; every `[String: V]` shares one, so a
/// hint is capped: a small dictionary after a huge one is not made huge.
/// A hint sets a capacity, never a value. One per `IncrementalJSONEncoder`,
/// kept across its passes, on one thread.
final class MemberCountHints {
    /// The largest capacity a hint asks for; bigger objects grow as usual.
    static let maximum = 64
    private var counts: [ObjectIdentifier: Int] = [:]

    func count(for keys: ObjectIdentifier) -> Int {
        counts[keys] ?? 0
    }

    /// Remembers `count`, capped, unless it is what `hinted` already says:
    /// most objects repeat the last one's count, and then nothing is written.
    func record(_ count: Int, for keys: ObjectIdentifier, hinted: Int) {
        let capped = min(count, Self.maximum)
        if capped != hinted { counts[keys] = capped }
    }
}

/// How many members the last object of each keyed type had, so the next one
/// is sized for them at once: a dictionary that grows from empty to seven
/// members is allocated four times and rehashes its keys on each move.
///
/// Keyed by the `CodingKey` type a container is asked for, which each
/// `Encodable` type has its own of. A hint sets a capacity, never a value.
/// One per `IncrementalJSONEncoder`, kept across its passes, on one thread.
final class MemberCountHints {
    private var counts: [ObjectIdentifier: Int] = [:]

    func count(for keys: ObjectIdentifier) -> Int {
        counts[keys] ?? 0
    }

    func record(_ count: Int, for keys: ObjectIdentifier) {
        counts[keys] = count
    }
}

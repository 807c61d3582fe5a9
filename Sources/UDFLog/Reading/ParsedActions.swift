import UDFJSON

/// Stored action texts parsed, remembered by their bytes.
///
/// A timeline sends the same few actions over and over (`increment`, a tab
/// switch, one `bump(index: 3)` for every change `blame` lists), and the
/// same bytes always parse to the same value, so a text met again is
/// looked up, not parsed again. The key is the whole text, byte for byte:
/// two spellings of one action (another normalization, `-0` and `0`) are
/// two keys and parse apart, as they do without the memo.
///
/// One per `Recording`, which is used from one thread at a time.
final class ParsedActions {
    private var values: [[UInt8]: JSONValue] = [:]

    /// Texts remembered at most; the memo starts over when full.
    static let capacity = 4_096
    /// Longer texts are parsed every time: they rarely repeat, and the memo
    /// must stay small (at most about 2 MB).
    static let longestRemembered = 512

    /// The action stored as `bytes` at `step`, parsed.
    ///
    /// - Throws: `RecordingError.unparsableAction`, as `StepRow.action(parsing:)`.
    func value(of bytes: [UInt8], step: Int, timeline: String) throws(RecordingError) -> JSONValue {
        guard bytes.count <= Self.longestRemembered else {
            return try StepRow.action(parsing: bytes, step: step, timeline: timeline)
        }
        if let known = values[bytes] { return known }
        let value = try StepRow.action(parsing: bytes, step: step, timeline: timeline)
        if values.count >= Self.capacity { values.removeAll(keepingCapacity: true) }
        values[bytes] = value
        return value
    }
}

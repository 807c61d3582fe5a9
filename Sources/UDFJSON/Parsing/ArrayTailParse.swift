import Foundation

/// The second half of a long array (`ArraySplitPlan`), parsed on a thread
/// of its own while the caller parses the rest.
///
/// The caller takes the result when its reading reaches the plan's comma,
/// and waits for the thread in any case before the bytes go away: the
/// thread reads the caller's buffer.
final class ArrayTailParse: Sendable {
    /// The elements after the comma, where the array's `]` ends, and the
    /// most containers open (the array counted) when another opened.
    typealias Parsed = (elements: [JSONValue], end: Int, deepest: Int)
    typealias Outcome = Result<Parsed, JSONParseError>

    private let outcome = Promised<Outcome>()

    /// The buffer, handed to the thread; the caller keeps it alive until `wait`.
    private struct Bytes: @unchecked Sendable {
        let buffer: UnsafeBufferPointer<UInt8>
    }

    /// Starts parsing the elements after `plan.comma`, up to the `]` that
    /// closes the array it is read as being in.
    init(_ buffer: UnsafeBufferPointer<UInt8>, plan: ArraySplitPlan, limits: JSONParser.Limits, reusesShapes: Bool, bomLength: Int) {
        let bytes = Bytes(buffer: buffer)
        let job: TailWorker.Job = { [outcome] in
            let parsed = Self.parse(bytes.buffer, plan: plan, limits: limits, reusesShapes: reusesShapes, bomLength: bomLength)
            return { outcome.fulfil(parsed) }
        }
        // Else a thread of its own: a dispatch queue could have no thread free while its caller waits.
        guard !TailWorker.shared.run(job) else { return }
        Thread { job()() }.start()
    }

    private static func parse(
        _ buffer: UnsafeBufferPointer<UInt8>, plan: ArraySplitPlan, limits: JSONParser.Limits, reusesShapes: Bool, bomLength: Int
    ) -> Outcome {
        // The depth around the array may be unknown (a guessed plan): the
        // reading counts from the array, and the caller checks the limit.
        var reader = JSONByteReader(
            buffer: buffer, limits: limits, tracksSpans: false, reusesShapes: reusesShapes,
            start: plan.comma + 1, bomLength: bomLength
        )
        do {
            let (elements, end) = try reader.parseArrayTail(startedAt: plan.array?.start ?? plan.comma)
            return .success((elements, end, reader.deepest))
        } catch {
            return .failure(error)
        }
    }

    /// Waits for the thread and returns what it parsed; may be called again.
    @discardableResult
    func wait() -> Outcome {
        outcome.wait()
    }
}

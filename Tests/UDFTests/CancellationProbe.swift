import UDF

/// Lets a test wait, without sleeping, until an effect has observed its cancellation.
final class CancellationProbe: Sendable {
    private let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (stream, continuation) = AsyncStream.makeStream(of: Void.self)
    }

    /// Called by the effect when it sees that it was cancelled.
    func cancelled() {
        continuation.yield()
    }

    /// Suspends until the effect has called ``cancelled()``.
    func waitForCancellation() async {
        var iterator = stream.makeAsyncIterator()
        _ = await iterator.next()
    }

    /// A long-running effect body that reports its cancellation and then tries to send.
    func runUntilCancelled<Action: Sendable>(then action: Action) -> @Sendable (UDF.Send<Action>) async throws -> Void {
        { [self] send in
            do {
                try await Task.sleep(for: .seconds(3_600))
            } catch {
                cancelled()
            }
            await send(action)
        }
    }
}

import UDFLog

/// Encodes queued steps one at a time as the writer iterates, so that only
/// one encoded state is alive at once. The first encoding error ends the
/// sequence and is kept in `error`.
final class EncodingSequence: Sequence {
    private let items: ArraySlice<PendingStep>
    private let context: StepEncodingContext
    private(set) var error: (any Error)?

    init(items: ArraySlice<PendingStep>, context: StepEncodingContext) {
        self.items = items
        self.context = context
    }

    func makeIterator() -> AnyIterator<StepInput> {
        var index = items.startIndex
        return AnyIterator { [self] in
            guard error == nil, index < items.endIndex else { return nil }
            defer { index += 1 }
            do {
                return try items[index].encode(context)
            } catch {
                self.error = error
                return nil
            }
        }
    }
}

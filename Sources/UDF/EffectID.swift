/// A type-erased, sendable cancellation identifier.
///
/// `AnyHashable` alone is not `Sendable`; this wrapper only ever holds values that
/// were `Sendable` when they were erased, which is what makes the unchecked
/// conformance sound.
@usableFromInline
struct EffectID: Hashable, @unchecked Sendable {
    private let base: AnyHashable

    init(_ id: some Hashable & Sendable) {
        self.base = AnyHashable(id)
    }
}

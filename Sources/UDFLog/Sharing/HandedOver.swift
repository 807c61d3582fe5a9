/// A value used by one thread at a time: handed to the walk's thread and
/// read back only after `OverlappedWalk.run` (or `Recording.overlapped`) has returned, which orders the
/// two uses. `@unchecked Sendable` for that reason alone.
final class HandedOver<Value>: @unchecked Sendable {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}

import UDFJSON
import UDFLog

/// How a `Recorder` writes.
public struct RecorderOptions: Sendable {
    /// Steps that may wait for the writer. When the queue is full the sender
    /// waits, so that nothing is lost.
    public var queueCapacity: Int
    /// Steps written per transaction, at most.
    public var batchSize: Int
    /// Which steps store a full state instead of a patch.
    public var keyframePolicy: KeyframePolicy
    /// What is replaced before a value leaves the process.
    public var redactor: Redactor
    /// Free-form information about the host, stored with the session.
    public var metadata: JSONValue?

    public init(
        queueCapacity: Int = 1_024,
        batchSize: Int = 64,
        keyframePolicy: KeyframePolicy = KeyframePolicy(),
        redactor: Redactor = Redactor(),
        metadata: JSONValue? = nil
    ) {
        self.queueCapacity = max(1, queueCapacity)
        self.batchSize = max(1, batchSize)
        self.keyframePolicy = keyframePolicy
        self.redactor = redactor
        self.metadata = metadata
    }
}

import UDFJSON
import UDFLog

/// How a `Recorder` writes.
public struct RecorderOptions: Sendable {
    /// Steps that may wait for the writer. When the queue is full the sender
    /// waits, so that nothing is lost.
    public var queueCapacity: Int
    /// Steps written per transaction, at most. Each transaction writes
    /// the last page of every table and index it touches to the WAL again,
    /// so larger batches write fewer pages per step (256 by default).
    public var batchSize: Int
    /// Which steps store a full state instead of a patch.
    public var keyframePolicy: KeyframePolicy
    /// What is replaced before a value leaves the process.
    public var redactor: Redactor
    /// Free-form information about the host, stored with the session.
    public var metadata: JSONValue?
    /// The most bytes the recording file may hold, or nil for no limit.
    ///
    /// Growing past it is reported like a full disk: once through
    /// `onFailure`, and recording stops with every committed step readable.
    /// See `RecordingWriter.Options.maximumFileSize`.
    public var maximumFileSize: Int?
    /// Also takes the plain path for every step (a full encode, whole
    /// redaction, canonical text, hash and diff) and reports the first
    /// disagreement with the shortcuts through `onFailure`, naming its path.
    /// It costs a full encode per step: for tests and for trying a new host.
    public var shadowCheck: Bool
    /// The host app's version, stored with the session (`sessions --json`'s
    /// `appVersion`); nil asks the main bundle's `CFBundleShortVersionString`,
    /// which a command-line host or a test has none of.
    public var appVersion: String?

    public init(
        queueCapacity: Int = 1_024,
        batchSize: Int = 256,
        keyframePolicy: KeyframePolicy = KeyframePolicy(),
        redactor: Redactor = Redactor(),
        metadata: JSONValue? = nil,
        maximumFileSize: Int? = nil,
        shadowCheck: Bool = false,
        appVersion: String? = nil
    ) {
        self.queueCapacity = max(1, queueCapacity)
        self.batchSize = max(1, batchSize)
        self.keyframePolicy = keyframePolicy
        self.redactor = redactor
        self.metadata = metadata
        self.maximumFileSize = maximumFileSize.map { max(1, $0) }
        self.shadowCheck = shadowCheck
        self.appVersion = appVersion
    }
}

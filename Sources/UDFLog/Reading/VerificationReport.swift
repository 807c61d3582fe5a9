/// What `Recording.verify` found.
public struct VerificationReport: Sendable, Equatable {
    /// `PRAGMA integrity_check` said `ok`.
    public var integrityOK = true
    public var sessions = 0
    public var timelines = 0
    public var steps = 0
    public var keyframes = 0
    /// One line per problem; empty when the file is sound.
    public var problems: [String] = []

    public var isOK: Bool { integrityOK && problems.isEmpty }
}

/// One matching step over many files (`find --json` with several files): the
/// step's fields beside its file, session and timeline.
struct FleetStepRecord: Encodable {
    let file: String
    let session: Int
    let sessionUUID: String
    let timeline: String
    let step: StepRecord

    private enum CodingKeys: String, CodingKey {
        case file, session, sessionUUID, timeline
    }

    func encode(to encoder: any Encoder) throws {
        try step.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(session, forKey: .session)
        try container.encode(sessionUUID, forKey: .sessionUUID)
        try container.encode(timeline, forKey: .timeline)
    }
}

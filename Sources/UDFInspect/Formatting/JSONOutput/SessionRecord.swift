import UDFLog

/// One session, as `sessions --json` lists it; over many files it also names its file.
struct SessionRecord: Encodable {
    /// Only over many files; left out for one.
    let file: String?
    let session: Int
    let sessionUUID: String
    /// True when the file stores no UUID and it was derived.
    let sessionUUIDDerived: Bool
    let app: String
    @Nullable var appVersion: String?
    @Nullable var os: String?
    let host: String
    let pid: Int
    let startedAt: String
    @Nullable var endedAt: String?
    let status: String
    let stepCount: Int
    /// What was recorded by reflection, not `Codable`: `state`, `actions`; empty for neither.
    let reflected: [String]

    init(_ session: SessionInfo, file: String? = nil) {
        self.file = file
        self.session = session.id
        sessionUUID = session.identity.uuid
        sessionUUIDDerived = session.identity.isDerived
        app = session.app
        appVersion = session.appVersion
        os = session.operatingSystem
        host = session.host
        pid = session.pid
        startedAt = TimeFormat.iso(session.startedAt)
        endedAt = session.endedAt.map(TimeFormat.iso)
        status = session.status.rawValue
        stepCount = session.stepCount
        reflected = (session.reflected.storedText ?? "").split(separator: ",").map(String.init)
    }
}

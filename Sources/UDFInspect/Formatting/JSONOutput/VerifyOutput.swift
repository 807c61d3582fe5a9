/// `verify --json`: whether the file is sound, what was checked, and each problem.
struct VerifyOutput: Encodable {
    let schemaVersion = JSONSchemaVersion.current
    let ok: Bool
    /// `ok` or `failed`.
    let integrityCheck: String
    let sessionCount: Int
    let timelineCount: Int
    let stepCount: Int
    let keyframeCount: Int
    let problems: [String]
}

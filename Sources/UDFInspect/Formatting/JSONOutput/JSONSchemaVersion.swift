/// The version of the `--json` shapes, printed as `"schemaVersion"` in every
/// JSON document and carried in each schema's `$id` under docs/schemas/.
///
/// Raise it when a field is renamed, removed or changes type; adding a field
/// keeps it.
enum JSONSchemaVersion {
    static let current = 1
}

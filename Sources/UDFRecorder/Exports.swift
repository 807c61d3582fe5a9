// A host configures its recorder with types from these modules (`Redactor`,
// `KeyframePolicy`, `JSONPath`, `JSONValue`, `RecordingError`); re-exporting
// them means `import UDFRecorder` alone is enough, since only `UDFRecorder`
// is a product.
@_exported import UDFJSON
@_exported import UDFLog
@_exported import UDFDiff

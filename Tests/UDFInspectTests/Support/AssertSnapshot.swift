import Foundation
import Testing

/// Compares `text` with the golden file `fixtures/<name>` at the package root.
///
/// With `RECORD_SNAPSHOTS=1` in the environment the file is rewritten instead, and the
/// test fails anyway, so that nobody records new golden text without reviewing it.
func assertSnapshot(
    _ text: String,
    named name: String,
    filePath: String = #filePath,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let root = packageRoot(from: filePath) else {
        Issue.record("No Package.swift above \(filePath)", sourceLocation: sourceLocation)
        return
    }
    let url = root.appendingPathComponent("fixtures").appendingPathComponent(name)

    if ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1" {
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(),
                withIntermediateDirectories: true
            )
            try Data(text.utf8).write(to: url)
            Issue.record(
                "Recorded snapshot fixtures/\(name); review it, then run again without RECORD_SNAPSHOTS",
                sourceLocation: sourceLocation
            )
        } catch {
            Issue.record("Cannot record fixtures/\(name): \(error)", sourceLocation: sourceLocation)
        }
        return
    }

    guard let data = FileManager.default.contents(atPath: url.path) else {
        Issue.record(
            "No snapshot fixtures/\(name); run with RECORD_SNAPSHOTS=1 to record it",
            sourceLocation: sourceLocation
        )
        return
    }
    let expected = String(decoding: data, as: UTF8.self)
    if expected != text {
        Issue.record(
            "Snapshot fixtures/\(name) differs:\n\(firstDifference(expected: expected, actual: text))",
            sourceLocation: sourceLocation
        )
    }
}

private func packageRoot(from filePath: String) -> URL? {
    var directory = URL(fileURLWithPath: filePath).deletingLastPathComponent()
    while directory.path != "/" {
        if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
            return directory
        }
        directory.deleteLastPathComponent()
    }
    return nil
}

/// The first line that differs, so a failure says where to look.
private func firstDifference(expected: String, actual: String) -> String {
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for line in 0..<max(expectedLines.count, actualLines.count) {
        let wanted = line < expectedLines.count ? String(expectedLines[line]) : "<end of text>"
        let got = line < actualLines.count ? String(actualLines[line]) : "<end of text>"
        if wanted != got {
            return "line \(line + 1):\n- \(wanted)\n+ \(got)"
        }
    }
    return "(no line differs)"
}

import Foundation
import UDFDiff
import UDFJSON

/// Renders a timeline as one self-contained HTML page that steps through it.
///
/// The page has no external resources: CSS and script are inline, and the
/// data sits in a `<script type="application/json">` element. It holds step
/// 0's state and, for each later step, the RFC 6902 patch from the previous
/// state; the script rebuilds states from them and shows each patch as the
/// step's diff. `page.html#step=N` opens at step N.
public enum HTMLViewer {
    public static func render(_ timeline: SharedTimeline) -> String {
        var steps: [JSONValue] = []
        steps.reserveCapacity(timeline.steps.count)
        var previous: JSONValue?
        for step in timeline.steps {
            var object: [String: JSONValue] = [
                "step": .number(JSONNumber(step.step)),
                "name": .string(step.actionName ?? (step.step == 0 ? "initial state" : "action")),
                "action": step.action ?? .null,
                "time": .string(isoTime(step.time)),
                "cause": step.cause.map { .number(JSONNumber($0)) } ?? .null,
                "skipped": .bool(SharedTimeline.isSkipped(step)),
            ]
            if let previous {
                object["patch"] = JSONPatch.make(from: previous, to: step.state).jsonValue
            } else {
                object["state"] = step.state
            }
            previous = step.state
            steps.append(.object(object))
        }
        let data: JSONValue = [
            "title": .string("\(timeline.session.app) · \(timeline.session.timelineName)"),
            "steps": .array(steps),
        ]
        return HTMLViewerTemplate.page(embeddedJSON: embeddable(data.canonicalText))
    }

    /// JSON text that cannot end its `<script>` element or open a comment:
    /// `<`, `>` and `&` only occur inside strings, where `\u` escapes mean the same.
    static func embeddable(_ json: String) -> String {
        var result = ""
        result.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isoTime(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }
}

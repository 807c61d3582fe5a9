import UDFDiff
import UDFJSON
import UDFLog

/// The `--json` shapes of `find`, `blame`, `why` and `stats`, documented in docs/cli.md.
extension JSONShapes {
    private static func number(_ value: Int) -> JSONValue {
        .number(JSONNumber(value))
    }

    private static func optionalNumber(_ value: Int?) -> JSONValue {
        value.map(number) ?? .null
    }

    static func find(_ command: FindCommand, selection: RecordingSelection, steps: [StepSummary]) -> JSONValue {
        .object([
            "session": number(selection.session.id),
            "timeline": .string(selection.timeline.name),
            "where": .string(command.predicate.description),
            "mode": .string(command.all ? "all" : "first"),
            "becomes": .bool(command.becomes),
            "steps": .array(steps.map { step($0, on: selection.timeline) }),
        ])
    }

    static func blame(
        path: JSONPath,
        at last: Int,
        strategy: PathBlame.Strategy,
        changes: [(PathBlame.Change, StepSummary)],
        selection: RecordingSelection
    ) -> JSONValue {
        .object([
            "session": number(selection.session.id),
            "timeline": .string(selection.timeline.name),
            "path": .string(path.description),
            "at": number(last),
            "strategy": .string(strategy.rawValue),
            "changes": .array(changes.map { change, summary in
                var object = step(summary, on: selection.timeline).objectValue ?? [:]
                switch (change.old, change.new) {
                case (nil, _): object["kind"] = "added"
                case (_, nil): object["kind"] = "removed"
                default: object["kind"] = "changed"
                }
                if let old = change.old { object["old"] = old }
                if let new = change.new { object["new"] = new }
                return .object(object)
            }),
        ])
    }

    static func why(_ chain: CausalChain, step asked: Int, timeline: TimelineInfo, session: SessionInfo) -> JSONValue {
        .object([
            "session": number(session.id),
            "timeline": .string(timeline.name),
            "step": number(asked),
            "chain": .array(chain.links.map { step($0.summary, on: timeline) }),
            "alsoSent": .array(chain.links.compactMap { link in
                link.summary.cause.map { cause in
                    .object([
                        "cause": number(cause),
                        "steps": .array(link.siblings.map { step($0, on: timeline) }),
                    ])
                }
            }),
            "sent": .array(chain.sent.map { step($0, on: timeline) }),
        ])
    }

    static func stats(_ statistics: TimelineStatistics, selection: RecordingSelection) -> JSONValue {
        stats(statistics, session: selection.session, timeline: selection.timeline)
    }

    static func stats(_ statistics: TimelineStatistics, session: SessionInfo, timeline: TimelineInfo) -> JSONValue {
        let storage = statistics.storage
        return .object([
            "session": number(session.id),
            "timeline": .string(timeline.name),
            "actions": .array(statistics.actions.map { action in
                .object([
                    "name": .string(action.name),
                    "count": number(action.count),
                    "reducerNanoseconds": .object([
                        "p50": optionalNumber(action.p50Nanoseconds),
                        "p99": optionalNumber(action.p99Nanoseconds),
                        "max": optionalNumber(action.maxNanoseconds),
                    ]),
                    "storedBytes": number(action.storedBytes),
                ])
            }),
            "storage": .object([
                "steps": number(storage.steps),
                "keyframes": number(storage.keyframes),
                "keyframeBytes": number(storage.keyframeBytes),
                "patches": number(storage.patches),
                "patchBytes": number(storage.patchBytes),
                "largestPatchBytes": number(storage.largestPatchBytes),
                "smallestState": number(storage.smallestState),
                "largestState": number(storage.largestState),
                "totalStateBytes": number(storage.totalStateBytes),
            ]),
            "sizeOverTime": .array(statistics.sizeOverTime.map { bucket in
                .object([
                    "from": number(bucket.steps.lowerBound),
                    "to": number(bucket.steps.upperBound),
                    "smallest": number(bucket.smallest),
                    "largest": number(bucket.largest),
                    "last": number(bucket.last),
                ])
            }),
            "largestGrowth": .array(statistics.largestGrowth.map { growth in
                .object([
                    "step": number(growth.step),
                    "actionName": growth.actionName.map(JSONValue.string) ?? .null,
                    "before": number(growth.before),
                    "after": number(growth.after),
                    "bytes": number(growth.bytes),
                ])
            }),
        ])
    }
}

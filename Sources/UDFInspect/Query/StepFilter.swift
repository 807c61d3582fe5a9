import Foundation
import UDFDiff
import UDFLog

/// The step filters that `log` and `find` share, parsed from the same
/// options and applied the same way: action-name globs (shell rules, any of
/// them), excluded globs, a regular expression over the action's JSON, and a
/// time window.
struct StepFilter: Sendable {
    /// The options, declared once so every command spells them alike.
    enum Options {
        static let action = OptionKey<[String]>.repeating("--action", value: "glob", help: "Only actions whose name matches this shell glob, such as 'add*' or '[!s]*'; repeat it to allow any of several.")
        static let excludeAction = OptionKey<[String]>.repeating("--exclude-action", value: "glob", help: "Leave out actions whose name matches this shell glob; repeatable.")
        static let grep = OptionKey<String?>.text("--grep", value: "regex", help: "Only actions whose JSON text matches this regular expression, such as '\"Buy milk\"' or '(?i)milk'.")
        static let since = OptionKey<String?>.text("--since", value: "time", help: "Only steps at or after this time: 11:49:10 (as log prints it), ISO 8601, Unix seconds, or 10m / 2h ago.")
        static let until = OptionKey<String?>.text("--until", value: "time", help: "Only steps at or before this time, in the same forms as --since.")
        static let localTime = OptionKey<Bool>.flag("--local-time", help: "Print times of day in the local time zone (TZ), and read --since/--until times of day in it.")
    }

    /// Every filter option's spec, for a command's option list.
    static let options: [OptionSpec] = [
        Options.action.spec, Options.excludeAction.spec, Options.grep.spec,
        Options.since.spec, Options.until.spec, Options.localTime.spec,
    ]

    var actions: ActionFilter
    var since: TimeBound?
    var until: TimeBound?
    /// `--local-time`: times of day print, and parse, in the local zone, not UTC.
    var localTime: Bool

    /// Whether the filter leaves every step in.
    var isEmpty: Bool { actions.isEmpty && since == nil && until == nil }

    init(_ arguments: ParsedArguments, now: Date = Date()) throws(UsageError) {
        var payload: RegexPattern?
        if let text = try arguments.value(Options.grep) {
            guard let pattern = RegexPattern(text) else {
                throw arguments.usageError("'\(text)' is not a valid regular expression for '--grep <regex>'")
            }
            payload = pattern
        }
        actions = ActionFilter(
            included: try arguments.value(Options.action).map(ShellGlob.init),
            excluded: try arguments.value(Options.excludeAction).map(ShellGlob.init),
            payload: payload
        )
        localTime = try arguments.value(Options.localTime)
        since = try arguments.value(Options.since).map { text throws(UsageError) in try StepFilter.bound(text, arguments, now: now) }
        until = try arguments.value(Options.until).map { text throws(UsageError) in try StepFilter.bound(text, arguments, now: now) }
    }

    /// The zone times of day print in: nil for UTC, else the one the
    /// command's `TZ` names, else the system's.
    func timeZone(in context: CommandContext) -> TimeZone? {
        localTime ? StepFilter.localZone(context) : nil
    }

    /// The local zone for `--local-time`: the one the command's `TZ` names, else the system's.
    static func localZone(_ context: CommandContext) -> TimeZone {
        context.environment["TZ"].flatMap { TimeZone(identifier: $0) } ?? TimeZone.current
    }

    private static func bound(_ text: String, _ arguments: ParsedArguments, now: Date) throws(UsageError) -> TimeBound {
        guard let bound = TimeBound(text, now: now) else {
            throw arguments.usageError("'\(text)' is not a time: use a time of day such as 11:49:10 or 11:49:10.123, ISO 8601 such as 2026-11-30T02:42:57Z, Unix seconds, or a relative time such as 10m or 2h ago")
        }
        return bound
    }

    /// The query for one session's timeline: times of day fall on the day the session started.
    func query(for session: SessionInfo, in context: CommandContext, range: ClosedRange<Int>? = nil, limit: Int? = nil, fromEnd: Bool = false) -> StepQuery {
        let timeZone = self.timeZone(in: context) ?? TimeZone(identifier: "UTC") ?? TimeZone.current
        return StepQuery(
            range: range,
            actions: actions,
            since: since?.date(onDayOf: session.startedAt, in: timeZone),
            until: until?.date(onDayOf: session.startedAt, in: timeZone, upper: true),
            limit: limit,
            fromEnd: fromEnd
        )
    }

    /// A short description for headers, such as `actions add*, not set* · since 03:17:45`; nil when empty.
    var summary: String? {
        var parts: [String] = []
        if !actions.included.isEmpty { parts.append("actions " + actions.included.map(\.pattern).joined(separator: ", ")) }
        if !actions.excluded.isEmpty { parts.append("not " + actions.excluded.map(\.pattern).joined(separator: ", ")) }
        if let payload = actions.payload { parts.append("grep \(payload)") }
        if let since { parts.append("since \(since.text)") }
        if let until { parts.append("until \(until.text)") }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}

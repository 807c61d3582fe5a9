import Foundation
import UDFLog

/// `step` started beside a host that has not yet recorded the step to start
/// at: while the session is still recording, the stepper waits for that step,
/// as `log --follow` waits for new ones, instead of refusing a timeline that
/// is only just beginning.
enum LiveStepWait {
    /// The timeline of `selection` once it holds `step`, or once its session
    /// is no longer recording, whichever comes first: the caller then meets
    /// the same errors as on a finished recording.
    ///
    /// Each poll reads in fresh read transactions, which in WAL mode see what
    /// the host committed since (https://sqlite.org/wal.html).
    ///
    /// - Parameter waiting: called once, before the first wait; never when
    ///   the step is already there or the session has ended.
    static func timeline(
        holding step: Int,
        in selection: RecordingSelection,
        waiting: () -> Void
    ) throws(InspectError) -> (session: SessionInfo, timeline: TimelineInfo) {
        var session = selection.session
        var timeline = selection.timeline
        var announced = false
        while timeline.lastStep < step, session.status == .recording {
            if !announced {
                waiting()
                announced = true
            }
            Thread.sleep(forTimeInterval: LogFollower.pollInterval)
            do {
                session = try selection.recording.session(session.id)
                timeline = try selection.recording.timeline(timeline.name, in: session)
            } catch {
                throw InspectError(error)
            }
        }
        return (session, timeline)
    }
}

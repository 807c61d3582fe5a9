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
    /// Each poll is `Recording.reread`, as `log --follow`'s.
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
                (session, timeline) = try selection.recording.reread(timeline, of: session)
            } catch {
                throw InspectError(error)
            }
        }
        return (session, timeline)
    }
}

import UDFLog

/// Where an action came from: the step, the step whose effect sent it, that
/// step's cause, and so on back to a user or system action.
struct CausalChain {
    /// One link: a step, and the other actions its cause's effects sent.
    struct Link {
        let summary: StepSummary
        /// Steps the effects of `summary.cause` sent besides this one; empty for a root.
        let siblings: [StepSummary]
    }

    /// The step asked about first, the user or system action last.
    let links: [Link]
    /// The actions the effects of the step asked about sent.
    let sent: [StepSummary]

    init(step: Int, in recording: Recording, on timeline: TimelineInfo) throws(InspectError) {
        var links: [Link] = []
        var current: StepSummary
        do {
            current = try recording.step(step, on: timeline)
        } catch {
            throw InspectError(error)
        }
        while true {
            guard let cause = current.cause else {
                links.append(Link(summary: current, siblings: []))
                break
            }
            // Causes always precede their effects' actions, which also rules out cycles.
            guard cause < current.step else {
                throw InspectError.invalidData("step \(current.step) names step \(cause) as its cause, which does not precede it")
            }
            do {
                let siblings = try recording.effects(of: cause, on: timeline).filter { $0.step != current.step }
                links.append(Link(summary: current, siblings: siblings))
                current = try recording.step(cause, on: timeline)
            } catch {
                throw InspectError.invalidData("step \(current.step) names step \(cause) as its cause, which cannot be read: \(error)")
            }
        }
        self.links = links
        do {
            sent = try recording.effects(of: step, on: timeline)
        } catch {
            throw InspectError(error)
        }
    }
}

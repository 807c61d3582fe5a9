import Foundation
import UDFLog

/// One command over many recordings: reads them on a bounded pool of
/// threads, prints each file's answer in path order as soon as it is ready,
/// and reports each file it could not read as one line on stderr while the
/// others are still answered.
struct FleetRun {
    let inputs: RecordingInputs
    let workers: Int

    /// How the files fared, and the status the command exits with.
    struct Outcome {
        var answered = 0
        var failed = 0
        var firstError: InspectError?

        /// Success when every file answered; `partial` when some did and
        /// some did not; the first error's own status when none answered.
        var exitCode: ExitCode {
            guard failed > 0 else { return .success }
            guard answered > 0 else { return firstError?.exitCode ?? .dataError }
            return .partial
        }
    }

    /// The files' answers, each made by `job` on a worker thread and printed
    /// by `emit` on this one.
    func run<Answer: Sendable>(
        _ context: CommandContext,
        job: @escaping @Sendable (String) throws(InspectError) -> Answer,
        emit: (String, Answer) -> Void
    ) -> Outcome {
        var outcome = Outcome()
        let files = inputs.files
        OrderedWorkerPool(workers: workers).run(files, job: { path -> Result<Answer, InspectError> in
            do throws(InspectError) {
                return .success(try job(path))
            } catch {
                return .failure(error)
            }
        }) { index, result in
            switch result {
            case .success(let answer):
                outcome.answered += 1
                emit(files[index], answer)
            case .failure(let error):
                outcome.failed += 1
                if outcome.firstError == nil { outcome.firstError = error }
                context.console.err("Error: \(error.message)")
            }
            return !context.console.isOutputClosed
        }
        return outcome
    }

    /// Text widths known before the first row, so streamed tables line up:
    /// a hyphenated UUID, and a time as `TimeFormat.iso` prints it.
    static let uuidWidth = 36
    static let timeWidth = TimeFormat.iso(Date(timeIntervalSince1970: 0)).count

    /// The default pool size: one worker per core the process may use.
    static var defaultWorkers: Int {
        max(1, ProcessInfo.processInfo.activeProcessorCount)
    }

    /// Every session of `recording`, each with the timeline `name` (`main`
    /// when nil); sessions without that timeline are left out.
    static func sessions(of recording: Recording, timeline name: String?) throws(InspectError) -> [(SessionInfo, TimelineInfo)] {
        do {
            var pairs: [(SessionInfo, TimelineInfo)] = []
            for session in try recording.sessions() {
                let timelines = try recording.timelines(in: session)
                if let timeline = timelines.first(where: { $0.isNamed(name ?? TimelineInfo.mainName) }) {
                    pairs.append((session, timeline))
                }
            }
            return pairs
        } catch {
            throw InspectError(error)
        }
    }
}

/// The recordings and `--jobs` of a command that reads one file or many.
struct FleetArguments {
    let inputs: RecordingInputs
    let jobs: Int

    init(_ arguments: ParsedArguments) throws(UsageError) {
        inputs = RecordingInputs(arguments.positionals("file"))
        // `searchJobs` has the same name: either spec reads it.
        jobs = try arguments.jobs(CommonOptions.jobs)
        // Session ids are per file, so one id cannot choose across files.
        if inputs.isMany, arguments.spec.declares(CommonOptions.session), try arguments.isGiven(CommonOptions.session) {
            throw arguments.usageError("'--session' reads one file; with several files every session is read")
        }
    }

    var run: FleetRun {
        FleetRun(inputs: inputs, workers: jobs)
    }
}

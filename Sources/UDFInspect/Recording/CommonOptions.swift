/// Arguments and options that many commands share, declared once.
enum CommonOptions {
    static let file = ArgumentSpec(name: "file", help: "The recording file (.udf).")
    /// For commands that also read many recordings at once.
    static let files = ArgumentSpec(name: "file", help: "Recording files (.udf), or directories: every *.udf file under them.", isRepeating: true)
    static let jobs = OptionKey<Int?>.int("--jobs", value: "n", help: "With several files, how many to read at once.", defaultDescription: "the number of cores")
    /// `--jobs` of `find` and `stats`, which also split one long timeline.
    static let searchJobs = OptionKey<Int?>.int(
        "--jobs", value: "n", help: "How many threads read at once: several files, or stretches of one long timeline; the answer is the same with any number.",
        defaultDescription: "the number of cores"
    )
    static let session = OptionKey<Int?>.int("--session", value: "id", help: "The session to read.", defaultDescription: "the latest")
    static let timeline = OptionKey<String?>.text("--timeline", value: "name", help: "The timeline to read.", defaultDescription: "main")
    static let json = OptionKey<Bool>.flag("--json", help: "Print JSON instead of text (shapes in docs/cli.md).")
}

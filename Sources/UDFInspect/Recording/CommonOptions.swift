/// Arguments and options that many commands share, spelled once.
enum CommonOptions {
    static let file = ArgumentSpec(name: "file", help: "The recording file (.udf).")
    /// For commands that also read many recordings at once.
    static let files = ArgumentSpec(name: "file", help: "Recording files (.udf), or directories: every *.udf file under them.", isRepeating: true)
    static let jobs = OptionSpec.option("--jobs", value: "n", help: "With several files, how many to read at once.", defaultDescription: "the number of cores")
    static let session = OptionSpec.option("--session", value: "id", help: "The session to read.", defaultDescription: "the latest")
    static let timeline = OptionSpec.option("--timeline", value: "name", help: "The timeline to read.", defaultDescription: "main")
    static let json = OptionSpec.flag("--json", help: "Print JSON instead of text (shapes in docs/cli.md).")
}

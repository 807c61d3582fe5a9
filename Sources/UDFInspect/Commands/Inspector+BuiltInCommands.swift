extension Inspector {
    /// Every command `udf-inspect` has, in the order its help lists them.
    public static var builtInCommands: [any InspectCommand.Type] {
        [
        SessionsCommand.self,
        TimelinesCommand.self,
        LogCommand.self,
        ShowCommand.self,
        DiffCommand.self,
        FindCommand.self,
        BlameCommand.self,
        WhyCommand.self,
        StatsCommand.self,
        StepCommand.self,
        VerifyCommand.self,
        ExportCommand.self,
        ImportCommand.self,
        BranchCommand.self,
        ReplayCommand.self,
        TestgenCommand.self,
        DemoCommand.self,
        ]
    }
}

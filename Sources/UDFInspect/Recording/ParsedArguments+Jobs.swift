extension ParsedArguments {
    /// A `--jobs` option's thread count: one per core when not given.
    func jobs(_ key: OptionKey<Int?>) throws(UsageError) -> Int {
        guard let jobs = try value(key) else { return FleetRun.defaultWorkers }
        if jobs < 1 { throw usageError("'\(key.name)' must be 1 or more") }
        return jobs
    }
}

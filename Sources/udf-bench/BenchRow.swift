/// One line of the benchmark table.
struct BenchRow: Sendable {
    let measure: String
    let scenario: String
    /// The figure as people read it, for example `1.42 µs` or `n/a (…)`.
    let figure: String
    /// The figure as a number, in `unit`, for `--json`; nil when not measured.
    let value: Double?
    let unit: String
    let target: String
    /// Whether the target is met; nil for rows without a target.
    let met: Bool?

    init(
        _ measure: String, _ scenario: String, figure: String, value: Double?, unit: String,
        target: String = "", met: Bool? = nil
    ) {
        self.measure = measure
        self.scenario = scenario
        self.figure = figure
        self.value = value
        self.unit = unit
        self.target = target
        self.met = met
    }
}

import UDFJSON

/// The cells of `blame`'s text table, made for one stretch's changes in
/// order. Each value's text is written once: a change's old value is the
/// one before's new (`PathBlame`), and an array that keeps the first
/// elements of the one before reuses their text (`SuccessiveValueTexts`).
struct BlameTextRow {
    private var texts = SuccessiveValueTexts()
    private var actions = FormattedActions(maxWidth: StepTable.actionWidth)
    /// The text of the change before's new value (nil when that was
    /// absent); nil itself before the stretch's first change.
    private var previousNew: [UInt8]??

    mutating func cells(_ change: PathBlame.Change) -> [String] {
        let old = previousNew ?? change.old.map { texts.text(of: $0) }
        let new = change.new.map { texts.text(of: $0) }
        previousNew = .some(new)
        return [
            "\(change.step)",
            actions.text(of: change.summary.action),
            change.summary.cause.map { "← \($0)" } ?? "",
            ValueExcerpt.describe(old, new),
        ]
    }
}

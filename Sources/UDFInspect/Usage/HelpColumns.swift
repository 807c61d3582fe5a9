/// Lays out labelled entries, such as options and subcommands, with their
/// descriptions in one aligned column.
struct HelpColumns {
    /// Labels wider than this put their description on the next line, so that one
    /// long option does not push every description to the right.
    static let maximumLabelWidth = 24

    /// The column descriptions start at.
    let descriptionColumn: Int

    /// Chooses the description column for every label that will be laid out together,
    /// so that ARGUMENTS and OPTIONS line up with each other.
    init(labels: [String]) {
        let widest = min(labels.map(\.count).max() ?? 0, Self.maximumLabelWidth)
        descriptionColumn = 2 + widest + 2
    }

    /// The lines for one entry: the label indented by two, the description wrapped.
    func lines(label: String, description: String) -> [String] {
        let labelLine = "  " + label
        if description.isEmpty {
            return [labelLine]
        }
        let wrapped = TextWrapper.wrap(
            description,
            width: HelpRenderer.width,
            indent: descriptionColumn,
            firstIndent: descriptionColumn
        )
        if labelLine.count + 2 > descriptionColumn {
            return [labelLine] + wrapped
        }
        let padding = String(repeating: " ", count: descriptionColumn - labelLine.count)
        return [labelLine + padding + wrapped[0].dropFirst(descriptionColumn)] + wrapped.dropFirst()
    }
}

/// Breaks prose into lines that fit a terminal width.
enum TextWrapper {
    /// Wraps `text` word by word so that no line is wider than `width`.
    ///
    /// Explicit line breaks in `text` are kept, so a discussion can hold paragraphs
    /// and lists. A word longer than a whole line is not split, because a path or an
    /// example cut in two cannot be copied.
    ///
    /// - Parameters:
    ///   - text: The prose to wrap.
    ///   - width: The widest a line may be, indentation included.
    ///   - indent: Spaces before every line after the first.
    ///   - firstIndent: Spaces before the first line.
    static func wrap(_ text: String, width: Int, indent: Int = 0, firstIndent: Int = 0) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineIndent = lines.isEmpty ? firstIndent : indent
            for word in paragraph.split(separator: " ") {
                if line.isEmpty {
                    line = String(repeating: " ", count: lineIndent) + word
                } else if line.count + 1 + word.count <= width {
                    line += " " + word
                } else {
                    lines.append(line)
                    lineIndent = indent
                    line = String(repeating: " ", count: lineIndent) + word
                }
            }
            lines.append(line)
        }
        return lines
    }
}

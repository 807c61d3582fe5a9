import UDFJSON

/// Prints a JSON array one element per line as the elements arrive, so
/// that `--json` over many recordings streams and is still one document.
struct JSONArrayStream {
    private let console: Console
    private var count = 0

    /// Prints the opening bracket.
    init(_ console: Console) {
        self.console = console
        console.write("[")
    }

    mutating func append(_ element: JSONValue) {
        console.write((count == 0 ? "\n" : ",\n") + element.canonicalText)
        count += 1
    }

    /// Prints the closing bracket.
    func finish() {
        console.write(count == 0 ? "]\n" : "\n]\n")
    }
}

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

    /// Prints one row; a row that cannot be encoded gets a line on stderr instead.
    mutating func append(_ element: some Encodable) {
        let line: String
        do {
            line = try Console.compactJSON(element)
        } catch {
            console.err("Error: \(error.message)")
            return
        }
        console.write((count == 0 ? "\n" : ",\n") + line)
        count += 1
    }

    /// Prints the closing bracket.
    func finish() {
        console.write(count == 0 ? "]\n" : "\n]\n")
    }
}

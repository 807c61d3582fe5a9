import Foundation

/// Prints the benchmark's rows as one aligned text table, or as JSON.
enum BenchTable {
    static func text(_ rows: [BenchRow]) -> String {
        let header = ["measure", "scenario", "figure", "target", "met"]
        let cells = rows.map { row in
            [row.measure, row.scenario, row.figure, row.target, row.met.map { $0 ? "yes" : "NO" } ?? ""]
        }
        var widths = header.map(\.count)
        for line in cells {
            for (column, cell) in line.enumerated() {
                widths[column] = max(widths[column], cell.count)
            }
        }
        func render(_ line: [String]) -> String {
            var text = "|"
            for (column, cell) in line.enumerated() {
                text += " " + cell + String(repeating: " ", count: widths[column] - cell.count) + " |"
            }
            return text
        }
        var lines = [render(header), "|" + widths.map { String(repeating: "-", count: $0 + 2) + "|" }.joined()]
        lines += cells.map(render)
        return lines.joined(separator: "\n") + "\n"
    }

    static func json(_ rows: [BenchRow], machine: [String: String]) -> String {
        var entries: [[String: Any]] = []
        for row in rows {
            var entry: [String: Any] = [
                "measure": row.measure, "scenario": row.scenario, "figure": row.figure,
                "unit": row.unit, "target": row.target,
            ]
            entry["value"] = row.value.map { $0 as Any } ?? NSNull()
            entry["met"] = row.met.map { $0 as Any } ?? NSNull()
            entries.append(entry)
        }
        let document: [String: Any] = ["machine": machine, "rows": entries]
        guard let data = try? JSONSerialization.data(withJSONObject: document, options: [.prettyPrinted, .sortedKeys])
        else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}

import Foundation

/// One measured number, with its target and how it compares.
struct Row: Sendable {
    var section: String
    var name: String
    var value: String
    var target: String
    var met: Bool?
    var note: String = ""
    /// Figures `--json` carries as numbers besides the text (a ratio, a peak in bytes).
    var numbers: [String: Double] = [:]
}

/// Collects rows and prints them as a table or as JSON.
@MainActor
final class Report {
    private(set) var rows: [Row] = []
    private(set) var skipped: [String: String] = [:]

    func add(_ row: Row) {
        rows.append(row)
        FileHandle.standardError.write(Data("  \(row.section) · \(row.name): \(row.value) \(row.note)\n".utf8))
    }

    func skip(_ section: String, because reason: String) { skipped[section] = reason }

    var table: String {
        let headers = ["section", "measure", "value", "target", "met", "note"]
        let cells = rows.map { row in
            [row.section, row.name, row.value, row.target, row.met.map { $0 ? "yes" : "NO" } ?? "-", row.note]
        }
        var widths = headers.map(\.count)
        for line in cells { for (index, cell) in line.enumerated() { widths[index] = max(widths[index], cell.count) } }
        func render(_ line: [String]) -> String {
            zip(line, widths).map { $0.0.padding(toLength: $0.1, withPad: " ", startingAt: 0) }
                .joined(separator: " | ")
        }
        var output = [render(headers), widths.map { String(repeating: "-", count: $0) }.joined(separator: "-|-")]
        output += cells.map(render)
        for (section, reason) in skipped.sorted(by: { $0.key < $1.key }) {
            output.append("skipped \(section): \(reason)")
        }
        return output.joined(separator: "\n")
    }

    func json(sections: [String]) -> String {
        var object: [String: Any] = [:]
        for section in sections {
            object[section] = rows.filter { $0.section == section }.map { row -> [String: Any] in
                var item: [String: Any] = [
                    "name": row.name, "value": row.value, "target": row.target, "note": row.note,
                ]
                if let met = row.met { item["met"] = met }
                for (key, number) in row.numbers { item[key] = number }
                return item
            }
        }
        object["skipped"] = skipped
        let data =
            (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }
}

func format(_ value: Double, _ digits: Int = 2) -> String { String(format: "%.\(digits)f", value) }

extension Duration {
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) / 1e18
    }
}

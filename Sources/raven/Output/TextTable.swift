/// A plain-text table with aligned columns, for the CLI's default output.
struct TextTable {
  enum Alignment { case left, right }

  struct Column {
    var title: String
    var alignment: Alignment
  }

  var columns: [Column]
  var rows: [[String]] = []

  init(_ columns: [(String, Alignment)]) {
    self.columns = columns.map { Column(title: $0.0, alignment: $0.1) }
  }

  mutating func append(_ row: [String]) { rows.append(row) }

  func render() -> String {
    let widths = columns.indices.map { index in
      ([columns[index].title] + rows.map { $0[index] }).map(\.count).max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      cells.indices.map { index in
        let padding = String(repeating: " ", count: widths[index] - cells[index].count)
        return columns[index].alignment == .left ? cells[index] + padding : padding + cells[index]
      }.joined(separator: "  ").trimmingTrailingSpaces()
    }
    return ([line(columns.map(\.title))] + rows.map(line)).joined(separator: "\n")
  }
}

/// Two-column "label  value" lines, for one record (a profile, the market's state).
struct DetailList {
  var rows: [(String, String)] = []

  mutating func append(_ label: String, _ value: String) { rows.append((label, value)) }

  func render() -> String {
    let width = rows.map(\.0.count).max() ?? 0
    return rows.map { label, value in
      label + String(repeating: " ", count: width - label.count) + "  " + value
    }.joined(separator: "\n")
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var text = self
    while text.last == " " { text.removeLast() }
    return text
  }
}

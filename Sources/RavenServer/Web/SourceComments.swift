/// The web app's source is written for people, with comments that say why and indentation
/// that shows its shape; browsers need neither. What is sent leaves out comments that fill
/// whole lines (about an eighth of the gzipped shell) and each line's leading indentation
/// (another fiftieth), never touching a line that also holds code otherwise, nor any line
/// inside a multi-line template literal, so nothing the code does can change. Not a
/// minifier: names, spacing within lines and code stay exactly as written.
enum SourceComments {
  /// `text` without its whole-line comments (`//` lines and `/* … */` blocks in JavaScript,
  /// `/* … */` blocks in CSS) and without leading indentation. A block with code after its
  /// end is kept whole; lines inside a multi-line template literal are kept as they are.
  /// (The web app continues no string onto a next line with `\`, whose indentation would
  /// be the string's.)
  static func stripped(_ text: String, javaScript: Bool) -> String {
    var kept: [Substring] = []
    var block: [Substring]? = nil  // the lines of an open /* … */ comment
    var inTemplate = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let code = line.drop { $0 == " " || $0 == "\t" }
      if var lines = block {
        lines.append(line)
        if let end = line.range(of: "*/") {
          if !line[end.upperBound...].allSatisfy(\.isWhitespace) { kept += lines }
          block = nil
        } else {
          block = lines
        }
        continue
      }
      if !inTemplate {
        if javaScript && code.hasPrefix("//") { continue }
        if code.hasPrefix("/*") {
          guard let end = code.range(of: "*/") else {
            block = [line]
            continue
          }
          if code[end.upperBound...].allSatisfy(\.isWhitespace) { continue }
        }
      }
      kept.append(inTemplate ? line : code)
      // An odd number of backticks opens (or closes) a template literal across lines.
      if javaScript && line.filter({ $0 == "`" }).count % 2 == 1 { inTemplate.toggle() }
    }
    kept += block ?? []  // an unclosed comment is left for the browser to judge
    return kept.joined(separator: "\n")
  }
}

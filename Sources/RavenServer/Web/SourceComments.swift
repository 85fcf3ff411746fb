/// The web app's source is written for people, with comments that say why and indentation
/// and blank lines that show its shape; browsers need none of them. What is sent leaves out
/// comments that fill whole lines (about an eighth of the gzipped shell), each line's
/// leading indentation (another fiftieth) and blank lines, never touching a line that also
/// holds code otherwise, nor any line inside a multi-line template literal, so nothing the
/// code does can change. Stylesheets also lose the spaces their punctuation makes redundant
/// (`collapsedCSS`), and scripts then the spaces and line breaks their grammar gives no
/// meaning (`ScriptSpacing`, applied by `WebAsset.served`). Not a minifier: names and every
/// token stay exactly as written.
enum SourceComments {
  /// `text` without its whole-line comments (`//` lines and `/* … */` blocks in JavaScript,
  /// `/* … */` blocks in CSS), blank lines and leading indentation; CSS collapsed as well. A
  /// block with code after its end is kept whole; lines inside a multi-line template literal
  /// are kept as they are. (The web app continues no string onto a next line with `\`,
  /// whose indentation would be the string's.)
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
        if code.isEmpty || (javaScript && code.hasPrefix("//")) { continue }
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
    let sent = kept.joined(separator: "\n")
    return javaScript ? sent : collapsedCSS(sent)
  }

  /// A stylesheet without the whitespace that means nothing in CSS: any after `:` `;` `,`
  /// `{` `}` or before `{` `}`; other runs of it become one space. Strings and comments are
  /// kept as they are. A space that may mean something stays: before a selector's `:`
  /// (`.a :focus` is a descendant), between a selector's parts, around `calc()`'s `+` and
  /// `-`, between a value's parts.
  static func collapsedCSS(_ text: String) -> String {
    let chars = Array(text)
    var sent = ""
    sent.reserveCapacity(chars.count)
    var space = false  // whitespace passed over, not yet known to be needed
    var i = 0
    while i < chars.count {
      let c = chars[i]
      if c.isWhitespace {
        space = true
        i += 1
        continue
      }
      if space, let last = sent.last, !":;,{}".contains(last), !"{}".contains(c) {
        sent.append(" ")
      }
      space = false
      // A string or a comment goes as it is, up to its end.
      var end = i + 1
      if c == "\"" || c == "'" {
        while end < chars.count && chars[end] != c { end += chars[end] == "\\" ? 2 : 1 }
        end += 1
      } else if c == "/" && i + 1 < chars.count && chars[i + 1] == "*" {
        end += 2
        while end < chars.count && !(chars[end - 1] == "*" && chars[end] == "/") { end += 1 }
        end += 1
      }
      sent.append(contentsOf: chars[i..<min(end, chars.count)])
      i = end
    }
    return sent
  }
}

/// The spaces in a script's lines that JavaScript's grammar gives no meaning: those beside
/// punctuation (`a = b` is `a=b`, `f(a, b)` is `f(a,b)`), which a person writes for the eye.
/// Without them the web app's code is a twentieth smaller gzipped. A space between two words
/// (`return x`, `const y`) stays, and so does one that would join two tokens into another
/// (`a - -b`, `a + +b`, `1 .toFixed`, `< !--`), one beside a `/` (division or a regular
/// expression), and every
/// character of a string, a template literal's text, a regular expression and a comment.
/// A line break goes where no semicolon could be inserted for it (after `{` `;` `,` `(` `[`,
/// before `}`, where the grammar has one or needs none); the rest stay, as automatic semicolons
/// depend on them, and so does one ending a `//` comment. No library on the server's
/// side does this; the lexing is what a minifier's would be, with a reading of `/` by the
/// token before it (a regular expression after punctuation or a keyword, division after a
/// value), which holds for the code the web app is written in.
enum ScriptSpacing {
  /// Punctuation a space beside which means nothing.
  private static let punctuation = Set("(){}[],;:=+-*<>!?&|%^~.")
  /// A `/` after these starts a regular expression; after anything else it divides.
  private static let beforeExpression = Set("(,=:[!&|?{};+-*%~^<>")
  private static let keywordsBeforeExpression: Set<String> = [
    "return", "typeof", "case", "in", "of", "void", "delete", "throw", "else", "do", "await",
    "yield",
  ]

  /// `script` with the spaces beside punctuation left out.
  static func collapsed(_ script: String) -> String {
    var lexer = Lexer(Array(script))
    return lexer.run()
  }

  private struct Lexer {
    let chars: [Character]
    var sent = ""
    var i = 0
    /// The last character sent that was not a space, and the word it ended (for `/`).
    var lastSignificant: Character? = nil
    var lastWord = ""
    /// Open template literals (`true`) and the braces of `${ }` inside them (`false`).
    var nesting: [Bool] = []
    /// Whether the line so far ends in a `//` comment, which only its line break ends.
    var endsLineComment = false

    init(_ chars: [Character]) {
      self.chars = chars
      sent.reserveCapacity(chars.count)
    }

    mutating func run() -> String {
      while i < chars.count {
        if nesting.last == true {
          templateText()
          continue
        }
        let c = chars[i]
        switch c {
        case "\"", "'": copyString(quote: c)
        case "`":
          nesting.append(true)
          emit(c)
        case "{":
          if !nesting.isEmpty { nesting.append(false) }
          emit(c)
        case "}":
          if nesting.last == false {
            nesting.removeLast()
            // Back in the template's text: what follows is text, not code.
            if nesting.last == true {
              sent.append(c)
              i += 1
              continue
            }
          }
          emit(c)
        case "/" where peek(1) == "/":
          copy(through: lineEnd(), noting: false)
          endsLineComment = true
        case "/" where peek(1) == "*": copy(through: commentEnd(), noting: false)
        case "/" where startsExpression: copyRegularExpression()
        case " ", "\t": spaces()
        case "\n": lineBreak()
        default: emit(c)
        }
      }
      return sent
    }

    func peek(_ offset: Int) -> Character? {
      i + offset < chars.count ? chars[i + offset] : nil
    }

    /// Whether a `/` here begins a regular expression, by what came before it.
    var startsExpression: Bool {
      guard let last = lastSignificant else { return true }
      return ScriptSpacing.beforeExpression.contains(last)
        || ScriptSpacing.keywordsBeforeExpression.contains(lastWord)
    }

    mutating func emit(_ c: Character) {
      sent.append(c)
      i += 1
      note(c)
    }

    mutating func note(_ c: Character) {
      if c.isLetter || c.isNumber || c == "_" || c == "$" {
        lastWord =
          lastSignificant.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" }
            == true ? lastWord + String(c) : String(c)
      } else if c != "\n" {
        lastWord = ""
      }
      if c != "\n" { lastSignificant = c }
    }

    /// Sends what is up to `end` as it is; a comment is not `noting`: what comes after it is
    /// read by the token before it.
    mutating func copy(through end: Int, noting: Bool = true) {
      let stop = min(end, chars.count)
      sent.append(contentsOf: chars[i..<stop])
      if noting, stop > i { note(chars[stop - 1]) }
      i = stop
    }

    func lineEnd() -> Int {
      var end = i
      while end < chars.count && chars[end] != "\n" { end += 1 }
      return end
    }

    func commentEnd() -> Int {
      var end = i + 2
      while end + 1 < chars.count && !(chars[end] == "*" && chars[end + 1] == "/") { end += 1 }
      return end + 2
    }

    mutating func copyString(quote: Character) {
      var end = i + 1
      while end < chars.count && chars[end] != quote && chars[end] != "\n" {
        end += chars[end] == "\\" ? 2 : 1
      }
      copy(through: end + 1)
    }

    mutating func copyRegularExpression() {
      var end = i + 1
      var inClass = false
      while end < chars.count && chars[end] != "\n" {
        let d = chars[end]
        if d == "\\" {
          end += 2
          continue
        }
        if d == "[" { inClass = true } else if d == "]" { inClass = false }
        if d == "/" && !inClass { break }
        end += 1
      }
      end += 1
      while end < chars.count && chars[end].isLetter { end += 1 }  // flags
      copy(through: end)
    }

    /// A template literal's text, up to its end or a `${`.
    mutating func templateText() {
      let c = chars[i]
      if c == "\\" {
        copy(through: i + 2)
      } else if c == "`" {
        nesting.removeLast()
        emit(c)
      } else if c == "$" && peek(1) == "{" {
        nesting.append(false)
        copy(through: i + 2)
      } else {
        sent.append(c)
        i += 1
      }
    }

    /// A line break, left out after `{` `;` `,` `(` `[` or before `}`: no statement ends there
    /// but by its punctuation, so no semicolon is inserted for it.
    mutating func lineBreak() {
      i += 1
      var next = i
      while next < chars.count && (chars[next] == " " || chars[next] == "\t") { next += 1 }
      let joins =
        !endsLineComment
        && (sent.last.map { "{;,([".contains($0) } == true || chars[safe: next] == "}")
      if !joins { sent.append("\n") }
      endsLineComment = false
    }

    /// A run of spaces: left out beside punctuation unless it keeps two tokens apart.
    mutating func spaces() {
      var end = i
      while end < chars.count && (chars[end] == " " || chars[end] == "\t") { end += 1 }
      let before = sent.last
      let after = end < chars.count ? chars[end] : nil
      i = end
      guard let before, let after, before != "\n", after != "\n" else { return }
      let besidePunctuation =
        ScriptSpacing.punctuation.contains(before) || ScriptSpacing.punctuation.contains(after)
      let joinsTokens =
        ("+-".contains(before) && "+-".contains(after)) || before == "/" || after == "/"
        || (before.isNumber && after == ".") || (before == "<" && after == "!")
      if !besidePunctuation || joinsTokens { sent.append(" ") }
    }
  }
}

extension Array {
  fileprivate subscript(safe index: Int) -> Element? {
    indices.contains(index) ? self[index] : nil
  }
}

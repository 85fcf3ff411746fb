/// A strict recursive-descent JSON parser (RFC 8259) over UTF-8 bytes that keeps
/// numbers as text. Nesting is limited so a hostile answer cannot exhaust the stack.
struct JSONParser {
  private let bytes: [UInt8]
  private var index = 0
  private var depth = 0
  private static let maximumDepth = 64

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// One value and nothing after it but whitespace.
  mutating func parseDocument() -> JSONValue? {
    skipWhitespace()
    guard let value = parseValue() else { return nil }
    skipWhitespace()
    return index == bytes.count ? value : nil
  }

  private mutating func parseValue() -> JSONValue? {
    guard let byte = peek() else { return nil }
    switch byte {
    case UInt8(ascii: "{"): return parseObject()
    case UInt8(ascii: "["): return parseArray()
    case UInt8(ascii: "\""): return parseString().map(JSONValue.string)
    case UInt8(ascii: "t"): return literal("true", .bool(true))
    case UInt8(ascii: "f"): return literal("false", .bool(false))
    case UInt8(ascii: "n"): return literal("null", .null)
    default: return parseNumber()
    }
  }

  private mutating func parseObject() -> JSONValue? {
    guard enter() else { return nil }
    defer { depth -= 1 }
    index += 1
    var members: [String: JSONValue] = [:]
    skipWhitespace()
    if consume(UInt8(ascii: "}")) { return .object(members) }
    while true {
      skipWhitespace()
      guard peek() == UInt8(ascii: "\""), let key = parseString() else { return nil }
      skipWhitespace()
      guard consume(UInt8(ascii: ":")) else { return nil }
      skipWhitespace()
      guard let value = parseValue() else { return nil }
      members[key] = value
      skipWhitespace()
      if consume(UInt8(ascii: ",")) { continue }
      return consume(UInt8(ascii: "}")) ? .object(members) : nil
    }
  }

  private mutating func parseArray() -> JSONValue? {
    guard enter() else { return nil }
    defer { depth -= 1 }
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if consume(UInt8(ascii: "]")) { return .array(elements) }
    while true {
      skipWhitespace()
      guard let value = parseValue() else { return nil }
      elements.append(value)
      skipWhitespace()
      if consume(UInt8(ascii: ",")) { continue }
      return consume(UInt8(ascii: "]")) ? .array(elements) : nil
    }
  }

  private mutating func parseString() -> String? {
    index += 1  // the opening quote
    var scalars = String.UnicodeScalarView()
    var run: [UInt8] = []
    func flush(_ run: inout [UInt8], into scalars: inout String.UnicodeScalarView) -> Bool {
      guard !run.isEmpty else { return true }
      guard let text = String(validating: run, as: UTF8.self) else { return false }
      scalars.append(contentsOf: text.unicodeScalars)
      run.removeAll(keepingCapacity: true)
      return true
    }
    while let byte = peek() {
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        guard flush(&run, into: &scalars) else { return nil }
        return String(scalars)
      case UInt8(ascii: "\\"):
        guard flush(&run, into: &scalars), let scalar = parseEscape() else { return nil }
        scalars.append(scalar)
      case 0..<0x20:
        return nil
      default:
        run.append(byte)
      }
    }
    return nil
  }

  private mutating func parseEscape() -> Unicode.Scalar? {
    guard let byte = peek() else { return nil }
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{08}"
    case UInt8(ascii: "f"): return "\u{0C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      guard let high = parseHex4() else { return nil }
      if (0xD800..<0xDC00).contains(high) {
        guard consume(UInt8(ascii: "\\")), consume(UInt8(ascii: "u")), let low = parseHex4(),
          (0xDC00..<0xE000).contains(low)
        else { return nil }
        return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))
      }
      return Unicode.Scalar(high)
    default: return nil
    }
  }

  private mutating func parseHex4() -> UInt32? {
    guard index + 4 <= bytes.count,
      let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
    else { return nil }
    index += 4
    return value
  }

  /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, kept as its text.
  private mutating func parseNumber() -> JSONValue? {
    let start = index
    _ = consume(UInt8(ascii: "-"))
    if consume(UInt8(ascii: "0")) {
      // No leading zeros.
    } else {
      guard digits() > 0 else { return nil }
    }
    if consume(UInt8(ascii: ".")) { guard digits() > 0 else { return nil } }
    if consume(UInt8(ascii: "e")) || consume(UInt8(ascii: "E")) {
      if !consume(UInt8(ascii: "+")) { _ = consume(UInt8(ascii: "-")) }
      guard digits() > 0 else { return nil }
    }
    return .number(String(decoding: bytes[start..<index], as: UTF8.self))
  }

  private mutating func digits() -> Int {
    let start = index
    while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
    return index - start
  }

  private mutating func literal(_ word: StaticString, _ value: JSONValue) -> JSONValue? {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { return nil }
    let matches = word.withUTF8Buffer { expected in
      bytes[index..<index + count].elementsEqual(expected)
    }
    guard matches else { return nil }
    index += count
    return value
  }

  private mutating func enter() -> Bool {
    depth += 1
    return depth <= Self.maximumDepth
  }

  private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func consume(_ byte: UInt8) -> Bool {
    guard peek() == byte else { return false }
    index += 1
    return true
  }

  private mutating func skipWhitespace() {
    while let byte = peek(),
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
        || byte == UInt8(ascii: "\t")
    {
      index += 1
    }
  }
}

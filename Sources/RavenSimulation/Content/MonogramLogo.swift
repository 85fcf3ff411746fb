import RavenMarketData

/// A company's stand-in logo: its initials in white on a rounded square of a color
/// of its own. Never a copy of the real trademark.
///
/// The color and letters depend on the symbol and name only, not on the market's
/// seed: a logo is an identity, and should look the same whatever prices are simulated.
struct MonogramLogo: Sendable, Hashable {
  /// One or two upper-case initials: `A` for Apple, `JJ` for Johnson & Johnson.
  let letters: String
  /// The background, `#rrggbb`.
  let background: String
  /// The accessible name: the company's name.
  let label: String

  init(symbol: String, name: String, shortName: String) {
    letters = Self.initials(shortName, fallback: symbol)
    background = Self.hex(Self.background(for: symbol))
    label = name
  }

  /// A 64 × 64 SVG document, all text XML-escaped.
  var svg: String {
    let label = Self.escaped(label)
    let size = letters.count > 1 ? 24 : 30
    return """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64" \
      role="img" aria-label="\(label)"><title>\(label)</title>\
      <rect width="64" height="64" rx="14" ry="14" fill="\(background)"/>\
      <text x="32" y="32" dy="0.35em" text-anchor="middle" \
      font-family="system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif" \
      font-size="\(size)" font-weight="600" fill="#ffffff">\(Self.escaped(letters))</text></svg>
      """
  }

  /// The first letters of the first two words of the name (legal forms already
  /// dropped; one-letter words such as a middle initial skipped), or the symbol's
  /// first letter when the name offers no ASCII letter or digit.
  static func initials(_ shortName: String, fallback symbol: String) -> String {
    let words = shortName.split(separator: " ").filter {
      $0.count > 1 && $0.first.map(isInitial) == true
    }
    let letters = words.prefix(2).compactMap(\.first).map { String($0).uppercased() }
    guard !letters.isEmpty else { return String(symbol.prefix(1)).uppercased() }
    return letters.joined()
  }

  private static func isInitial(_ character: Character) -> Bool {
    character.isASCII && (character.isLetter || character.isNumber)
  }

  /// A pleasant color for `symbol`: a hue from a stable hash, moderate saturation,
  /// and a lightness lowered until white text on it reads well (a contrast ratio of
  /// 5:1 or more by an approximation that errs on the safe side of WCAG's 4.5:1).
  static func background(for symbol: String) -> (red: Int, green: Int, blue: Int) {
    // A stable string hash, not `Hasher`: the same color on every machine and every
    // run. Mixed, because FNV-1a alone leaves similar symbols with similar low bits.
    let hash = DeterministicNoise.mix(DeterministicNoise.fnv1a(symbol))
    let hue = Int(hash % 360)
    let saturation = 0.45 + Double((hash >> 20) % 20) / 100
    var lightness = 0.46
    var color = rgb(hue: hue, saturation: saturation, lightness: lightness)
    while contrastWithWhite(color) < 5, lightness > 0.1 {
      lightness -= 0.02
      color = rgb(hue: hue, saturation: saturation, lightness: lightness)
    }
    return color
  }

  /// HSL to 8-bit RGB, with the hue in whole degrees.
  static func rgb(hue: Int, saturation: Double, lightness: Double)
    -> (red: Int, green: Int, blue: Int)
  {
    let chroma = (1 - (2 * lightness - 1).magnitude) * saturation
    let sector = Double(hue % 120) / 60  // position within a pair of sectors, 0 ..< 2
    let second = chroma * (1 - (sector - 1).magnitude)
    let (r, g, b): (Double, Double, Double) =
      switch hue / 60 {
      case 0: (chroma, second, 0)
      case 1: (second, chroma, 0)
      case 2: (0, chroma, second)
      case 3: (0, second, chroma)
      case 4: (second, 0, chroma)
      default: (chroma, 0, second)
      }
    let base = lightness - chroma / 2
    func byte(_ value: Double) -> Int { min(max(Int(((value + base) * 255).rounded()), 0), 255) }
    return (byte(r), byte(g), byte(b))
  }

  /// (1.05) ÷ (L + 0.05) for the color's relative luminance L, with the sRGB curve
  /// approximated by x^2.25 (square roots only, so it is exact on every machine; it
  /// slightly underestimates L, which the 5:1 target more than covers).
  static func contrastWithWhite(_ color: (red: Int, green: Int, blue: Int)) -> Double {
    func linear(_ byte: Int) -> Double {
      let x = Double(byte) / 255
      return x * x * x.squareRoot().squareRoot()
    }
    let luminance =
      0.2126 * linear(color.red) + 0.7152 * linear(color.green) + 0.0722 * linear(color.blue)
    return 1.05 / (luminance + 0.05)
  }

  static func hex(_ color: (red: Int, green: Int, blue: Int)) -> String {
    "#"
      + [color.red, color.green, color.blue].map {
        let digits = String($0, radix: 16)
        return digits.count < 2 ? "0" + digits : digits
      }.joined()
  }

  /// `text` safe inside XML character data and attribute values.
  static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      default: result.append(character)
      }
    }
    return result
  }
}

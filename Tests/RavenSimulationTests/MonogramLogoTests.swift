import Foundation
import RavenCore
import RavenTestSupport
import Testing

@testable import RavenMarketData

#if canImport(FoundationXML)
  import FoundationXML
#endif

@Suite("Monogram logos")
struct MonogramLogoTests {
  let market = MarketFixture.market()

  @Test("Every company's logo is well-formed SVG labelled with its name")
  func wellFormed() throws {
    for company in MarketFixture.universe.companies {
      let svg = try market.logoSVG(for: company.symbol)
      let parsed = try #require(ParsedSVG(svg), "\(company.symbol) is not well-formed XML")
      #expect(parsed.root == "svg")
      #expect(parsed.rootAttributes["xmlns"] == "http://www.w3.org/2000/svg")
      #expect(parsed.rootAttributes["viewBox"] == "0 0 64 64")
      #expect(parsed.rootAttributes["role"] == "img")
      #expect(parsed.rootAttributes["aria-label"] == company.name)
      #expect(parsed.text["title"] == company.name)
      let letters = try #require(parsed.text["text"])
      #expect((1...2).contains(letters.count))
      #expect(letters.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) })
    }
  }

  @Test("Ampersands and apostrophes in names are escaped")
  func escaping() throws {
    let svg = try market.logoSVG(for: "AJG")  // Arthur J Gallagher & Co
    #expect(svg.contains("Arthur J Gallagher &amp; Co"))
    #expect(!svg.contains("& "))
    #expect(ParsedSVG(svg)?.text["title"] == "Arthur J Gallagher & Co")
    let quoted = try market.logoSVG(for: "MCD")  // McDonald's Corp
    #expect(quoted.contains("McDonald&apos;s Corp"))
    #expect(ParsedSVG(quoted)?.rootAttributes["aria-label"] == "McDonald's Corp")
  }

  @Test("Initials: the first letters of the name's first two words, legal forms dropped")
  func initials() throws {
    #expect(try letters("AAPL") == "A")  // Apple Inc
    #expect(try letters("JNJ") == "JJ")  // Johnson & Johnson
    #expect(try letters("A") == "AT")  // Agilent Technologies Inc
    #expect(try letters("DE") == "D")  // Deere & Co
    #expect(try letters("CHD") == "CD")  // Church & Dwight Co Inc
    #expect(try letters("AJG") == "AG")  // Arthur J Gallagher & Co: no middle initial
    #expect(try letters("MMM") == "3")  // 3M Co
  }

  @Test("White text on every background meets WCAG AA contrast (4.5:1)")
  func contrast() throws {
    var colors: Set<String> = []
    for company in MarketFixture.universe.companies {
      let fill = try #require(ParsedSVG(try market.logoSVG(for: company.symbol))?.fill)
      colors.insert(fill)
      #expect(Self.contrastWithWhite(hex: fill) >= 4.5, "\(company.symbol) \(fill)")
    }
    // Distinct enough to tell companies apart in a list.
    #expect(colors.count > 200)
  }

  @Test("A logo belongs to the company: the same whatever the seed; unknown symbols throw")
  func identity() throws {
    // Pinned: the same color on every machine and in every release.
    let apple = ParsedSVG(try market.logoSVG(for: "AAPL"))
    #expect(apple?.fill == "#2a7a5c")
    let logo = try market.logoSVG(for: "NVDA")
    #expect(try MarketFixture.market(seed: 7).logoSVG(for: "NVDA") == logo)
    #expect(try market.logoSVG(for: "AMD") != logo)
    #expect(throws: MarketDataError.unknownSymbol("NOPE")) { try market.logoSVG(for: "NOPE") }
  }

  private func letters(_ symbol: Symbol) throws -> String? {
    ParsedSVG(try market.logoSVG(for: symbol))?.text["text"]
  }

  /// WCAG 2 contrast of white against `#rrggbb`, with the exact sRGB curve.
  static func contrastWithWhite(hex: String) -> Double {
    let value = Int(hex.dropFirst(), radix: 16) ?? 0
    func linear(_ byte: Int) -> Double {
      let channel = Double(byte) / 255
      return channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
    }
    let luminance =
      0.2126 * linear(value >> 16 & 0xFF) + 0.7152 * linear(value >> 8 & 0xFF) + 0.0722
      * linear(value & 0xFF)
    return 1.05 / (luminance + 0.05)
  }
}

/// An SVG read back with Foundation's XML parser: `nil` unless well-formed.
private final class ParsedSVG: NSObject, XMLParserDelegate {
  private(set) var root: String?
  private(set) var rootAttributes: [String: String] = [:]
  /// Character data by element name.
  private(set) var text: [String: String] = [:]
  /// The `rect`'s fill.
  private(set) var fill: String?
  private var current: String?

  init?(_ svg: String) {
    super.init()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = self
    guard parser.parse() else { return nil }
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName: String?, attributes: [String: String]
  ) {
    if root == nil {
      root = elementName
      rootAttributes = attributes
    }
    if elementName == "rect" { fill = attributes["fill"] }
    current = elementName
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if let current { text[current, default: ""] += string }
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName: String?
  ) {
    current = nil
  }
}

import AlpacaWire
import Foundation
import RavenCore
import RavenHTTP
import RavenMarketData

/// Market data from Alpaca's market data API (https://docs.alpaca.markets/reference),
/// as a `MarketDataProvider`: quotes from snapshots (a whole batch in one call), price
/// history from bars and company news. Put it behind a `MarketGateway` with
/// `UpstreamPolicy.alpaca`.
///
/// - Invalid or unknown symbols (400/404/422) are `unknownSymbol` when the request names
///   one symbol, `invalidRequest` otherwise; symbols missing from a snapshots answer are
///   unknown.
/// - 429 is `rateLimited`; 5xx, timeouts, malformed answers and keys Alpaca refuses
///   (401/403) are `unavailable` (all transient); a 403 about the account's subscription
///   or feed is `unsupported`, so the gateway routes that kind elsewhere.
/// - Amounts are JSON numbers read through `Decimal`: exact decimals, never `Double`.
/// - Behind a gateway, every page of bars and every snapshot batch after the first takes
///   a token of its own (the gateway's `MeteredTransport`), so paging cannot overdraw the budget.
public struct AlpacaMarketData: PartialMarketDataProvider {
  public static let attribution = DataAttribution(
    name: "Alpaca", url: "https://alpaca.markets", isSimulated: false)

  /// What Alpaca's free market data plan serves, splits and dividends included. It has no
  /// symbol search, profiles or analyst data; the market status comes from the NYSE
  /// calendar.
  public static let freeCapabilities: Set<MarketDataKind> = [
    .quote, .bars, .news, .corporateActions,
  ]

  /// The most pages of bars one request follows (10,000 bars each): over a year of
  /// minute bars, the longest history the simulated market serves too.
  public static let maximumBarPages = 20
  /// The most symbols one snapshots call names; larger batches take several calls.
  public static let maximumSnapshotSymbols = 200
  /// The most stories one news request asks for (Alpaca's own maximum).
  public static let newsLimit = 50

  public var attribution: DataAttribution { Self.attribution }

  let configuration: AlpacaDataConfiguration
  let transport: any HTTPTransport
  let calendar: NYSECalendar
  /// Refuses instants other than now: snapshots are the market as it is now, and a
  /// past bar was still forming then.
  let present: PresentOnly

  public init(
    configuration: AlpacaDataConfiguration, transport: any HTTPTransport,
    calendar: NYSECalendar = NYSECalendar(), clock: any WallClock = SystemWallClock()
  ) {
    self.configuration = configuration
    self.transport = transport
    self.calendar = calendar
    self.present = PresentOnly(clock: clock)
  }

  public func quote(for symbol: Symbol, at instant: Date) async throws(MarketDataError) -> Quote {
    try present.check(instant)
    let answer = try await snapshots(for: [symbol])
    if let quote = answer.quotes[symbol] { return quote }
    throw answer.unpriced.contains(symbol) ? .noData(symbol) : .unknownSymbol(symbol)
  }

  /// One snapshots call for the whole batch (several for more than
  /// `maximumSnapshotSymbols`). Symbols Alpaca does not list are left out.
  public func quotes(for symbols: [Symbol], at instant: Date) async throws(MarketDataError)
    -> [Symbol: Quote]
  {
    try present.check(instant)
    let unique = Array(Set(symbols)).sorted()
    var found: [Symbol: Quote] = [:]
    var index = 0
    while index < unique.count {
      let chunk = Array(unique[index..<min(index + Self.maximumSnapshotSymbols, unique.count)])
      index += chunk.count
      let answer = try await snapshots(for: chunk)
      found.merge(answer.quotes) { first, _ in first }
    }
    return found
  }

  private func snapshots(for symbols: [Symbol]) async throws(MarketDataError)
    -> AlpacaDataDecoding.Snapshots
  {
    let answer = try await get(
      "/v2/stocks/snapshots",
      ["symbols": symbols.map(\.rawValue).joined(separator: ","), "feed": configuration.feed],
      kind: .quote, symbol: symbols.count == 1 ? symbols[0] : nil,
      as: [String: AlpacaSnapshot?].self)
    return try AlpacaDataDecoding.snapshots(answer, symbols: symbols, timeZone: calendar.timeZone)
  }

  /// Stories about `symbol` published in `[from, to]`, newest first: the latest
  /// `newsLimit` of them, one call.
  public func news(for symbol: Symbol, from: Date, to: Date, asOf instant: Date)
    async throws(MarketDataError) -> [NewsArticle]
  {
    try present.check(instant)
    guard from <= to else { throw .invalidRequest("The interval is empty") }
    let answer = try await get(
      "/v1beta1/news",
      [
        "symbols": symbol.rawValue, "start": AlpacaTime(from, .seconds).rawValue,
        "end": AlpacaTime(to, .seconds, rounding: .up).rawValue, "limit": "\(Self.newsLimit)",
        "sort": "desc",
      ], kind: .news, symbol: symbol, as: AlpacaNewsPage.self)
    return AlpacaDataDecoding.news(answer, symbol: symbol, from: from, to: to)
  }
}

import Foundation
import Hummingbird
import RavenGateway
import RavenMarketData

/// `GET /simulated-market`: what the simulated market is, in a few plain sentences. The
/// simulated data's attribution links here, since made-up data has no provider's site.
struct SimulatedMarketPage {
  let market: MarketGateway
  let configuration: ServerConfiguration

  func addRoutes(to router: Router<RavenRequestContext>) {
    router.get(RouterPath(OwnPages.simulatedMarket), use: page)
  }

  static let summary =
    "Raven's simulated market: real companies with made-up prices, news and insights, "
    + "computed from the symbol, the time and a seed, on the real NYSE calendar."

  @Sendable func page(_ request: Request, context: RavenRequestContext) -> HTMLPage {
    let url =
      configuration.publicURL(for: request, context: context) + OwnPages.simulatedMarket
    return HTMLPage(
      title: "The simulated market · Raven", description: Self.summary,
      openGraph: [
        .init(property: "og:title", content: "Raven's simulated market"),
        .init(property: "og:description", content: Self.summary),
        .init(property: "og:url", content: url),
        .init(property: "og:type", content: "website"),
        .init(property: "og:site_name", content: "Raven"),
      ],
      canonicalURL: url,
      content: """
        <section>
        <h1>Raven's simulated market<span class="mark">Simulated</span></h1>
        <p>Unless live market data is set up, the prices, charts, news, analyst ratings, \
        earnings and social sentiment Raven shows come from its simulated market. The \
        companies are real (names, exchanges, industries, listing dates, web sites); \
        everything about their trading is made up.</p>
        <p>It is deterministic: every figure is computed from the stock's symbol, the time \
        and the market's seed, so the same question always gets the same answer and years \
        of history cost no storage. Orders fill against exactly those prices.</p>
        <p>It keeps the real NYSE calendar and hours: prices move only while the exchange \
        is open, in New York time, and stand still on weekends and holidays.</p>
        <p>Its prices have the shape of real ones: daily moves with fat tails, volatility \
        that clusters, lingers for months and rises after falls, calm and stormy spells the \
        whole market shares and a sector feels most, and a jump at the open after each \
        simulated earnings report, most often the way its surprise points.</p>
        <p>Its quotes have a bid and an ask, further apart when the price moves fast and \
        closer when it trades heavily. Market orders buy at the ask and sell at the bid, \
        never outside what the minute traded.</p>
        <h2>Dividends and splits</h2>
        <p>About half the companies pay dividends, as their industries do: utilities, \
        staples, energy, banks, telecoms and REITs mostly 2–5 % a year, young and growth \
        companies mostly nothing; most pay quarterly, some monthly or twice a year, and \
        raise their dividend most years. Each is declared two to six weeks ahead, goes ex \
        on a trading day (the price opens lower by exactly the dividend) and is paid one to \
        four weeks later. Companies whose price climbs past a few hundred dollars split \
        (2:1, 3:1 …); one that sinks under a dollar for a month splits in reverse. Nothing \
        is known before its declaration date.</p>
        <p>Prices are served as they traded; charts show history adjusted for splits, and \
        the Alpaca-compatible bars take <code>adjustment=raw|split|dividend|all</code>. \
        Every account holding a stock is booked exactly once at the ex-date's open: a split \
        multiplies the shares (the cost stays) and re-prices open orders as FINRA Rule 5330 \
        says (a reverse split cancels them); a dividend is owed on the shares held, shown \
        as pending, and paid in cash on its payable date (a short position pays it).</p>
        <p>None of it is investment data: simulated figures say nothing about the real \
        companies. Accounts trade with virtual cash.</p>
        <h2>Live market data</h2>
        <p>Whoever runs the server can use real data by starting <code>raven serve</code> \
        with keys in its environment: <code>FINNHUB_API_KEY</code> (quotes, search, \
        profiles, news and insights), <code>ALPACA_API_KEY_ID</code> with \
        <code>ALPACA_API_SECRET_KEY</code> (price history, and quotes and news as a \
        fallback), or <code>ALPHAVANTAGE_API_KEY</code> (quotes, search and price history \
        as the last fallback). What no configured provider serves still comes from the \
        simulated market, and is marked as simulated.</p>
        <p>\(HTML.escape(serverSentence()))</p>
        </section>
        <footer><a href="/">Open Raven</a></footer>
        """)
  }

  /// What this server's market data is now, e.g. "On this server, price history and
  /// market status are simulated; the rest is live."
  private func serverSentence() -> String {
    let simulated = MarketDataKind.allCases.filter {
      market.source(for: $0)?.isSimulated ?? false
    }
    if simulated.count == MarketDataKind.allCases.count {
      return "On this server, all market data is simulated."
    }
    if simulated.isEmpty { return "On this server, all market data is live." }
    let kinds = simulated.map(\.description)
    let list =
      kinds.count == 1
      ? kinds[0] : kinds.dropLast().joined(separator: ", ") + " and " + kinds[kinds.count - 1]
    return "On this server, \(list) \(kinds.count == 1 ? "is" : "are") simulated; the rest is live."
  }
}

import Foundation
import Hummingbird
import RavenCore
import RavenGateway
import RavenMarketData
import RavenSimulation

/// `GET /news/{id}`: a simulated story's own page, the `url` the API gives such a story.
/// A simulated story has no publisher's article behind it, so Raven shows it itself: its
/// headline, source, time and summary, and Open Graph tags so a shared link previews.
///
/// Nothing is stored: the id names the symbol and session, and the story is asked of the
/// market gateway again (the simulated market writes the same story whenever asked). Any
/// other id, a story not out yet, or a server whose news are live is "No such story".
struct NewsPageController {
  let market: MarketGateway
  let calendar: NYSECalendar
  let marketClock: any WallClock
  let configuration: ServerConfiguration

  func addRoutes(to router: Router<RavenRequestContext>) {
    router.get("/news/{id}", use: story)
  }

  @Sendable func story(_ request: Request, context: RavenRequestContext) async -> HTMLPage {
    guard let id = context.parameters.get("id").flatMap(SimulatedStoryID.init) else {
      return Self.noSuchStory
    }
    switch await Result.answer({ () async throws(MarketDataError) in try await find(id) }) {
    case .success(let article?):
      return page(
        article,
        url: configuration.publicURL(for: request, context: context) + OwnPages.story(id))
    case .success(nil), .failure(.unknownSymbol), .failure(.noData), .failure(.invalidRequest),
      .failure(.unsupported), .failure(.unsupportedRequest), .failure(.unservedInstant):
      return Self.noSuchStory
    case .failure(.unavailable), .failure(.rateLimited):
      return Self.unavailable
    }
  }

  /// The story, if the simulated market serves this server's news and has published it.
  /// A session's stories come out from the evening before (for stories before the open)
  /// to the evening of its day, so that window in New York time holds it.
  private func find(_ id: SimulatedStoryID) async throws(MarketDataError) -> NewsArticle? {
    guard market.source(for: .news)?.isSimulated == true,
      calendar.coveredDates.contains(id.date)
    else { return nil }
    let timeZone = calendar.timeZone
    let now = marketClock.now
    let from = timeZone.instant(on: id.date, secondsSinceMidnight: 0).addingTimeInterval(-6 * 3600)
    // Clamped to now, so that a window already over is always the same cache key.
    let to = min(timeZone.instant(on: id.date.adding(days: 1), secondsSinceMidnight: 0), now)
    guard from <= to else { return nil }
    let stories = try await market.fetch(.news(id.symbol, from: from, to: to, asOf: now)).value
    let text = id.description
    return stories.first { $0.id == text && $0.publishedAt <= now }
  }

  private func page(_ article: NewsArticle, url: String) -> HTMLPage {
    let symbol = HTML.escape(article.symbol.rawValue)
    let published = article.publishedAt.formatted(.iso8601)
    let time =
      article.publishedAt.formatted(
        Date.FormatStyle(
          date: .complete, time: .shortened, locale: Locale(identifier: "en_US_POSIX"),
          timeZone: calendar.timeZone.timeZone)) + "\u{00A0}ET"
    return HTMLPage(
      title: "\(article.headline) · Raven", description: article.summary,
      openGraph: [
        .init(property: "og:title", content: article.headline),
        .init(property: "og:description", content: article.summary),
        .init(property: "og:url", content: url),
        .init(property: "og:type", content: "article"),
        .init(property: "og:site_name", content: "Raven"),
        .init(property: "article:published_time", content: published),
      ],
      canonicalURL: url,
      content: """
        <article>
        <p class="meta">\(HTML.escape(article.source))<span class="mark">Simulated</span></p>
        <h1>\(HTML.escape(article.headline))</h1>
        <p class="meta"><time datetime="\(published)">\(HTML.escape(time))</time></p>
        <p>\(HTML.escape(article.summary))</p>
        <p><a href="/#/stock/\(symbol)">More about \(symbol)</a></p>
        </article>
        <footer>Written by Raven's simulated market from its made-up prices: not news about \
        the real company. <a href="\(OwnPages.simulatedMarket)">About the simulated \
        market</a></footer>
        """,
      cacheControl: "public, max-age=300")
  }

  static let noSuchStory = notice(
    .notFound, title: "No such story", description: "There is no story at this address.",
    heading: "No such story", text: "There is no story at this address, or it is not out yet.")

  static let unavailable = notice(
    .serviceUnavailable, title: "News unavailable",
    description: "Market data is unavailable right now.",
    heading: "This story cannot be shown right now",
    text: "Market data is unavailable; try again shortly.")

  /// A page that says why there is no story, with the way back into the app; never cached.
  private static func notice(
    _ status: HTTPResponse.Status, title: String, description: String, heading: String,
    text: String
  ) -> HTMLPage {
    HTMLPage(
      status: status, title: "\(title) · Raven", description: description,
      content: """
        <section>
        <h1>\(heading)</h1>
        <p>\(text)</p>
        <p><a href="/">Open Raven</a></p>
        </section>
        """,
      cacheControl: "no-store")
  }
}

import Logging
import RavenBrokerage
import RavenCore
import RavenGateway
import RavenMarketData
import ServiceLifecycle

/// Keeps a live trade feed (Finnhub's trades WebSocket) connected for the symbols the
/// quote stream's clients watch and the open orders' symbols, folding its trades into the
/// gateway's cached quotes, which the stream then sends on its next tick, and onto the
/// order engine's tape of minutes. A dropped or failed connection is made
/// again after a pause that doubles with each failure in a row, up to a minute.
struct TradeFeedService: Service, CustomStringConvertible {
  let feed: any TradeFeed
  let gateway: MarketGateway
  let hub: QuoteStreamHub
  let engine: OrderEngine
  let tape: MinuteTape?
  /// The instant the moved quotes are as of.
  let marketClock: any WallClock
  let logger: Logger
  var longestPause: Duration = .seconds(60)

  /// What the service lifecycle logs: the feed's own description, which hides its key.
  var description: String { "TradeFeedService(\(feed))" }

  func run() async throws {
    await cancelWhenGracefulShutdown {
      var failures = 0
      while !Task.isCancelled {
        do {
          try await feed.run(
            watched: { await hub.watchedSymbols.union(engine.followedSymbols) },
            onTrades: { trades in
              gateway.record(trades, at: marketClock.now)
              tape?.record(trades)
            })
          failures = 0
        } catch is CancellationError {
          break
        } catch {
          failures += 1
          // MarketDataError's text names the failure, never the URL with its key.
          logger.warning(
            "Trade stream disconnected; reconnecting",
            metadata: ["error": "\(error)", "failures": "\(failures)"])
        }
        do {
          try await Task.sleep(for: pause(after: failures))
        } catch {
          break
        }
      }
    }
  }

  /// One second after a clean end; 2, 4, 8… seconds after failures, at most `longestPause`.
  func pause(after failures: Int) -> Duration {
    min(.seconds(1 << min(failures, 16)), longestPause)
  }
}

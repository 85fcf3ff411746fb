import AlpacaWire
import Foundation
import Hummingbird
import RavenBrokerage
import RavenCore
import RavenSimulation
import RavenStore

/// Alpaca's trading API over Raven's built-in account: the account, the market's clock
/// and the positions (`/v2/account`, `/v2/clock`, `/v2/positions`). Orders are
/// `AlpacaOrdersController`'s.
struct AlpacaTradingController {
  let accounts: AccountDirectory
  let calendar: NYSECalendar
  let marketClock: any WallClock

  /// Where each company lists, for a position's `exchange`.
  static let universe = CompanyUniverse.builtIn()

  func addRoutes(to group: RouterGroup<RavenRequestContext>) {
    group.get("/account", use: account)
    group.get("/clock", use: clock)
    group.get("/positions", use: positions)
    group.get("/positions/{symbol}", use: position)
  }

  @Sendable func account(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaAccount>
  {
    let (_, record) = try await accounts.alpacaAccount(context, forReading: true)
    return AlpacaBody(
      AlpacaAccount(account: record, portfolio: try await accounts.ledger(record).portfolio()))
  }

  @Sendable func clock(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaClock>
  {
    _ = try await accounts.alpacaLedger(context, forReading: true)
    let now = marketClock.now
    let calendar = calendar
    guard let nextOpen = calendar.nextOpen(after: now),
      let nextClose = calendar.nextClose(after: now)
    else { throw AlpacaError(.serviceUnavailable, "the market calendar ends here") }
    return AlpacaBody(
      AlpacaClock(
        timestamp: AlpacaTime(now), isOpen: calendar.isOpen(at: now),
        nextOpen: AlpacaTime(nextOpen), nextClose: AlpacaTime(nextClose)))
  }

  @Sendable func positions(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<[AlpacaPosition]>
  {
    let (user, ledger) = try await accounts.alpacaLedger(context, forReading: true)
    return AlpacaBody(try await alpacaPositions(user, ledger))
  }

  @Sendable func position(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaPosition>
  {
    let (user, ledger) = try await accounts.alpacaLedger(context, forReading: true)
    guard let wanted = Self.positionSymbol(context.parameters.get("symbol") ?? "") else {
      throw AlpacaError(.notFound, "position does not exist")
    }
    guard
      let position = try await alpacaPositions(user, ledger).first(where: {
        $0.symbol == wanted.rawValue
      })
    else { throw AlpacaError(.notFound, "position does not exist") }
    return AlpacaBody(position)
  }

  /// A position's path names it by symbol, or by the asset's id as Alpaca allows.
  static func positionSymbol(_ text: String) -> Symbol? {
    UUID(uuidString: text).flatMap({ AlpacaAssetsController.byID[$0]?.symbol }) ?? Symbol(text)
  }

  func alpacaPositions(_ user: User, _ ledger: LedgerAccount) async throws -> [AlpacaPosition] {
    let portfolio = try await ledger.portfolio()
    return portfolio.positions.map { position in
      AlpacaPosition(
        position, exchange: Self.exchange(of: position.symbol),
        sharesAvailable: portfolio.sharesAvailable[position.symbol] ?? position.shares)
    }
  }

  /// Alpaca's name for where `symbol` lists; `""` when Raven does not know.
  static func exchange(of symbol: Symbol) -> String {
    switch universe.company(for: symbol)?.exchange.uppercased() {
    case let exchange? where exchange.contains("NASDAQ"): "NASDAQ"
    // Funds list on NYSE Arca, which Alpaca calls ARCA.
    case let exchange? where exchange.contains("ARCA"): "ARCA"
    // NYSE MKT (the former American Stock Exchange) is Alpaca's AMEX.
    case let exchange? where exchange.contains("NYSE MKT") || exchange.contains("AMERICAN"):
      "AMEX"
    case let exchange? where exchange.contains("NYSE") || exchange.contains("NEW YORK STOCK"):
      "NYSE"
    default: ""
    }
  }
}

extension RavenRequestContext {
  /// The `{symbol}` of the path, as Alpaca takes it (any case); an unknown shape is 404.
  func alpacaSymbol() throws -> Symbol {
    guard let text = parameters.get("symbol"), let symbol = Symbol(text) else {
      throw AlpacaError.notFound
    }
    return symbol
  }
}

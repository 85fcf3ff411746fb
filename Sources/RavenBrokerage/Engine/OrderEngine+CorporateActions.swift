import Foundation
import RavenCore
import RavenMarketData
import RavenStore

extension OrderEngine {
  /// Books the splits and dividends of the symbols in use whose ex-date's session opened in
  /// `(from, through]`, in ex-date order, each at its open (the store books each once),
  /// then pays the dividends payable by the last session opened. Returns whether any action
  /// was due (open orders may have changed).
  @discardableResult
  func bookCorporateActions(after from: Date, through: Date) async throws -> Bool {
    guard let source = corporateActions, from < through else { return false }
    let opens = Dictionary(
      // A session opening at `through` itself is due: the overlap is asked a second past it.
      calendar.sessionIndices(overlapping: from, through.addingTimeInterval(1)).compactMap {
        index in
        let session = calendar.sessions[index]
        return session.open > from && session.open <= through ? (session.date, session.open) : nil
      }, uniquingKeysWith: { first, _ in first })
    guard let lastDay = opens.keys.max() else { return false }
    var due: [(action: CorporateAction, open: Date)] = []
    for symbol in try await store.symbolsInUse() {
      for action in try await actions(of: symbol, from: source) {
        if let open = opens[action.exDate] { due.append((action, open)) }
      }
    }
    for (action, open) in due.sorted(by: { ($0.open, $0.action.id) < ($1.open, $1.action.id) }) {
      let bookings = try await store.bookCorporateAction(action, at: open)
      if !bookings.isEmpty {
        logger.info(
          "Booked \(action.id) in \(bookings.count) account(s)",
          metadata: ["action": "\(action.id)"])
      }
    }
    _ = try await store.payDividends(payableThrough: lastDay, at: through)
    return !due.isEmpty
  }

  /// `symbol`'s actions; none where the source does not list the symbol, refuses the
  /// request or no longer serves actions. A passing failure (the provider down, its budget
  /// spent, with nothing cached) is thrown: the pass fails and the open is tried again on
  /// the next one, since matching its minutes without a split booked would be wrong.
  private func actions(of symbol: Symbol, from source: any CorporateActionSource)
    async throws(MarketDataError) -> [CorporateAction]
  {
    do {
      return try await source.corporateActions(of: symbol)
    } catch {
      switch error {
      case .unknownSymbol, .noData, .unsupported, .unsupportedRequest:
        return []
      case .invalidRequest, .unservedInstant:
        logger.warning(
          "No corporate actions for a symbol in use: the source refused the request",
          metadata: ["symbol": "\(symbol)", "error": "\(error)"])
        return []
      case .unavailable, .rateLimited:
        throw error
      }
    }
  }
}

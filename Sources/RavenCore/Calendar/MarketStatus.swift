import Foundation

/// The exchange's state at one instant: what a market badge or `raven status` prints.
public struct MarketStatus: Sendable, Hashable {
  /// The instant described.
  public let instant: Date
  /// The New York calendar day that contains `instant`.
  public let date: MarketDate
  /// Pre-market, open, after hours, overnight, or closed for the whole day and why.
  public let phase: MarketPhase
  /// The session in progress, or else the next one to open; `nil` when that session
  /// lies beyond the calendar's years.
  public let currentOrNextSession: TradingSession?
  /// The first opening bell strictly after `instant`.
  public let nextOpen: Date?
  /// The first closing bell strictly after `instant`: the current session's close
  /// while the market is open.
  public let nextClose: Date?

  public init(
    instant: Date, date: MarketDate, phase: MarketPhase,
    currentOrNextSession: TradingSession?, nextOpen: Date?, nextClose: Date?
  ) {
    self.instant = instant
    self.date = date
    self.phase = phase
    self.currentOrNextSession = currentOrNextSession
    self.nextOpen = nextOpen
    self.nextClose = nextClose
  }

  /// Whether the regular session is in progress.
  public var isOpen: Bool { phase.isOpen }
}

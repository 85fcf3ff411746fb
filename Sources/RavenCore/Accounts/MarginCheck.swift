/// What a new order on a margin account is checked against, worked out inside the store's
/// transaction from the account as stored and the prices it was placed at.
public struct MarginCheck: Sendable, Hashable {
  public var buyingPower: BuyingPower
  /// Whether the owner allows short selling (`no_shorting` off).
  public var shortingEnabled: Bool
  /// Whether the order's symbol can be borrowed to sell short.
  public var easyToBorrow: Bool

  public init(buyingPower: BuyingPower, shortingEnabled: Bool, easyToBorrow: Bool) {
    self.buyingPower = buyingPower
    self.shortingEnabled = shortingEnabled
    self.easyToBorrow = easyToBorrow
  }

  /// Whether a short sale may be placed: shorting on, and equity enough for margin.
  public var allowsShortSelling: Bool { shortingEnabled && buyingPower.allowsShorting }
}

/// The market as a new order is placed: what the store needs, beside the account it reads
/// in its transaction, to check the order against a margin account's buying power.
public struct PlacementPricing: Sendable {
  /// The price of each of the account's positions and of the order's symbol, now.
  public var prices: [Symbol: Price]
  /// The account's equity at the last close (whether 4× applies).
  public var lastEquity: Money
  public var terms: any SecurityTermsSource

  public init(prices: [Symbol: Price], lastEquity: Money, terms: any SecurityTermsSource) {
    self.prices = prices
    self.lastEquity = lastEquity
    self.terms = terms
  }

  /// Every position at its average cost, no 4×: for a placement made without the market
  /// (tests, tools), never looser than prices would make it for a long account.
  public static let atCost = PlacementPricing(
    prices: [:], lastEquity: .zero, terms: UniformSecurityTerms())

  /// The check for an account with `settings`, `cash` and `positions` (all of them, as the
  /// transaction read them); nil for a cash account.
  public func marginCheck(
    settings: AccountSettings, cash: Money, positions: [Position], symbol: Symbol
  ) -> MarginCheck? {
    guard settings.isMargin else { return nil }
    let figures = MarginFigures(cash: cash, positions: positions, prices: prices, terms: terms)
    return MarginCheck(
      buyingPower: settings.buyingPower(figures, lastEquity: lastEquity),
      shortingEnabled: !settings.noShorting, easyToBorrow: terms.terms(of: symbol).easyToBorrow)
  }
}

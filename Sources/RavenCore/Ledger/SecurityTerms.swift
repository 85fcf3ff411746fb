/// What a broker's margin desk knows of a security: whether its shares can be borrowed to
/// sell short, and how many times the market's move a leveraged fund makes (its margin
/// requirements scale with it).
public struct SecurityTerms: Sendable, Hashable {
  /// Shares can be borrowed (Alpaca's `easy_to_borrow`, and so `shortable`): Raven lends
  /// no hard-to-borrow shares and charges no borrow fee.
  public var easyToBorrow: Bool
  /// 1 for a stock or an ordinary fund; 3 for a fund that moves three times its index
  /// (either way: an inverse fund's multiple is counted as positive).
  public var leverage: Int

  public init(easyToBorrow: Bool, leverage: Int = 1) {
    self.easyToBorrow = easyToBorrow
    self.leverage = max(1, leverage)
  }

  /// Any security Raven knows nothing particular about: borrowable, unleveraged.
  public static let ordinary = SecurityTerms(easyToBorrow: true)
}

/// Where the terms of each security come from: the simulated universe, or the same
/// rule for every symbol.
public protocol SecurityTermsSource: Sendable {
  func terms(of symbol: Symbol) -> SecurityTerms
}

/// The same terms for every security.
public struct UniformSecurityTerms: SecurityTermsSource {
  public let terms: SecurityTerms

  public init(_ terms: SecurityTerms = .ordinary) { self.terms = terms }

  public func terms(of symbol: Symbol) -> SecurityTerms { terms }
}

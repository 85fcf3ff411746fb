import RavenCore

extension CompanyUniverse: SecurityTermsSource {
  /// Below this market capitalization at its reference price a stock is hard to borrow:
  /// Raven lends none of its shares to sell short, as brokers lend few of a small cap's.
  public static let easyToBorrowCapitalization = Money(dollars: 2_000_000_000)

  /// Funds are easy to borrow and carry their leverage (an inverse fund's as positive);
  /// stocks are easy to borrow from a $2 billion market capitalization.
  public func terms(of symbol: Symbol) -> SecurityTerms {
    guard let company = company(for: symbol) else { return .ordinary }
    if let fund = company.fund {
      return SecurityTerms(easyToBorrow: true, leverage: abs(fund.leverage))
    }
    let capitalization = company.referencePrice * company.sharesOutstanding
    return SecurityTerms(easyToBorrow: capitalization >= Self.easyToBorrowCapitalization)
  }
}

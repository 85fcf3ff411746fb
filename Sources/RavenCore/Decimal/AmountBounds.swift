/// The largest share price and share count Raven takes, wherever one enters (an order, a
/// replacement, a trade, a goal's allocation), on every route.
///
/// Past these an amount is a typo or an attack, never a trade: the dearest US share ever
/// quoted (Berkshire Hathaway's class A) stayed under $1,000,000, and 10,000,000 shares is
/// more than a whole day's volume of most listed stocks. Bounding what enters also bounds
/// everything computed from it (a stop's hold price, a fill's cost, an average price), so
/// every value Raven keeps fits the digits its readers take back.
public enum AmountBounds {
  public static let maximumPrice = Price(cents: 100_000_000)
  public static let maximumQty = Quantity(10_000_000)
  /// The largest dollar amount an order may ask for: the largest price times the largest
  /// count.
  public static let maximumNotional = maximumPrice * maximumQty

  /// A price as people read it: `$1,000,000`.
  public static let maximumPriceText = "$1,000,000"
  /// A share count as people read it: `10,000,000`.
  public static let maximumQtyText = "10,000,000"
}

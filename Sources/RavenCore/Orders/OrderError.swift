/// Why an order was refused: a stable code for API clients and bots (the same strings
/// wherever an order is placed) and the sentence a person reads.
public enum OrderError: String, Error, Sendable, Hashable, CustomStringConvertible {
  case invalidQty = "invalid_qty"
  case invalidNotional = "invalid_notional"
  /// Worth under $1.00 at its price (`OrderRequest.minimumValue`).
  case amountTooSmall = "amount_too_small"
  case missingLimitPrice = "missing_limit_price"
  case missingStopPrice = "missing_stop_price"
  case invalidTrail = "invalid_trail"
  case invalidPrice = "invalid_price"
  case invalidPriceIncrement = "invalid_price_increment"
  case invalidTimeInForce = "invalid_time_in_force"
  case invalidClientOrderID = "invalid_client_order_id"
  case unsupportedOrderClass = "unsupported_order_class"
  /// A bracket, OTO or OCO whose exits do not fit it.
  case invalidExits = "invalid_exits"
  /// A bracket's or OTO's exit on the wrong side of the price its entry is placed at.
  case exitAcrossEntry = "exit_across_entry"
  /// A bracket's, OTO's or OCO's order, which is canceled and placed again rather than
  /// replaced.
  case orderInGroup = "order_in_group"
  case unsupportedExtendedHours = "unsupported_extended_hours"
  case unknownSymbol = "unknown_symbol"
  case insufficientFunds = "insufficient_funds"
  case insufficientShares = "insufficient_shares"
  /// A buy covering more shares than are short (and free of other covers).
  case insufficientShortShares = "insufficient_short_shares"
  /// A short sale of shares that cannot be borrowed.
  case notShortable = "not_shortable"
  /// A short sale of a fraction of a share or a dollar amount.
  case fractionalShortSale = "fractional_short_sale"
  case duplicateClientOrderID = "duplicate_client_order_id"
  case orderNotCancelable = "order_not_cancelable"
  case orderNotReplaceable = "order_not_replaceable"
  case priceNotApplicable = "price_not_applicable"

  /// A stable snake_case code, e.g. `missing_limit_price`.
  public var code: String { rawValue }

  /// The sentence a person reads.
  public var message: String {
    switch self {
    case .invalidQty:
      "Order a positive number of shares, at most \(AmountBounds.maximumQtyText), with at most \(OrderRequest.maximumQtyFractionDigits) decimal places"
    case .invalidNotional:
      "A dollar amount must be positive, in cents, on a market order for the day"
    case .amountTooSmall: "The smallest order is $1.00."
    case .missingLimitPrice: "A limit order needs a limit price"
    case .missingStopPrice: "A stop order needs a stop price"
    case .invalidTrail:
      "A trailing stop needs a positive trail price or a trail percent under 100, not both"
    case .invalidPrice: "Prices must be positive and at most \(AmountBounds.maximumPriceText)"
    case .invalidPriceIncrement:
      "Prices have at most 2 decimal places (4 below $1)"
    case .invalidTimeInForce:
      "Orders for fractional shares or a dollar amount can only be for the day"
    case .invalidClientOrderID: "A client order ID is 1 to 128 characters"
    case .unsupportedOrderClass:
      "The order class is simple, bracket, oco or oto (brackets, OCO and OTO through /v2 on Raven's own accounts)"
    case .invalidExits:
      "A bracket needs a take-profit and a stop-loss (an OTO one of them, an OCO both, on a limit order), whole shares, a market or limit entry for the day or until canceled, and the take-profit on the profitable side of the stop-loss; a simple order has neither"
    case .exitAcrossEntry:
      "A buy's take-profit must be at least a cent above the price it is placed at, and its stop-loss at least a cent below (a sale's the other way round)"
    case .orderInGroup:
      "An order of a bracket, OCO or OTO cannot be replaced: cancel it and place it again"
    case .unsupportedExtendedHours: "Extended-hours orders are not supported"
    case .unknownSymbol: "Unknown symbol"
    // The trade sheet's own sentences, for the orders it covers.
    case .insufficientFunds: TradeError.insufficientFunds.message
    case .insufficientShares: TradeError.insufficientShares.message
    case .insufficientShortShares: "Not enough shares short to buy back"
    case .notShortable: "These shares cannot be borrowed to sell short"
    case .fractionalShortSale: "A short sale is for whole shares"
    case .duplicateClientOrderID: "An order with this client order ID already exists"
    case .orderNotCancelable: "This order has already filled or ended and cannot be canceled"
    case .priceNotApplicable:
      "A limit price is for limit orders, a stop price for stop orders, a trail for trailing stops"
    case .orderNotReplaceable:
      "Only an open order for a number of shares can be replaced; this one has ended or is for a dollar amount"
    }
  }

  public var description: String { message }
}

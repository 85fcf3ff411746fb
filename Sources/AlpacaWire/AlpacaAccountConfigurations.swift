/// `GET`/`PATCH /v2/account/configurations`: how the account trades. Every field is
/// optional so a `PATCH` names only what it changes; an answer names them all.
public struct AlpacaAccountConfigurations: Codable, Hashable, Sendable {
  public var dtbpCheck: String?
  public var tradeConfirmEmail: String?
  public var suspendTrade: Bool?
  public var noShorting: Bool?
  public var fractionalTrading: Bool?
  public var maxMarginMultiplier: String?
  public var maxOptionsTradingLevel: Int?
  public var pdtCheck: String?
  public var ptpNoExceptionEntry: Bool?

  public init() {}
}

import Foundation

/// How an account trades, as its owner (or their bot, through Alpaca's
/// `/v2/account/configurations`) set it. New accounts are cash accounts: no margin, no
/// short selling, fractional shares allowed, trading on.
public struct AccountSettings: Sendable, Hashable, Codable {
  /// When the day-trading buying power is checked: `entry`, `exit` or `both`. Kept for
  /// margin accounts; a cash account has no day-trading buying power.
  public var dayTradeBuyingPowerCheck: Check = .entry
  /// When the pattern-day-trader rule is checked: `entry`, `exit` or `both`. It applies
  /// to margin accounts only.
  public var patternDayTraderCheck: Check = .entry
  /// `all` or `none`: kept and echoed; Raven sends no email.
  public var tradeConfirmEmail: String = "all"
  /// The owner's own switch: while on, the account takes no new order through `/v2`.
  public var tradingSuspended = false
  /// Whether short selling is refused: always, while the account is a cash account.
  public var noShorting = true
  /// Whether orders may be for a fraction of a share or a dollar amount.
  public var fractionalTrading = true
  /// 1 for a cash account; 2 or 4 for margin, which Raven does not offer yet.
  public var maxMarginMultiplier = 1
  /// Kept and echoed: Raven trades no options.
  public var maxOptionsTradingLevel = 0
  /// Kept and echoed.
  public var publiclyTradedPartnershipEntry = false

  public enum Check: String, Sendable, Hashable, Codable, CaseIterable {
    case entry, exit, both
  }

  public init() {}

  /// Reads what was stored, each setting missing from it at its default: settings added
  /// later read back as their defaults on accounts saved before.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let defaults = AccountSettings()
    func value<T: Decodable>(_ key: CodingKeys, _ fallback: T) throws -> T {
      try container.decodeIfPresent(T.self, forKey: key) ?? fallback
    }
    dayTradeBuyingPowerCheck = try value(
      .dayTradeBuyingPowerCheck, defaults.dayTradeBuyingPowerCheck)
    patternDayTraderCheck = try value(.patternDayTraderCheck, defaults.patternDayTraderCheck)
    tradeConfirmEmail = try value(.tradeConfirmEmail, defaults.tradeConfirmEmail)
    tradingSuspended = try value(.tradingSuspended, defaults.tradingSuspended)
    noShorting = try value(.noShorting, defaults.noShorting)
    fractionalTrading = try value(.fractionalTrading, defaults.fractionalTrading)
    maxMarginMultiplier = try value(.maxMarginMultiplier, defaults.maxMarginMultiplier)
    maxOptionsTradingLevel = try value(.maxOptionsTradingLevel, defaults.maxOptionsTradingLevel)
    publiclyTradedPartnershipEntry = try value(
      .publiclyTradedPartnershipEntry, defaults.publiclyTradedPartnershipEntry)
  }

  /// The settings as stored: compact JSON.
  public var storedText: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: (try? encoder.encode(self)) ?? Data("{}".utf8), as: UTF8.self)
  }

  /// Settings as stored; nil when the text is not a settings object.
  public init?(storedText text: String) {
    guard let settings = try? JSONDecoder().decode(Self.self, from: Data(text.utf8)) else {
      return nil
    }
    self = settings
  }
}

import AlpacaWire
import Foundation
import Hummingbird
import RavenCore

/// `GET` and `PATCH /v2/account/configurations`: how the key's account trades, as Alpaca
/// names it. `suspend_trade` stops the account's new orders through `/v2`, and
/// `fractional_trading: false` refuses fractional and dollar-amount orders there.
/// `dtbp_check`, `pdt_check`, `trade_confirm_email`, `max_options_trading_level` and
/// `ptp_no_exception_entry` are kept and echoed (a cash account has no day-trading rules,
/// and Raven sends no email and trades no options). `max_margin_multiplier` "2" or "4"
/// makes it a margin account, "1" a cash account again (409 while it borrows cash or is
/// short); `no_shorting: false` lets a margin account sell short. Any value Alpaca would
/// not take is 422, in Alpaca's shape.
struct AlpacaConfigurationsController {
  let accounts: AccountDirectory

  func addRoutes(to group: RouterGroup<RavenRequestContext>) {
    group.get("/account/configurations", use: show)
    group.patch("/account/configurations", use: change)
  }

  @Sendable func show(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaAccountConfigurations>
  {
    let (_, record) = try await accounts.alpacaAccount(context, forReading: true)
    return AlpacaBody(AlpacaAccountConfigurations(record.settings))
  }

  @Sendable func change(_ request: Request, context: RavenRequestContext) async throws
    -> AlpacaBody<AlpacaAccountConfigurations>
  {
    let (user, record) = try await accounts.alpacaAccount(context)
    let body = try await context.alpacaBody(AlpacaAccountConfigurations.self, from: request)
    let settings = try body.applied(to: record.settings)
    try await accounts.checkMargin(of: record, becoming: settings)
    let saved = try await accounts.store.setAccountSettings(
      id: record.id, userID: user.id, to: settings)
    accounts.forget(user.id, record.id)
    return AlpacaBody(AlpacaAccountConfigurations(saved.settings))
  }
}

extension AlpacaAccountConfigurations {
  /// The account's settings in Alpaca's words.
  init(_ settings: AccountSettings) {
    self.init()
    dtbpCheck = settings.dayTradeBuyingPowerCheck.rawValue
    tradeConfirmEmail = settings.tradeConfirmEmail
    suspendTrade = settings.tradingSuspended
    // A cash account never sells short, whatever was asked of it.
    noShorting = settings.noShorting || !settings.isMargin
    fractionalTrading = settings.fractionalTrading
    maxMarginMultiplier = String(settings.maxMarginMultiplier)
    maxOptionsTradingLevel = settings.maxOptionsTradingLevel
    pdtCheck = settings.patternDayTraderCheck.rawValue
    ptpNoExceptionEntry = settings.publiclyTradedPartnershipEntry
  }

  /// `settings` with what this names changed; a value Alpaca would not take is 422.
  func applied(to settings: AccountSettings) throws -> AccountSettings {
    var settings = settings
    func check(_ text: String?, _ name: String) throws -> AccountSettings.Check? {
      guard let text else { return nil }
      guard let check = AccountSettings.Check(rawValue: text) else {
        throw AlpacaError.unprocessable("\(name) must be entry, exit or both")
      }
      return check
    }
    if let value = try check(dtbpCheck, "dtbp_check") { settings.dayTradeBuyingPowerCheck = value }
    if let value = try check(pdtCheck, "pdt_check") { settings.patternDayTraderCheck = value }
    if let email = tradeConfirmEmail {
      guard ["all", "none"].contains(email) else {
        throw AlpacaError.unprocessable("trade_confirm_email must be all or none")
      }
      settings.tradeConfirmEmail = email
    }
    if let multiplier = maxMarginMultiplier {
      guard ["1", "2", "4"].contains(multiplier) else {
        throw AlpacaError.unprocessable("max_margin_multiplier must be 1, 2 or 4")
      }
      settings.maxMarginMultiplier = Int(multiplier) ?? 1
    }
    if let noShorting { settings.noShorting = noShorting }
    if let level = maxOptionsTradingLevel {
      guard (0...3).contains(level) else {
        throw AlpacaError.unprocessable("max_options_trading_level must be 0 to 3")
      }
      settings.maxOptionsTradingLevel = level
    }
    if let suspendTrade { settings.tradingSuspended = suspendTrade }
    if let fractionalTrading { settings.fractionalTrading = fractionalTrading }
    if let ptpNoExceptionEntry { settings.publiclyTradedPartnershipEntry = ptpNoExceptionEntry }
    return settings
  }
}

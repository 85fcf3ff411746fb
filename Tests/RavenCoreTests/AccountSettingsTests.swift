import Foundation
import RavenCore
import Testing

@Suite("Account settings")
struct AccountSettingsTests {
  @Test("Stored as JSON; what was not stored reads as its default; garbage is refused")
  func stored() {
    var settings = AccountSettings()
    settings.tradingSuspended = true
    settings.tradeConfirmEmail = "none"
    #expect(AccountSettings(storedText: settings.storedText) == settings)
    #expect(AccountSettings(storedText: "{}") == AccountSettings())
    let partial = AccountSettings(storedText: #"{"fractionalTrading":false}"#)
    #expect(partial?.fractionalTrading == false && partial?.noShorting == true)
    #expect(AccountSettings(storedText: "[]") == nil)
    #expect(AccountSettings(storedText: #"{"patternDayTraderCheck":"sometimes"}"#) == nil)
  }
}

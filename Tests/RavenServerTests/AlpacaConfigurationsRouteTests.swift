import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import RavenServer

/// `/v2/account/configurations` (issue 33, point 6): the key's account's settings, and the
/// two that change what `/v2` takes.
@Suite("Alpaca account configurations")
struct AlpacaConfigurationsRouteTests {
  @Test("a cash account's defaults; suspend_trade and fractional_trading change what /v2 takes")
  func configurations() async throws {
    try await withAlpacaKey { client, key in
      let shown = try await client.json(
        .get, "/v2/account/configurations", headers: key.headers
      ).object()
      #expect(shown["dtbp_check"] as? String == "entry")
      #expect(shown["no_shorting"] as? Bool == true && shown["suspend_trade"] as? Bool == false)
      #expect(shown["max_margin_multiplier"] as? String == "1")
      #expect(shown["fractional_trading"] as? Bool == true)

      let suspended = try await client.json(
        .patch, "/v2/account/configurations",
        body: #"{"suspend_trade":true,"trade_confirm_email":"none"}"#, headers: key.headers
      ).object()
      #expect(suspended["suspend_trade"] as? Bool == true)
      #expect(suspended["trade_confirm_email"] as? String == "none")
      let order = #"{"symbol":"KO","qty":"1","side":"buy","type":"market","time_in_force":"day"}"#
      let refused = try await client.json(.post, "/v2/orders", body: order, headers: key.headers)
      #expect(refused.status == .forbidden && refused.alpacaError != nil)
      let account = try await client.json(.get, "/v2/account", headers: key.headers).object()
      #expect(account["trade_suspended_by_user"] as? Bool == true)

      _ = try await client.json(
        .patch, "/v2/account/configurations",
        body: #"{"suspend_trade":false,"fractional_trading":false}"#, headers: key.headers)
      let fractional = try await client.json(
        .post, "/v2/orders",
        body: #"{"symbol":"KO","qty":"0.5","side":"buy","type":"market","time_in_force":"day"}"#,
        headers: key.headers)
      #expect(fractional.status == .unprocessableContent)
      let whole = try await client.json(.post, "/v2/orders", body: order, headers: key.headers)
      #expect(whole.status == .ok)
      // The rest of the settings stayed as they were.
      let after = try await client.json(
        .get, "/v2/account/configurations", headers: key.headers
      ).object()
      #expect(after["trade_confirm_email"] as? String == "none")
      #expect(after["fractional_trading"] as? Bool == false)
    }
  }

  @Test(
    "values Alpaca would not take are 422 and change nothing",
    arguments: [
      #"{"dtbp_check":"sometimes"}"#, #"{"pdt_check":"never"}"#,
      #"{"trade_confirm_email":"some"}"#, #"{"max_margin_multiplier":"3"}"#,
      #"{"max_margin_multiplier":"4","dtbp_check":"never"}"#,
      #"{"max_options_trading_level":9}"#,
    ])
  func refusals(_ body: String) async throws {
    try await withAlpacaKey { client, key in
      let refused = try await client.json(
        .patch, "/v2/account/configurations", body: body, headers: key.headers)
      #expect(refused.status == .unprocessableContent && refused.alpacaError != nil, "\(body)")
      let shown = try await client.json(
        .get, "/v2/account/configurations", headers: key.headers
      ).object()
      #expect(
        shown["max_margin_multiplier"] as? String == "1" && shown["no_shorting"] as? Bool == true)
      #expect(shown["dtbp_check"] as? String == "entry")
    }
  }
}

import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import RavenServer

/// Margin accounts and short selling through `/v2` (issue 33, point 4): a cash account by
/// default, margin and shorting turned on by a bot's `PATCH /v2/account/configurations`,
/// a short sale and its cover booked exactly, and the refusals Alpaca gives.
@Suite("Alpaca margin accounts and short selling")
struct AlpacaMarginRouteTests {
  static let margin = #"{"max_margin_multiplier":"4","no_shorting":false}"#

  static func order(_ symbol: String, _ qty: String, _ side: String) -> String {
    #"{"symbol":"\#(symbol)","qty":"\#(qty)","side":"\#(side)","type":"market","time_in_force":"day"}"#
  }

  /// `value` rounded to the cent.
  static func cents(_ value: Decimal) -> Decimal {
    var value = value
    var rounded = Decimal()
    NSDecimalRound(&rounded, &value, 2, .plain)
    return rounded
  }

  static func decimal(_ value: Any?) throws -> Decimal {
    try #require(Decimal(string: value as? String ?? ""), "\(String(describing: value))")
  }

  /// `body` with a new user's key on a server over `kind`'s store.
  static func withKey(
    on kind: TestStore, _ body: @Sendable (any TestClientProtocol, AlpacaKey) async throws -> Void
  ) async throws {
    try await kind.with { store, services in
      let app = try await TestServer.make(store: store, services: services)
      try await app.test(.router) { client in
        try await body(client, try await client.createKey(try await client.signUp()))
      }
    }
  }

  @Test(
    "a cash account refuses a short sale; margin on, it sells short and covers, exactly",
    arguments: TestStore.available)
  func shortSaleAndCover(_ kind: TestStore) async throws {
    try await Self.withKey(on: kind) { client, key in
      let refused = try await client.json(
        .post, "/v2/orders", body: Self.order("AAPL", "10", "sell"), headers: key.headers)
      #expect(refused.status == .forbidden)
      #expect(refused.alpacaError?.message == "insufficient qty available for order")

      let configured = try await client.json(
        .patch, "/v2/account/configurations", body: Self.margin, headers: key.headers
      ).object()
      #expect(configured["max_margin_multiplier"] as? String == "4")
      #expect(configured["no_shorting"] as? Bool == false)
      var account = try await client.json(.get, "/v2/account", headers: key.headers).object()
      #expect(account["shorting_enabled"] as? Bool == true)
      // $25,000 at the last close: 4× intraday.
      #expect(account["multiplier"] as? String == "4")
      #expect(account["buying_power"] as? String == "100000")
      #expect(account["regt_buying_power"] as? String == "50000")

      let short = try await client.json(
        .post, "/v2/orders", body: Self.order("AAPL", "10", "sell"), headers: key.headers
      ).object()
      #expect(short["status"] as? String == "filled")
      let price = try Self.decimal(short["filled_avg_price"])
      let position = try await client.json(.get, "/v2/positions/AAPL", headers: key.headers)
        .object()
      #expect(position["side"] as? String == "short" && position["qty"] as? String == "-10")
      #expect(position["qty_available"] as? String == "-10")
      let proceeds = try Self.decimal(position["cost_basis"])
      #expect(proceeds == -(price * 10))
      #expect(try Self.decimal(position["market_value"]) < 0)

      account = try await client.json(.get, "/v2/account", headers: key.headers).object()
      #expect(try Self.decimal(account["cash"]) == 25_000 + price * 10)
      let shortValue = try Self.decimal(account["short_market_value"])
      #expect(shortValue == -(try Self.decimal(position["current_price"]) * 10))
      #expect(
        try Self.decimal(account["equity"]) == (try Self.decimal(account["cash"])) + shortValue)
      #expect(try Self.decimal(account["maintenance_margin"]) > 0)

      // Resting orders hold what they will use, read back from the store: a cover holds
      // shares of the short (so two cannot buy back the same), a short sale buying power.
      let low = Self.cents(price / 2)
      let restingCover = try await client.json(
        .post, "/v2/orders",
        body:
          #"{"symbol":"AAPL","qty":"4","side":"buy","type":"limit","limit_price":"\#(low)","time_in_force":"gtc"}"#,
        headers: key.headers)
      #expect(restingCover.status == .ok)
      #expect(try restingCover.object()["position_intent"] as? String == "buy_to_close")
      let secondCover = try await client.json(
        .post, "/v2/orders",
        body:
          #"{"symbol":"AAPL","qty":"7","side":"buy","type":"limit","limit_price":"\#(low)","time_in_force":"gtc"}"#,
        headers: key.headers)
      #expect(secondCover.status == .forbidden)
      let power = try Self.decimal(
        try await client.json(.get, "/v2/account", headers: key.headers).object()["buying_power"])
      let high = Self.cents(price * 2)
      let restingShort = try await client.json(
        .post, "/v2/orders",
        body:
          #"{"symbol":"AAPL","qty":"5","side":"sell","type":"limit","limit_price":"\#(high)","time_in_force":"gtc"}"#,
        headers: key.headers)
      #expect(try restingShort.object()["position_intent"] as? String == "sell_to_open")
      let lessPower = try Self.decimal(
        try await client.json(.get, "/v2/account", headers: key.headers).object()["buying_power"])
      #expect(lessPower == power - high * 5)
      _ = try await client.json(.delete, "/v2/orders", headers: key.headers)

      // Buying back more than is short, a fraction of a share short, and a small cap no
      // one lends: Alpaca's refusals.
      let over = try await client.json(
        .post, "/v2/orders", body: Self.order("AAPL", "11", "buy"), headers: key.headers)
      #expect(over.status == .forbidden && over.alpacaError != nil)
      let fraction = try await client.json(
        .post, "/v2/orders", body: Self.order("MSFT", "0.5", "sell"), headers: key.headers)
      #expect(fraction.alpacaError?.message == "fractional orders cannot be sold short")
      let assets = try await client.json(.get, "/v2/assets", headers: key.headers).array()
      let hard = try #require(assets.first { $0["shortable"] as? Bool == false }?["symbol"])
      let unborrowable = try await client.json(
        .post, "/v2/orders", body: Self.order("\(hard)", "1", "sell"), headers: key.headers)
      #expect(unborrowable.alpacaError?.message == "asset is not shortable")

      // Margin cannot be turned off while short.
      let off = try await client.json(
        .patch, "/v2/account/configurations", body: #"{"max_margin_multiplier":"1"}"#,
        headers: key.headers)
      #expect(off.status == .conflict && off.alpacaError != nil)

      let cover = try await client.json(
        .post, "/v2/orders", body: Self.order("AAPL", "10", "buy"), headers: key.headers
      ).object()
      #expect(cover["status"] as? String == "filled")
      let coverPrice = try Self.decimal(cover["filled_avg_price"])
      let none = try await client.json(.get, "/v2/positions/AAPL", headers: key.headers)
      #expect(none.status == .notFound)
      account = try await client.json(.get, "/v2/account", headers: key.headers).object()
      // The books: what the short sale brought in less what the cover cost.
      #expect(try Self.decimal(account["cash"]) == 25_000 + (price - coverPrice) * 10)
      #expect(account["short_market_value"] as? String == "0")

      let cash = try await client.json(
        .patch, "/v2/account/configurations", body: #"{"max_margin_multiplier":"1"}"#,
        headers: key.headers
      ).object()
      #expect(
        cash["max_margin_multiplier"] as? String == "1" && cash["no_shorting"] as? Bool == true)
    }
  }

  @Test(
    "on margin a buy may spend borrowed cash, up to the buying power",
    arguments: TestStore.available)
  func buyingOnMargin(_ kind: TestStore) async throws {
    try await Self.withKey(on: kind) { client, key in
      _ = try await client.json(
        .patch, "/v2/account/configurations", body: #"{"max_margin_multiplier":"2"}"#,
        headers: key.headers)
      var account = try await client.json(.get, "/v2/account", headers: key.headers).object()
      #expect(account["multiplier"] as? String == "2")
      #expect(account["buying_power"] as? String == "50000")
      // Shorting stays off until asked for.
      #expect(account["shorting_enabled"] as? Bool == false)
      let quote = try await client.json(
        .get, "/v2/stocks/AAPL/quotes/latest", headers: key.headers
      ).object()
      let ask = try #require((quote["quote"] as? [String: Any])?["ap"] as? Double)
      // About $40,000 of stock on $25,000 of cash.
      let shares = Int(40_000 / ask)
      let bought = try await client.json(
        .post, "/v2/orders", body: Self.order("AAPL", "\(shares)", "buy"), headers: key.headers
      ).object()
      #expect(bought["status"] as? String == "filled")
      account = try await client.json(.get, "/v2/account", headers: key.headers).object()
      #expect(try Self.decimal(account["cash"]) < 0)
      let equity = try Self.decimal(account["equity"])
      let initial = try Self.decimal(account["initial_margin"])
      #expect(try Self.decimal(account["buying_power"]) == max(equity - initial, 0) * 2)
      // More than twice the equity left over is refused.
      let tooMuch = try await client.json(
        .post, "/v2/orders", body: Self.order("AAPL", "\(shares)", "buy"), headers: key.headers)
      #expect(tooMuch.status == .forbidden)
      #expect(tooMuch.alpacaError?.message == "insufficient buying power")
      let sold = try await client.json(
        .post, "/v2/orders", body: Self.order("AAPL", "\(shares)", "sell"), headers: key.headers
      ).object()
      #expect(sold["status"] as? String == "filled")
      account = try await client.json(.get, "/v2/account", headers: key.headers).object()
      #expect(try Self.decimal(account["cash"]) > 24_000)
    }
  }
}

import ArgumentParser
import AsyncHTTPClient
import Foundation
import Hummingbird
import HummingbirdTesting
import RavenAPI
import RavenCore
import RavenServer
import RavenSimulation
import RavenStore
import RavenStoreSQLite
import Testing

@testable import raven

/// The account commands against a real server on a socket, as a person runs them.
@Suite("raven client commands")
struct ClientCommandTests {
  private func withServer(_ body: @escaping @Sendable (URL) async throws -> Void) async throws {
    try await CLIServer.withServer(body)
  }

  private func token(server: URL) async throws -> String {
    try await CLIServer.token(server: server)
  }

  @Test("buy, sell, portfolio, watch and goals print what happened")
  func accountCommands() async throws {
    try await withServer { server in
      let token = try await token(server: server)
      let options = ["--server", server.absoluteString]
      func run(_ command: some ServerCommand) async throws -> String {
        try await withAPIClient(server: server, token: token) {
          try await command.output(using: $0)
        }
      }
      let bought = try await run(BuyCommand.parse(["AAPL", "3"] + options))
      #expect(bought.hasPrefix("You have successfully bought 3 shares of AAPL at $"))
      let sold = try await run(SellCommand.parse(["AAPL", "1"] + options))
      #expect(sold.hasPrefix("You have successfully sold 1 share of AAPL"))
      let portfolio = try await run(PortfolioCommand.parse(options))
      // $25,000 less the spread: 3 bought a cent over the price, 1 sold a cent under.
      #expect(portfolio.contains("Net worth     $24,999.96"))
      // No open order holds any of the cash: all of it can be spent.
      let amount = { (label: String) in
        portfolio.split(separator: "\n").first { $0.hasPrefix(label) }?.split(separator: " ").last
      }
      #expect(amount("Buying power") != nil && amount("Buying power") == amount("Cash"))
      #expect(portfolio.contains("AAPL"))
      let json = try await run(PortfolioCommand.parse(options + ["--json"]))
      #expect(json.contains(#""shares" : "2""#))
      #expect(
        try await run(WatchCommand.Add.parse(["msft"] + options)) == "Added MSFT to your watchlist."
      )
      #expect(try await run(WatchCommand.List.parse(options)).contains("Microsoft Corp"))
      #expect(
        try await run(WatchCommand.Remove.parse(["MSFT"] + options))
          == "Removed MSFT from your watchlist.")
      #expect(try await run(GoalsCommand.parse(options)).hasPrefix("No goals yet"))
    }
  }

  @Test("buy with order options places an order; orders lists it; cancel ends it")
  func orderCommands() async throws {
    try await withServer { server in
      let token = try await token(server: server)
      let options = ["--server", server.absoluteString]
      func run(_ command: some ServerCommand) async throws -> String {
        try await withAPIClient(server: server, token: token) {
          try await command.output(using: $0)
        }
      }
      let placed = try await run(
        BuyCommand.parse(["AAPL", "3", "--limit", "1.00", "--tif", "gtc"] + options))
      #expect(placed.hasPrefix("Limit order to buy 3 AAPL (limit $1.00), gtc: new."))
      let id = try #require(placed.split(separator: " ").last.map(String.init))
      let open = try await run(OrdersCommand.parse(["--status", "open"] + options))
      #expect(open.contains(id))
      #expect(open.contains("limit $1.00"))
      let canceled = try await run(CancelCommand.parse([id] + options))
      #expect(canceled.hasPrefix("Limit order to buy 3 AAPL (limit $1.00), gtc: canceled."))
      #expect(try await run(OrdersCommand.parse(["--status", "open"] + options)) == "No orders.")

      // A resting bracket: its two exits held, listed beside it, canceled with it.
      let bracket = try await run(
        BuyCommand.parse(
          ["KO", "2", "--limit", "1.00", "--take-profit", "2.00", "--stop-loss", "0.50"]
            + options))
      #expect(bracket.hasPrefix("Limit order to buy 2 KO (limit $1.00), day: new. With 2 exits"))
      let held = try await run(OrdersCommand.parse(["--status", "open"] + options))
      #expect(held.components(separatedBy: " held").count == 3)
      let entry = try #require(bracket.split(separator: " ").last.map(String.init))
      _ = try await run(CancelCommand.parse([entry] + options))
      #expect(try await run(OrdersCommand.parse(["--status", "open"] + options)) == "No orders.")

      let dollars = try await run(BuyCommand.parse(["AAPL", "--notional", "250"] + options))
      #expect(dollars.hasPrefix("Market order to buy $250.00 of AAPL, day: filled. Filled "))
      #expect(throws: (any Error).self) { try BuyCommand.parse(["AAPL"] + options) }
      #expect(throws: (any Error).self) {
        try BuyCommand.parse(["AAPL", "1", "--notional", "5"] + options)
      }
    }
  }

  @Test("keys create prints the secret once; list shows the key without it; revoke ends it")
  func keyCommands() async throws {
    try await withServer { server in
      let token = try await token(server: server)
      let options = ["--server", server.absoluteString]
      func run(_ command: some ServerCommand) async throws -> String {
        try await withAPIClient(server: server, token: token) {
          try await command.output(using: $0)
        }
      }
      #expect(try await run(KeysCommand.List.parse(options)).hasPrefix("No API keys yet"))
      let created = try await run(KeysCommand.Create.parse(["momentum bot"] + options))
      #expect(created.hasPrefix(#"Created API key "momentum bot"."#))
      #expect(created.contains(#"url_override="\#(server.absoluteString)")"#))
      let lines = created.split(separator: "\n")
      let keyID = try #require(lines.first { $0.hasPrefix("Key ID") }?.split(separator: " ").last)
      let secret = try #require(
        lines.first { $0.hasPrefix("Secret key") }?.split(separator: " ").last)
      let id = try #require(lines.last?.split(separator: " ").dropFirst().first.map(String.init))
      let list = try await run(KeysCommand.List.parse(options))
      #expect(list.contains(String(keyID)) && list.contains("trading"))
      #expect(!list.contains(String(secret)))
      #expect(try await run(KeysCommand.Revoke.parse([id] + options)) == "Revoked.")
      #expect(try await run(KeysCommand.List.parse(options)).hasPrefix("No API keys yet"))
    }
  }

  @Test("The server's refusals become the command's error message")
  func refusals() async throws {
    try await withServer { server in
      let token = try await token(server: server)
      let options = ["--server", server.absoluteString]
      await #expect(throws: CommandFailure.self) {
        try await withAPIClient(server: server, token: token) {
          try await SellCommand.parse(["AAPL", "1"] + options).output(using: $0)
        }
      }
      // Amounts go to the server as typed and are read with its one strict grammar: a
      // person's " 5", "+5", "5." or ".5" gets the API's own refusal, as "abc" does.
      for amount in ["abc", " 5", "+5", "5.", ".5"] {
        let invalid = await #expect(throws: CommandFailure.self) {
          try await withAPIClient(server: server, token: token) {
            try await BuyCommand.parse(["AAPL", amount] + options).output(using: $0)
          }
        }
        #expect(invalid?.message == "Please enter a valid amount", "\(amount)")
      }
      await #expect(throws: CommandFailure.self) {
        try await withAPIClient(server: server, token: "wrong") {
          try await PortfolioCommand.parse(options).output(using: $0)
        }
      }
    }
  }

  @Test("Market commands asked of a server print the server's market, as it would be computed here")
  func marketCommandsAskTheServer() async throws {
    try await withServer { server in
      // The server runs the simulated market with seed 42 at 2026-11-20T18:00:00Z.
      let remote = ["--server", server.absoluteString]
      let here = ["--seed", "42", "--at", "2026-11-20T18:00:00Z"]
      func same<Command: MarketDataCommand>(_ type: Command.Type, _ arguments: [String])
        async throws
      {
        let local = try type.parse(arguments + here)
        let expected = try await local.output(
          in: try local.options.settings(environment: [:]).makeEnvironment())
        let asked = try await withAPIClient(server: server, token: nil) { client in
          try await type.parse(arguments + remote).output(
            in: MarketEnvironment(market: ServerMarket(client: client), json: true))
        }
        #expect(asked == expected, "\(type) \(arguments)")
      }
      try await same(QuoteCommand.self, ["AAPL", "msft", "--json"])
      try await same(SearchCommand.self, ["bank", "of", "--json"])
      try await same(ChartCommand.self, ["AAPL", "--range", "1W", "--json"])
      try await same(ChartCommand.self, ["KO", "--range", "1D", "--points", "50", "--json"])
      try await same(ProfileCommand.self, ["AAPL", "--json"])
      // The same stories, each linking to its page on the server (the local market has none).
      let news = try NewsCommand.parse(["AAPL", "--days", "3", "--json"] + here)
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .iso8601
      var stories = try decoder.decode(
        [NewsArticle].self,
        from: Data(
          try await news.output(in: try news.options.settings(environment: [:]).makeEnvironment())
            .utf8))
      for index in stories.indices {
        stories[index].url = "\(server.absoluteString)/news/\(stories[index].id)"
      }
      let askedNews = try await withAPIClient(server: server, token: nil) { client in
        try await NewsCommand.parse(["AAPL", "--days", "3", "--json"] + remote).output(
          in: MarketEnvironment(market: ServerMarket(client: client), json: true))
      }
      let expectedNews = try JSONOutput.render(stories)
      #expect(!stories.isEmpty && askedNews == expectedNews)
      try await same(InsightsCommand.self, ["AAPL", "--json"])
      try await same(MarketStatusCommand.self, ["--json"])

      let table = try await withAPIClient(server: server, token: nil) { client in
        try await QuoteCommand.parse(["AAPL"] + remote).output(
          in: MarketEnvironment(market: ServerMarket(client: client), json: false))
      }
      #expect(
        table.hasSuffix(
          "Source: Raven simulated market (simulated prices, not real market data), "
            + "via the Raven server at \(server.absoluteString)"))
      let unknown = await #expect(throws: CommandFailure.self) {
        try await withAPIClient(server: server, token: nil) { client in
          try await QuoteCommand.parse(["NOPE"] + remote).output(
            in: MarketEnvironment(market: ServerMarket(client: client), json: false))
        }
      }
      #expect(unknown?.message == "Unknown symbol: NOPE")
    }
  }

  @Test("A market command asks the named server, else the signed-in one, else this machine")
  func marketChoice() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: directory) }
    let credentials = CredentialsFile.locate(environment: ["XDG_CONFIG_HOME": directory.path])
    func choice(_ arguments: [String], _ environment: [String: String] = [:]) throws
      -> MarketChoice
    {
      try QuoteCommand.parse(["AAPL"] + arguments).options.market(
        environment: environment, credentials: credentials)
    }
    let local = MarketChoice.local(MarketSettings(instant: nil, seed: 0, json: false))
    let other = URL(string: "http://10.0.0.2:8080")!
    let home = URL(string: ServerOptions.defaultServer)!
    #expect(try choice([]) == local)
    #expect(try choice(["--server", other.absoluteString]) == .server(other, token: nil))
    #expect(try choice([], ["RAVEN_SERVER": other.absoluteString]) == .server(other, token: nil))

    try credentials.save(.init(username: "cli", token: "rvn_home", tokenID: 1), for: home)
    #expect(try choice([]) == .server(home, token: "rvn_home"))
    #expect(try choice(["--local"]) == local)
    #expect(
      try choice(["--seed", "7"]) == .local(MarketSettings(instant: nil, seed: 7, json: false)))
    #expect(try choice(["--at", "2026-11-20T18:00:00Z"]) != .server(home, token: "rvn_home"))
    #expect(try choice(["--server", other.absoluteString]) == .server(other, token: nil))
    #expect(throws: ValidationError.self) {
      try choice(["--server", other.absoluteString, "--at", "2026-11-20T18:00:00Z"])
    }
    #expect(throws: ValidationError.self) { try choice(["--server", "nowhere"]) }
  }

  @Test("Credentials are stored per server in a file only the user can read")
  func credentialsFile() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = CredentialsFile.locate(environment: ["XDG_CONFIG_HOME": directory.path])
    let server = URL(string: "http://127.0.0.1:8080/")!
    try file.save(.init(username: "cli", token: "rvn_secret", tokenID: 7), for: server)
    #expect(file.entry(for: URL(string: "http://127.0.0.1:8080")!)?.token == "rvn_secret")
    let attributes = try FileManager.default.attributesOfItem(atPath: file.url.path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    try file.save(nil, for: server)
    #expect(file.entry(for: server) == nil)
  }

  @Test("serve reads flags, then RAVEN_* variables, and refuses bad values")
  func serveConfiguration() throws {
    let fromEnvironment = try ServeCommand.parse([]).serverConfiguration(environment: [
      "RAVEN_PORT": "9090", "RAVEN_STARTING_CASH": "1000.50",
      "RAVEN_SIM_START": "2026-11-20T15:00:00Z",
      "RAVEN_DATA_DIR": "/tmp/raven-x",
    ])
    #expect(fromEnvironment.port == 9090)
    #expect(fromEnvironment.startingCash == Money("1000.50"))
    #expect(fromEnvironment.dataDirectory == "/tmp/raven-x")
    #expect(fromEnvironment.simulationStart != nil)
    let flags = try ServeCommand.parse(["--port", "7070"]).serverConfiguration(environment: [
      "RAVEN_PORT": "9090"
    ])
    #expect(flags.port == 7070)
    #expect(throws: ValidationError.self) {
      try ServeCommand.parse([]).serverConfiguration(environment: ["RAVEN_STARTING_CASH": "-5"])
    }
    #expect(throws: ValidationError.self) {
      try ServeCommand.parse(["--sim-start", "tomorrow"]).serverConfiguration(environment: [:])
    }
    let market = try ServeCommand.parse([
      "--sim-speed", "60", "--sim-reset", "--max-participation", "5",
    ])
    .serverConfiguration(environment: [:])
    #expect(market.simulationSpeed == 60 && market.simulationReset)
    #expect(market.maxParticipation == ExactDecimal(units: 5, fractionDigits: 2))
    #expect(
      try ServeCommand.parse([]).serverConfiguration(environment: [:]).maxParticipation
        == MinuteMatcher.defaultParticipation)
    for bad in [
      ["--sim-speed", "0"], ["--max-participation", "0"], ["--max-participation", "101"],
    ] {
      #expect(throws: ValidationError.self) {
        try ServeCommand.parse(bad).serverConfiguration(environment: [:])
      }
    }
  }

  @Test("providers shows what serves what, the budget left and the state, without a sign-in")
  func providers() async throws {
    try await withServer { server in
      let options = ["--server", server.absoluteString]
      let text = try await withAPIClient(server: server, token: nil) {
        try await ProvidersCommand.parse(options).output(using: $0)
      }
      let lines = text.split(separator: "\n").map(String.init)
      #expect(lines.first?.hasPrefix("PROVIDER") == true)
      #expect(lines.count == 2)
      #expect(lines[1].contains("Raven simulated market (simulated)"))
      #expect(lines[1].contains("quote, search, profile, bars, news"))
      #expect(lines[1].contains("unlimited"))
      #expect(lines[1].hasSuffix("answering"))
      #expect(
        ProvidersCommand.budget([
          .init(
            capacity: 5, refillPerSecond: 21.0 / 86_400, remaining: 3, windowCalls: 25,
            windowSeconds: 86_400),
          .init(capacity: 1, refillPerSecond: 1, remaining: 1, windowCalls: 1, windowSeconds: 1),
        ]) == "1 now (25 a day, 1 a second)")
    }
  }

  @Test("serve reads FINNHUB_API_KEY and FINNHUB_BASE_URL; without a key, no Finnhub")
  func serveFinnhubConfiguration() throws {
    let none = try ServeCommand.parse([]).serverConfiguration(environment: [:])
    #expect(none.finnhubAPIKey == nil)
    #expect(none.finnhubBaseURL == "https://finnhub.io/api/v1")
    let blank = try ServeCommand.parse([]).serverConfiguration(environment: [
      "FINNHUB_API_KEY": "  "
    ])
    #expect(blank.finnhubAPIKey == nil)
    let live = try ServeCommand.parse([]).serverConfiguration(environment: [
      "FINNHUB_API_KEY": "abc123", "FINNHUB_BASE_URL": "http://127.0.0.1:9999/api/v1",
    ])
    #expect(live.finnhubAPIKey == "abc123")
    #expect(live.finnhubBaseURL == "http://127.0.0.1:9999/api/v1")
    let flag = try ServeCommand.parse(["--finnhub-base-url", "https://staging.example/api/v1"])
      .serverConfiguration(environment: ["FINNHUB_BASE_URL": "http://127.0.0.1:9999/api/v1"])
    #expect(flag.finnhubBaseURL == "https://staging.example/api/v1")
    #expect(throws: ValidationError.self) {
      try ServeCommand.parse([]).serverConfiguration(environment: ["FINNHUB_BASE_URL": "finnhub"])
    }
  }

  @Test("serve reads the Alpaca and Alpha Vantage keys and every provider's address")
  func serveLiveProviders() throws {
    let none = try ServeCommand.parse([]).serverConfiguration(environment: [:])
    #expect(none.alpacaKeyID == nil && none.alpacaSecretKey == nil)
    #expect(none.alphaVantageAPIKey == nil)
    #expect(none.finnhubStreamURL == "wss://ws.finnhub.io")
    #expect(none.alpacaDataBaseURL == "https://data.alpaca.markets")
    #expect(none.alphaVantageBaseURL == "https://www.alphavantage.co")
    let live = try ServeCommand.parse([]).serverConfiguration(environment: [
      "ALPACA_API_KEY_ID": "PKTEST", "ALPACA_API_SECRET_KEY": "secret",
      "ALPACA_DATA_BASE_URL": "http://127.0.0.1:9001", "ALPHAVANTAGE_API_KEY": "demo",
      "ALPHAVANTAGE_BASE_URL": "http://127.0.0.1:9002", "FINNHUB_STREAM_URL": "ws://127.0.0.1:9003",
    ])
    #expect(live.alpacaKeyID == "PKTEST" && live.alpacaSecretKey == "secret")
    #expect(live.alpacaDataBaseURL == "http://127.0.0.1:9001")
    #expect(live.alphaVantageAPIKey == "demo")
    #expect(live.alphaVantageBaseURL == "http://127.0.0.1:9002")
    #expect(live.finnhubStreamURL == "ws://127.0.0.1:9003")
    #expect(throws: ValidationError.self) {
      try ServeCommand.parse([]).serverConfiguration(environment: ["ALPACA_API_KEY_ID": "PKTEST"])
    }
    #expect(none.finnhubBudget == .finnhubFree && none.alphaVantageBudget == .alphaVantageFree)
    let paid = try ServeCommand.parse([]).serverConfiguration(environment: [
      "FINNHUB_CALLS_PER_MINUTE": "300", "ALPACA_CALLS_PER_MINUTE": "10000",
      "ALPHAVANTAGE_CALLS_PER_DAY": "500",
    ])
    #expect(paid.finnhubBudget.limits.map(\.window?.calls) == [300])
    #expect(paid.finnhubBudget.limits.map(\.capacity) == [30])
    #expect(paid.alpacaBudget.limits.map(\.window?.calls) == [10_000])
    #expect(paid.alphaVantageBudget.limits.map(\.window?.calls) == [500, 1])
    #expect(throws: ValidationError.self) {
      try ServeCommand.parse([]).serverConfiguration(environment: ["FINNHUB_CALLS_PER_MINUTE": "0"])
    }
    #expect(throws: ValidationError.self) {
      try ServeCommand.parse([]).serverConfiguration(environment: [
        "FINNHUB_STREAM_URL": "https://ws.finnhub.io"
      ])
    }
  }
}

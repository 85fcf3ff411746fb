import ArgumentParser
import Foundation
import RavenAPI
import RavenCore

struct LoginCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "login",
    abstract: "Sign in to a Raven server and keep a personal API token for the other commands.")

  @Option(help: "Your username.") var username: String
  @Flag(help: "Read the password from standard input instead of prompting.") var passwordStdin =
    false
  @OptionGroup var serverOptions: ServerOptions

  func run() async throws {
    let environment = ProcessInfo.processInfo.environment
    let server = try serverOptions.serverURL(environment: environment)
    let password = try readPassword()
    let host = environment["HOSTNAME"] ?? ProcessInfo.processInfo.hostName
    let token = try await withAPIClient(server: server, token: nil) { client in
      try await client.send(
        .POST, "api/v1/auth/tokens",
        body: TokenRequest(username: username, password: password, name: "raven CLI on \(host)"),
        as: CreatedTokenBody.self)
    }
    try CredentialsFile.locate(environment: environment).save(
      .init(username: username.lowercased(), token: token.token, tokenID: token.id), for: server)
    print("Signed in to \(server.absoluteString) as \(username.lowercased()).")
  }

  private func readPassword() throws -> String {
    try readSecret("Password: ", fromStandardInput: passwordStdin)
  }
}

/// A password typed at a prompt (not echoed), or one line of standard input.
func readSecret(_ prompt: String, fromStandardInput: Bool) throws -> String {
  if fromStandardInput {
    guard let line = readLine(strippingNewline: true), !line.isEmpty else {
      throw ValidationError("No password on standard input")
    }
    return line
  }
  guard let typed = getpass(prompt).map({ String(cString: $0) }), !typed.isEmpty else {
    throw ValidationError("No password given")
  }
  return typed
}

struct PasswordCommand: ServerCommand {
  static let configuration = CommandConfiguration(
    commandName: "password",
    abstract: "Change your password; every browser signed in to your account is signed out.",
    discussion: """
      Asks for the current password, then the new one twice (with --password-stdin: three \
      lines, the current password, then the new one twice). The new password is 8 to 128 \
      characters and not one of the most common ones.
      """)

  @Flag(help: "Read the passwords from standard input instead of prompting.") var passwordStdin =
    false
  @OptionGroup var serverOptions: ServerOptions

  func output(using client: RavenAPIClient) async throws -> String {
    let current = try readSecret("Current password: ", fromStandardInput: passwordStdin)
    let new = try readSecret("New password: ", fromStandardInput: passwordStdin)
    guard try readSecret("New password again: ", fromStandardInput: passwordStdin) == new else {
      throw ValidationError("The new passwords differ; nothing changed")
    }
    _ = try await client.send(
      .POST, "api/v1/auth/password",
      body: PasswordChangeRequest(currentPassword: current, newPassword: new),
      as: RavenAPIClient.Empty.self)
    return "Password changed. Browsers signed in to your account were signed out."
  }
}

struct LogoutCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "logout", abstract: "Revoke this machine's API token and forget it.",
    discussion: """
      With --everywhere, signs you out on every device instead: every browser session and \
      every personal API token of your account is revoked, this machine's too. API keys for \
      trading bots stay; revoke them with `raven keys revoke`.
      """)

  @Flag(help: "Sign out every browser and revoke every personal API token (API keys stay).")
  var everywhere = false
  @OptionGroup var serverOptions: ServerOptions

  func run() async throws {
    let environment = ProcessInfo.processInfo.environment
    let server = try serverOptions.serverURL(environment: environment)
    print(try await signOut(of: server, file: CredentialsFile.locate(environment: environment)))
  }

  /// Signs out and says so; the credentials file is given so that tests can use their own.
  func signOut(of server: URL, file: CredentialsFile) async throws -> String {
    guard let entry = file.entry(for: server) else {
      return "Not signed in to \(server.absoluteString)."
    }
    if everywhere {
      // Unlike a plain sign-out, a failure is reported and the token kept: the person asked
      // for every other device to be signed out, and that did not happen.
      try await withAPIClient(server: server, token: entry.token) { client in
        _ = try await client.send(
          .POST, "api/v1/auth/logout-everywhere", as: RavenAPIClient.Empty.self)
      }
      try file.save(nil, for: server)
      return """
        Signed out of \(server.absoluteString) on every device; personal API tokens were \
        revoked. API keys stay.
        """
    }
    _ = try? await withAPIClient(server: server, token: entry.token) { client in
      try await client.send(
        .DELETE, "api/v1/auth/tokens/\(entry.tokenID)", as: RavenAPIClient.Empty.self)
    }
    try file.save(nil, for: server)
    return "Signed out of \(server.absoluteString)."
  }
}

struct PortfolioCommand: ServerCommand {
  static let configuration = CommandConfiguration(
    commandName: "portfolio", abstract: "Show your cash, net worth and positions.")

  @OptionGroup var accountOption: AccountOption
  @OptionGroup var serverOptions: ServerOptions

  func output(using client: RavenAPIClient) async throws -> String {
    let portfolio = try await client.send(
      .GET, "api/v1/portfolio", query: try await accountOption.query(using: client),
      as: PortfolioBody.self)
    if serverOptions.json { return try JSONOutput.render(portfolio) }
    var table = TextTable([
      ("SYMBOL", .left), ("SHARES", .right), ("AVG COST", .right), ("PRICE", .right),
      ("MARKET VALUE", .right), ("CHANGE", .right), ("CHANGE %", .right), ("TODAY", .right),
    ])
    for position in portfolio.positions {
      table.append([
        position.symbol.rawValue,
        // A short position reads as such: "-10 (short)".
        DisplayFormat.shares(position.shares) + (position.shares.isNegative ? " (short)" : ""),
        DisplayFormat.currency(position.avgCost), DisplayFormat.currency(position.price),
        DisplayFormat.currency(position.marketValue),
        DisplayFormat.signedCurrency(position.changeFromCost),
        DisplayFormat.percent(position.changeFromCostPercent),
        DisplayFormat.percent(position.dayChangePercent),
      ])
    }
    var summary = DetailList()
    summary.append("Net worth", DisplayFormat.currency(portfolio.netWorth))
    summary.append("Cash", DisplayFormat.currency(portfolio.cash))
    // What a new buy can spend: open orders hold the rest of the cash.
    summary.append("Buying power", DisplayFormat.currency(portfolio.buyingPower))
    summary.append("Invested", DisplayFormat.currency(portfolio.marketValue))
    if let received = portfolio.dividendsReceived, let pending = portfolio.dividendsPending,
      !(received.isZero && pending.isZero)
    {
      summary.append(
        "Dividends",
        "\(DisplayFormat.currency(received)) received, \(DisplayFormat.currency(pending)) pending")
    }
    if let margin = portfolio.margin {
      summary.append(
        "Margin", "\(margin.multiplier)×, short selling \(margin.shortingEnabled ? "on" : "off")")
      summary.append("Long", DisplayFormat.currency(margin.longMarketValue))
      summary.append("Short", DisplayFormat.currency(margin.shortMarketValue))
      summary.append("Maintenance margin", DisplayFormat.currency(margin.maintenanceMargin))
      // How far the equity may fall before a margin call.
      summary.append(
        "Margin cushion", DisplayFormat.currency(margin.equity - margin.maintenanceMargin))
    }
    let positions = portfolio.positions.isEmpty ? "No positions yet." : table.render()
    return summary.render() + "\n\n" + positions
  }
}

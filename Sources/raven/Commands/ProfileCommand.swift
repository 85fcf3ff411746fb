import ArgumentParser
import RavenCore
import RavenSimulation

struct ProfileCommand: MarketDataCommand {
  static let configuration = CommandConfiguration(
    commandName: "profile", abstract: "Show who a company is: exchange, industry, IPO, peers.")

  @Argument(help: "A ticker symbol, e.g. AAPL.")
  var symbol: String

  @OptionGroup var options: MarketOptions

  /// The profile with the peers the About section lists.
  struct Output: Encodable {
    var profile: CompanyProfile
    var peers: [Symbol]
  }

  func output(in environment: MarketEnvironment) async throws -> String {
    let symbol = try SymbolArgument.parse(symbol)
    let profile = try await environment.market.profile(for: symbol)
    let peers = try await environment.market.peers(for: symbol)
    if environment.json { return try JSONOutput.render(Output(profile: profile, peers: peers)) }
    var details = DetailList()
    details.append("Company", "\(profile.name) (\(profile.symbol))")
    details.append("Exchange", profile.exchange)
    details.append("Industry", profile.industry)
    details.append("IPO", profile.ipo?.description ?? "—")
    details.append("Web", profile.webURL ?? "—")
    if let shares = profile.sharesOutstanding {
      details.append("Shares", DisplayFormat.shares(shares))
    }
    if let cap = profile.marketCapitalization {
      details.append("Market cap", DisplayFormat.currency(cap, fractionDigits: 0))
    }
    details.append("Peers", peers.map(\.rawValue).joined(separator: ", "))
    details.append("Source", profile.source)
    return details.render()
  }
}

/// The kinds of market data a provider serves: one per `MarketDataProvider` method
/// (single and batch quotes are one kind). Raw values label metrics and status reports.
public enum MarketDataKind: String, Sendable, Hashable, Codable, CaseIterable,
  CustomStringConvertible
{
  case quote
  case search
  case profile
  case bars
  case news
  case peers
  case recommendationTrends = "recommendation_trends"
  case earnings
  case socialSentiment = "social_sentiment"
  case marketStatus = "market_status"
  case corporateActions = "corporate_actions"

  public var description: String {
    switch self {
    case .quote: "quotes"
    case .search: "symbol search"
    case .profile: "company profiles"
    case .bars: "price history"
    case .news: "company news"
    case .peers: "peers"
    case .recommendationTrends: "analyst recommendations"
    case .earnings: "earnings"
    case .socialSentiment: "social sentiment"
    case .marketStatus: "market status"
    case .corporateActions: "splits and dividends"
    }
  }
}

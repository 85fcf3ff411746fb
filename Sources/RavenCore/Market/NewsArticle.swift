import Foundation

/// A news story about a company.
public struct NewsArticle: Sendable, Hashable, Codable {
  /// Stable across requests, so a client can open the same story again.
  public var id: String
  public var symbol: Symbol
  public var headline: String
  public var summary: String
  /// The publisher, e.g. `Reuters`; simulated stories name a simulated wire.
  public var source: String
  /// The original story, when there is one to open.
  public var url: String?
  public var imageURL: String?
  public var publishedAt: Date
  public var category: String

  public init(
    id: String, symbol: Symbol, headline: String, summary: String, source: String, url: String?,
    imageURL: String?, publishedAt: Date, category: String
  ) {
    self.id = id
    self.symbol = symbol
    self.headline = headline
    self.summary = summary
    self.source = source
    self.url = url
    self.imageURL = imageURL
    self.publishedAt = publishedAt
    self.category = category
  }
}

/// `GET /v1beta1/news`: `{"news": [...] | null, "next_page_token": null}`.
public struct AlpacaNewsPage: Codable, Hashable, Sendable {
  @NullAsEmpty public var news: [AlpacaArticle]
  @Lenient public var nextPageToken: String?

  public init(news: [AlpacaArticle], nextPageToken: String?) {
    self.news = news
    self.nextPageToken = nextPageToken
  }
}

/// One story. Its `id` is an integer (read as any number or text); `url` is always
/// written, `null` when there is none. A reader takes the fields it does not use
/// leniently.
public struct AlpacaArticle: Codable, Hashable, Sendable {
  public var id: AlpacaAmount?
  public var headline: String?
  @Lenient public var author: String?
  public var createdAt: AlpacaTime?
  @Lenient public var updatedAt: AlpacaTime?
  public var summary: String?
  @Lenient public var content: String?
  @Nullable public var url: String?
  public var images: [Image]?
  @Lenient public var symbols: [String]?
  public var source: String?

  /// `{"size": "thumb" | "small" | "large", "url"}`.
  public struct Image: Codable, Hashable, Sendable {
    public var size: String?
    public var url: String?

    public init(size: String?, url: String?) {
      self.size = size
      self.url = url
    }
  }

  public init(id: AlpacaAmount?, headline: String?, createdAt: AlpacaTime?) {
    self.id = id
    self.headline = headline
    self.createdAt = createdAt
  }
}

import Foundation

/// The market data API's answers in the shapes its reference gives, as `JSONDecoder` reads
/// them. Prices and volumes are JSON numbers, read through `Decimal`.
extension AlpacaDataDecoding {
  /// One symbol's member of `/v2/stocks/snapshots`; the quote and minute bar are unused.
  struct SnapshotAnswer: Decodable {
    var latestTrade: TradeAnswer?
    var dailyBar: BarAnswer?
    var prevDailyBar: BarAnswer?
  }

  /// `{"t","x","p","s","c","i","z"}`.
  struct TradeAnswer: Decodable {
    var price: Decimal?
    /// RFC 3339, to the nanosecond.
    var time: String?

    enum CodingKeys: String, CodingKey {
      case price = "p"
      case time = "t"
    }
  }

  /// `{"t","o","h","l","c","v","n","vw"}`. Every field is optional here, so that the
  /// decoders, not the decoding, decide which are required where.
  struct BarAnswer: Decodable {
    var time: String?
    var open: Decimal?
    var high: Decimal?
    var low: Decimal?
    var close: Decimal?
    var volume: Decimal?

    enum CodingKeys: String, CodingKey {
      case time = "t"
      case open = "o"
      case high = "h"
      case low = "l"
      case close = "c"
      case volume = "v"
    }
  }

  /// `/v2/stocks/{symbol}/bars`: `{"bars": […] | null, "symbol", "next_page_token"}`.
  struct BarPageAnswer: Decodable {
    var bars: [BarAnswer]
    var nextPageToken: String?

    enum CodingKeys: String, CodingKey {
      case bars
      case nextPageToken = "next_page_token"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      bars = try container.listOrNull([BarAnswer].self, forKey: .bars)
      nextPageToken = try container.decodeIfPresent(String.self, forKey: .nextPageToken)
    }
  }

  /// `/v1beta1/news`: `{"news": […] | null, "next_page_token"}`.
  struct NewsAnswer: Decodable {
    var news: [NewsRow]

    enum CodingKeys: String, CodingKey {
      case news
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      news = try container.listOrNull([NewsRow].self, forKey: .news)
    }
  }

  /// `{"id","headline","author","created_at","updated_at","summary","content",
  /// "images": [{"size","url"}],"symbols","source","url"}`.
  struct NewsRow: Decodable {
    var id: UpstreamID?
    var headline: String?
    var createdAt: String?
    var summary: String?
    var source: String?
    var url: String?
    var images: [Image]?

    struct Image: Decodable {
      var size: String?
      var url: String?
    }

    enum CodingKeys: String, CodingKey {
      case id, headline
      case createdAt = "created_at"
      case summary, source, url, images
    }
  }
}

extension KeyedDecodingContainer {
  /// A list Alpaca writes as `null` when it is empty; the key itself must be there, or
  /// the answer is not the one documented.
  fileprivate func listOrNull<Element: Decodable>(_ type: [Element].Type, forKey key: Key)
    throws -> [Element]
  {
    guard contains(key) else {
      throw DecodingError.keyNotFound(
        key, .init(codingPath: codingPath, debugDescription: "The answer has no \(key.stringValue)")
      )
    }
    return try decodeIfPresent(type, forKey: key) ?? []
  }
}

import Foundation
import RavenCore
import RavenHTTP

/// Alpha Vantage's answers in the shapes its documentation gives, as `JSONDecoder` reads
/// them. Every number is text (`"187.9500"`), read exactly as written.
extension AlphaVantageDecoding {
  /// Any member's name: Alpha Vantage names some members after their content
  /// (`"Time Series (60min)"`, `"5. Time Zone"`).
  struct MemberKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// `GLOBAL_QUOTE`: `{"Global Quote": {…}}`.
  struct QuoteAnswer: Decodable {
    var fields: GlobalQuote

    enum CodingKeys: String, CodingKey {
      case fields = "Global Quote"
    }
  }

  /// `{"01. symbol", "02. open", …, "05. price", …, "07. latest trading day",
  /// "08. previous close", …}`; `{}` for a symbol Alpha Vantage does not list.
  struct GlobalQuote: Decodable {
    /// Whether the quote has no fields at all.
    var isEmpty: Bool
    var open: ExactDecimal?
    var high: ExactDecimal?
    var low: ExactDecimal?
    var price: ExactDecimal?
    var latestTradingDay: String?
    var previousClose: ExactDecimal?

    enum CodingKeys: String, CodingKey {
      case open = "02. open"
      case high = "03. high"
      case low = "04. low"
      case price = "05. price"
      case latestTradingDay = "07. latest trading day"
      case previousClose = "08. previous close"
    }

    init(from decoder: any Decoder) throws {
      isEmpty = try decoder.container(keyedBy: MemberKey.self).allKeys.isEmpty
      let container = try decoder.container(keyedBy: CodingKeys.self)
      // A field that is missing or not a number is left for the decoder to judge: the
      // price is required, the others fall back to it.
      open = container.decimalIfReadable(forKey: .open)
      high = container.decimalIfReadable(forKey: .high)
      low = container.decimalIfReadable(forKey: .low)
      price = container.decimalIfReadable(forKey: .price)
      previousClose = container.decimalIfReadable(forKey: .previousClose)
      latestTradingDay = try? container.decode(String.self, forKey: .latestTradingDay)
    }
  }

  /// `SYMBOL_SEARCH`: `{"bestMatches": [{"1. symbol", "2. name", "3. type", "4. region", …,
  /// "9. matchScore"}]}`.
  struct SearchAnswer: Decodable {
    var bestMatches: [Match]
  }

  struct Match: Decodable {
    var symbol: String?
    var name: String?
    var type: String?
    var region: String?
    /// `nil` when missing or not a number: such a match ranks last.
    var matchScore: ExactDecimal?

    enum CodingKeys: String, CodingKey {
      case symbol = "1. symbol"
      case name = "2. name"
      case type = "3. type"
      case region = "4. region"
      case matchScore = "9. matchScore"
    }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: CodingKeys.self)
      symbol = try container.decodeIfPresent(String.self, forKey: .symbol)
      name = try container.decodeIfPresent(String.self, forKey: .name)
      type = try container.decodeIfPresent(String.self, forKey: .type)
      region = try container.decodeIfPresent(String.self, forKey: .region)
      matchScore = container.decimalIfReadable(forKey: .matchScore)
    }
  }

  /// `TIME_SERIES_*`: `{"Meta Data": {…, "5. Time Zone": "US/Eastern"}, "Time Series
  /// (Daily)": {"2024-01-03": {…}, …}}`; the series' name depends on the function.
  struct SeriesAnswer: Decodable {
    /// The bars by their stamp (`2024-01-03`, or `2024-01-03 15:00:00` intraday).
    var rows: [String: SeriesRow]
    /// `Meta Data`'s `"N. Time Zone"`, when it names one.
    var timeZone: String?

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: MemberKey.self)
      guard let series = container.allKeys.first(where: { $0.stringValue.contains("Time Series") })
      else {
        throw DecodingError.keyNotFound(
          MemberKey("Time Series"),
          .init(codingPath: container.codingPath, debugDescription: "The answer has no series"))
      }
      rows = try container.decode([String: SeriesRow].self, forKey: series)
      let metaData = try? container.nestedContainer(
        keyedBy: MemberKey.self, forKey: MemberKey("Meta Data"))
      timeZone = metaData.flatMap { metaData in
        metaData.allKeys.first { $0.stringValue.hasSuffix("Time Zone") }.flatMap {
          try? metaData.decode(String.self, forKey: $0)
        }
      }
    }
  }

  /// `{"1. open", "2. high", "3. low", "4. close", "5. volume"}`, all required.
  struct SeriesRow: Decodable {
    var open: UpstreamDecimal
    var high: UpstreamDecimal
    var low: UpstreamDecimal
    var close: UpstreamDecimal
    var volume: UpstreamDecimal

    enum CodingKeys: String, CodingKey {
      case open = "1. open"
      case high = "2. high"
      case low = "3. low"
      case close = "4. close"
      case volume = "5. volume"
    }
  }
}

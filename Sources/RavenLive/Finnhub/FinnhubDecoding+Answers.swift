import Foundation

/// Finnhub's answers in the shapes its API documentation gives, as `JSONDecoder` reads
/// them. Every field Finnhub may leave out or send as `null` is optional; which absences
/// matter is decided in `FinnhubDecoding`.
extension FinnhubDecoding {
  /// `/quote`: `{"c","d","dp","h","l","o","pc","t"}`.
  struct QuoteAnswer: Decodable {
    var current: Decimal?
    var open: Decimal?
    var high: Decimal?
    var low: Decimal?
    var previousClose: Decimal?
    /// Seconds since 1970; `0` for a symbol Finnhub does not list.
    var time: Int64?

    enum CodingKeys: String, CodingKey {
      case current = "c"
      case open = "o"
      case high = "h"
      case low = "l"
      case previousClose = "pc"
      case time = "t"
    }
  }

  /// `/search`: `{"count", "result": [{"description","displaySymbol","symbol","type"}]}`.
  struct SearchAnswer: Decodable {
    var result: [Row]

    struct Row: Decodable {
      var description: String?
      var displaySymbol: String?
      var symbol: String?
      var exchange: String?
    }
  }

  /// `/stock/profile2`: `{}` for an unknown symbol.
  struct ProfileAnswer: Decodable {
    var name: String?
    var exchange: String?
    var finnhubIndustry: String?
    var ipo: String?
    var weburl: String?
    var country: String?
    var currency: String?
    /// In millions.
    var shareOutstanding: Decimal?
    /// In millions of dollars.
    var marketCapitalization: Decimal?
  }

  /// `/stock/candle`: `{"s":"ok","t":[…],"o":[…],"h":[…],"l":[…],"c":[…],"v":[…]}` or
  /// `{"s":"no_data"}`.
  struct CandlesAnswer: Decodable {
    var status: String
    var times: [Int64]?
    var opens: [Decimal]?
    var highs: [Decimal]?
    var lows: [Decimal]?
    var closes: [Decimal]?
    var volumes: [Decimal]?

    enum CodingKeys: String, CodingKey {
      case status = "s"
      case times = "t"
      case opens = "o"
      case highs = "h"
      case lows = "l"
      case closes = "c"
      case volumes = "v"
    }
  }

  /// One story of `/company-news`.
  struct NewsRow: Decodable {
    var category: String?
    var datetime: Int64?
    var headline: String?
    var id: UpstreamID?
    var image: String?
    var source: String?
    var summary: String?
    var url: String?
  }

  /// One month of `/stock/recommendation`.
  struct TrendRow: Decodable {
    var period: String?
    var strongBuy: Int?
    var buy: Int?
    var hold: Int?
    var sell: Int?
    var strongSell: Int?
  }

  /// One quarter of `/stock/earnings`; `actual` is `null` until it is reported.
  struct EarningsRow: Decodable {
    var period: String?
    var year: Int?
    var quarter: Int?
    var actual: Decimal?
    var estimate: Decimal?
  }

  /// `/stock/social-sentiment`, in its older (`reddit`, `twitter`) or newer (`data`) shape.
  struct SentimentAnswer: Decodable {
    var data: [SentimentRow]?
    var reddit: [SentimentRow]?
    var twitter: [SentimentRow]?
  }

  struct SentimentRow: Decodable {
    var mention: Int?
    var positiveMention: Int?
    var negativeMention: Int?
    var score: Decimal?
  }

  /// `/stock/market-status`: `{"exchange","holiday","isOpen","session","timezone","t"}`.
  /// Both fields are required: an answer without them is not the documented one.
  struct MarketStatusAnswer: Decodable {
    /// Unused: the phase comes from the NYSE calendar at `time`.
    var isOpen: Bool
    /// Seconds since 1970.
    var time: Int64

    enum CodingKeys: String, CodingKey {
      case isOpen
      case time = "t"
    }
  }
}

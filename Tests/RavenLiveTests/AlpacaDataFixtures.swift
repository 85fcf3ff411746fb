/// Answers in the shapes Alpaca's market data API reference gives for each endpoint.
enum AlpacaDataFixtures {
  /// AAPL after Friday 2024-01-05's close; MSFT before Friday's open, with a pre-market
  /// trade and Thursday's daily bar; EMPTY with nothing to price it by. Unknown symbols
  /// are absent.
  static let snapshots: [String: String] = [
    "AAPL": """
    {"latestTrade": {"t": "2024-01-05T20:59:59.912345678Z", "x": "V", "p": 181.1800,
      "s": 100, "c": ["@"], "i": 52983525029461, "z": "C"},
     "latestQuote": {"t": "2024-01-05T20:59:59.95Z", "ax": "V", "ap": 181.2, "as": 1,
      "bx": "V", "bp": 181.17, "bs": 2, "c": ["R"], "z": "C"},
     "minuteBar": {"t": "2024-01-05T20:59:00Z", "o": 181.2, "h": 181.25, "l": 181.15,
      "c": 181.18, "v": 5210, "n": 40, "vw": 181.2},
     "dailyBar": {"t": "2024-01-05T05:00:00Z", "o": 181.9900, "h": 182.7600, "l": 180.1700,
      "c": 181.18, "v": 1203346, "n": 15023, "vw": 181.41},
     "prevDailyBar": {"t": "2024-01-04T05:00:00Z", "o": 182.15, "h": 183.0872, "l": 180.88,
      "c": 181.9100, "v": 1533020, "n": 16001, "vw": 181.9}}
    """,
    "MSFT": """
    {"latestTrade": {"t": "2024-01-05T13:00:00Z", "x": "V", "p": 368.5, "s": 10,
      "c": ["@", "T"], "i": 1, "z": "C"},
     "latestQuote": null, "minuteBar": null,
     "dailyBar": {"t": "2024-01-04T05:00:00Z", "o": 370.6600, "h": 373.1, "l": 367.17,
      "c": 367.94, "v": 900123, "n": 9000, "vw": 368.8},
     "prevDailyBar": {"t": "2024-01-03T05:00:00Z", "o": 369.01, "h": 373.26, "l": 368.51,
      "c": 370.6, "v": 800000, "n": 8000, "vw": 370}}
    """,
    "EMPTY": """
    {"latestTrade": null, "latestQuote": null, "minuteBar": null, "dailyBar": null,
     "prevDailyBar": null}
    """,
  ]

  /// Hourly bars of 2024-01-03 over three pages, with pre-market (08:00 New York) and
  /// after-hours (16:00) bars and one of the next day.
  static let hourlyPages: [String?: String] = [
    nil: """
    {"bars": [
      {"t": "2024-01-03T13:00:00Z", "o": 184.0, "h": 184.5, "l": 183.8, "c": 184.2, "v": 20000,
       "n": 300, "vw": 184.1},
      {"t": "2024-01-03T14:00:00Z", "o": 184.2200, "h": 185.8800, "l": 183.9, "c": 185.1000,
       "v": 800000, "n": 9000, "vw": 185.0}],
     "symbol": "AAPL", "next_page_token": "QUFQTHxNfDIwMjQtMDEtMDNUMTU="}
    """,
    "QUFQTHxNfDIwMjQtMDEtMDNUMTU=": """
    {"bars": [
      {"t": "2024-01-03T15:00:00Z", "o": 185.1, "h": 185.3, "l": 184.7, "c": 184.9500,
       "v": 600000, "n": 7000, "vw": 185.0},
      {"t": "2024-01-03T20:00:00Z", "o": 184.6, "h": 184.7, "l": 184.01, "c": 184.2500,
       "v": 995000, "n": 11000, "vw": 184.3}],
     "symbol": "AAPL", "next_page_token": "page-3"}
    """,
    "page-3": """
    {"bars": [
      {"t": "2024-01-03T21:00:00Z", "o": 184.25, "h": 184.3, "l": 184.1, "c": 184.2, "v": 3100,
       "n": 30, "vw": 184.2},
      {"t": "2024-01-04T14:00:00Z", "o": 182.15, "h": 183.0, "l": 181.9, "c": 182.5, "v": 700000,
       "n": 8000, "vw": 182.4}],
     "symbol": "AAPL", "next_page_token": null}
    """,
  ]

  /// Daily bars stamped at New York midnight, and weekly bars at their Mondays (holidays
  /// on 2023-12-25 and 2024-01-01), as one page each.
  static let dailyBars = [
    #"{"t": "2024-01-02T05:00:00Z", "o": 187.15, "h": 188.44, "l": 183.885, "c": 185.64, "v": 82488700}"#,
    #"{"t": "2024-01-03T05:00:00Z", "o": 184.22, "h": 185.88, "l": 183.43, "c": 184.2500, "v": 58414500}"#,
    #"{"t": "2024-01-04T05:00:00Z", "o": 182.15, "h": 183.0872, "l": 180.88, "c": 181.91, "v": 71983600}"#,
  ]
  static let weeklyBars = [
    #"{"t": "2023-12-18T05:00:00Z", "o": 196.09, "h": 199.62, "l": 191.725, "c": 193.6, "v": 297523900}"#,
    #"{"t": "2023-12-25T05:00:00Z", "o": 195.18, "h": 195.41, "l": 191.09, "c": 192.53, "v": 177283100}"#,
    #"{"t": "2024-01-01T05:00:00Z", "o": 187.15, "h": 188.44, "l": 180.17, "c": 181.18, "v": 275190100}"#,
  ]

  /// Stories at 2024-01-05 15:00 UTC and 2024-01-04 12:00 UTC, one from December and one
  /// without a headline.
  static let newsAAPL = """
    {"news": [
      {"id": 36628911, "headline": "Apple opens a store", "author": "Jane Doe",
       "created_at": "2024-01-05T15:00:00Z", "updated_at": "2024-01-05T15:10:00Z",
       "summary": "A new store.", "content": "<p>A new store.</p>", "images": [],
       "symbols": ["AAPL"], "source": "benzinga", "url": "https://example.com/a"},
      {"id": 36628800, "headline": "Apple \\u00e9lectrique", "author": "",
       "created_at": "2024-01-04T12:00:00Z", "updated_at": "2024-01-04T12:00:00Z",
       "summary": "", "content": "",
       "images": [{"size": "thumb", "url": "https://example.com/t.jpg"},
                  {"size": "large", "url": "https://example.com/l.jpg"},
                  {"size": "small", "url": "https://example.com/s.jpg"}],
       "symbols": ["AAPL", "MSFT"], "source": "benzinga", "url": ""},
      {"id": 36600000, "headline": "", "author": "", "created_at": "2024-01-04T11:00:00Z",
       "updated_at": "2024-01-04T11:00:00Z", "summary": "", "content": "", "images": [],
       "symbols": ["AAPL"], "source": "benzinga", "url": ""},
      {"id": 36000000, "headline": "An old story", "author": "",
       "created_at": "2023-12-20T12:00:00Z", "updated_at": "2023-12-20T12:00:00Z",
       "summary": "", "content": "", "images": [], "symbols": ["AAPL"], "source": "benzinga",
       "url": ""}],
     "next_page_token": "MTcwNDM2OTYwMDAwMDAwMDAwMHwzNjYyODgwMA=="}
    """
}

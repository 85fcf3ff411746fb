/// Answers in the shapes Finnhub's API documentation gives for each endpoint.
enum FinnhubFixtures {
  /// 2020-02-25 14:30 UTC, the opening bell.
  static let quoteAAPL = """
    {"c":261.74,"d":2.29,"dp":0.8826,"h":263.31,"l":260.68,"o":261.07,"pc":259.45,"t":1582641000}
    """
  static let quoteMSFT = """
    {"c":415.1,"d":-2.3,"dp":-0.551,"h":418,"l":414.02,"o":417.5,"pc":417.4,"t":1582641000}
    """
  /// What `/quote` answers for a symbol Finnhub does not list.
  static let quoteUnknown = """
    {"c":0,"d":null,"dp":null,"h":0,"l":0,"o":0,"pc":0,"t":0}
    """
  static let profileAAPL = """
    {"country":"US","currency":"USD","estimateCurrency":"USD",
     "exchange":"NASDAQ NMS - GLOBAL MARKET","finnhubIndustry":"Technology","ipo":"1980-12-12",
     "logo":"https://static2.finnhub.io/file/publicdatany/finnhubimage/stock_logo/AAPL.png",
     "marketCapitalization":3975462.8917436395,"name":"Apple Inc","phone":"14089961010",
     "shareOutstanding":14776.35,"ticker":"AAPL","weburl":"https://www.apple.com/"}
    """
  static let searchApple = """
    {"count":4,"result":[
      {"description":"APPLE INC","displaySymbol":"AAPL","symbol":"AAPL","type":"Common Stock"},
      {"description":"APPLE HOSPITALITY REIT INC","displaySymbol":"APLE","symbol":"APLE",
       "type":"Common Stock"},
      {"description":"APPLE INC","displaySymbol":"AAPL","symbol":"AAPL","type":"Common Stock"},
      {"description":"APPLE INC","displaySymbol":"AAPL.SW","symbol":"AAPL.SW","type":"Common Stock"}
    ]}
    """
  /// Stories at 2025-11-20 15:00 UTC, 2025-11-19 12:00 UTC and 2025-11-01 00:00 UTC.
  static let newsAAPL = """
    [{"category":"company","datetime":1763650800,"headline":"Apple opens a store",
      "id":7423961,"image":"https://example.com/a.jpg","related":"AAPL","source":"Reuters",
      "summary":"A new store.","url":"https://example.com/a"},
     {"category":"company","datetime":1763553600,"headline":"Apple \\u00e9lectrique \\ud83c\\udf4e",
      "id":7423950,"image":"","related":"AAPL","source":"Yahoo","summary":"",
      "url":"https://example.com/b"},
     {"category":"company","datetime":1761955200,"headline":"An old story","id":1,"image":"",
      "related":"AAPL","source":"Yahoo","summary":"","url":""}]
    """
  static let recommendationAAPL = """
    [{"buy":24,"hold":7,"period":"2026-10-01","sell":0,"strongBuy":13,"strongSell":0,
      "symbol":"AAPL"},
     {"buy":25,"hold":6,"period":"2026-11-01","sell":1,"strongBuy":14,"strongSell":0,
      "symbol":"AAPL"}]
    """
  /// The older shape: one array per platform.
  static let sentimentOldShape = """
    {"reddit":[
       {"atTime":"2022-04-25 04:00:00","mention":10,"positiveScore":0.9,"negativeScore":-0.5,
        "positiveMention":6,"negativeMention":2,"score":0.5},
       {"atTime":"2022-04-25 05:00:00","mention":5,"positiveScore":0.8,"negativeScore":-0.4,
        "positiveMention":3,"negativeMention":1,"score":0.25}],
     "twitter":[
       {"atTime":"2022-04-25 04:00:00","mention":20,"positiveScore":0.7,"negativeScore":-0.6,
        "positiveMention":12,"negativeMention":4,"score":-0.1}],
     "symbol":"AAPL"}
    """
  /// The newer shape: one array for all platforms.
  static let sentimentNewShape = """
    {"data":[
       {"atTime":"2022-04-25","mention":86,"positiveScore":0.96,"negativeScore":-0.77,
        "positiveMention":50,"negativeMention":30,"score":0.224,"symbol":"MSFT"},
       {"atTime":"2022-04-26","mention":14,"positiveScore":0.9,"negativeScore":-0.5,
        "positiveMention":10,"negativeMention":2,"score":0.5,"symbol":"MSFT"}],
     "symbol":"MSFT"}
    """
  /// An estimate for a quarter not yet reported, then two reported quarters.
  static let earningsAAPL = """
    [{"actual":null,"estimate":2.35,"period":"2026-12-31","quarter":1,"surprise":null,
      "surprisePercent":null,"symbol":"AAPL","year":2027},
     {"actual":1.52,"estimate":1.43,"period":"2022-12-31","quarter":1,"surprise":0.09,
      "surprisePercent":6.2937,"symbol":"AAPL","year":2023},
     {"actual":1.88,"estimate":1.9744,"period":"2023-03-31","quarter":2,"surprise":-0.0944,
      "surprisePercent":-4.7812,"symbol":"AAPL","year":2023}]
    """
  /// Daily candles for 2019-09-24, 25 and 26 (04:00 UTC stamps).
  static let candlesAAPL = """
    {"c":[217.68,221.03,219.89],"h":[222.49,221.5,220.94],"l":[217.19,217.1402,218.83],
     "o":[221.03,218.55,220],"s":"ok","t":[1569297600,1569384000,1569470400],
     "v":[33463820,24018876,20730608]}
    """
  /// 2023-10-11 09:54:01 UTC: 05:54 in New York on a Wednesday, pre-market.
  static let marketStatus = """
    {"exchange":"US","holiday":null,"isOpen":false,"session":"pre-market",
     "timezone":"America/New_York","t":1697018041}
    """
}

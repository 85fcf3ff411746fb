/// Answers in the shapes Alpha Vantage's API documentation gives for each function. Alpha
/// Vantage writes every number as text.
enum AlphaVantageFixtures {
  /// Friday 2024-01-05's quote.
  static let quoteAAPL = """
    {"Global Quote": {"01. symbol": "AAPL", "02. open": "187.1500", "03. high": "188.4400",
      "04. low": "183.8850", "05. price": "187.9500", "06. volume": "60943731",
      "07. latest trading day": "2024-01-05", "08. previous close": "184.2500",
      "09. change": "3.7000", "10. change percent": "2.0081%"}}
    """
  static let quoteMSFT = """
    {"Global Quote": {"01. symbol": "MSFT", "02. open": "370.6600", "03. high": "373.1000",
      "04. low": "367.1700", "05. price": "367.7500", "06. volume": "20987000",
      "07. latest trading day": "2024-01-05", "08. previous close": "368.0000",
      "09. change": "-0.2500", "10. change percent": "-0.0679%"}}
    """
  /// What `GLOBAL_QUOTE` answers for a symbol Alpha Vantage does not list.
  static let quoteUnknown = #"{"Global Quote": {}}"#

  /// US stocks and an ETF, a London listing, a mutual fund and a repeated row, not in
  /// score order.
  static let searchApple = """
    {"bestMatches": [
      {"1. symbol": "APLE", "2. name": "Apple Hospitality REIT Inc", "3. type": "Equity",
       "4. region": "United States", "5. marketOpen": "09:30", "6. marketClose": "16:00",
       "7. timezone": "UTC-04", "8. currency": "USD", "9. matchScore": "0.8889"},
      {"1. symbol": "AAPL", "2. name": "Apple Inc", "3. type": "Equity",
       "4. region": "United States", "5. marketOpen": "09:30", "6. marketClose": "16:00",
       "7. timezone": "UTC-04", "8. currency": "USD", "9. matchScore": "1.0000"},
      {"1. symbol": "APC.DEX", "2. name": "Apple Inc", "3. type": "Equity",
       "4. region": "XETRA", "5. marketOpen": "08:00", "6. marketClose": "20:00",
       "7. timezone": "UTC+02", "8. currency": "EUR", "9. matchScore": "0.7143"},
      {"1. symbol": "AAPL", "2. name": "Apple Inc", "3. type": "Equity",
       "4. region": "United States", "5. marketOpen": "09:30", "6. marketClose": "16:00",
       "7. timezone": "UTC-04", "8. currency": "USD", "9. matchScore": "0.6000"},
      {"1. symbol": "APPLX", "2. name": "Appleseed Fund", "3. type": "Mutual Fund",
       "4. region": "United States", "5. marketOpen": "09:30", "6. marketClose": "16:00",
       "7. timezone": "UTC-04", "8. currency": "USD", "9. matchScore": "0.6667"},
      {"1. symbol": "IAPL", "2. name": "Apple ETF", "3. type": "ETF",
       "4. region": "United States", "5. marketOpen": "09:30", "6. marketClose": "16:00",
       "7. timezone": "UTC-04", "8. currency": "USD", "9. matchScore": "0.5000"}
    ]}
    """

  /// The first four sessions of 2024, newest first as Alpha Vantage lists them.
  static let dailyAAPL = """
    {"Meta Data": {"1. Information": "Daily Prices (open, high, low, close) and Volumes",
      "2. Symbol": "AAPL", "3. Last Refreshed": "2024-01-05", "4. Output Size": "Compact",
      "5. Time Zone": "US/Eastern"},
     "Time Series (Daily)": {
      "2024-01-05": {"1. open": "181.9900", "2. high": "182.7600", "3. low": "180.1700",
        "4. close": "181.1800", "5. volume": "62303300"},
      "2024-01-04": {"1. open": "182.1500", "2. high": "183.0872", "3. low": "180.8800",
        "4. close": "181.9100", "5. volume": "71983600"},
      "2024-01-03": {"1. open": "184.2200", "2. high": "185.8800", "3. low": "183.4300",
        "4. close": "184.2500", "5. volume": "58414500"},
      "2024-01-02": {"1. open": "187.1500", "2. high": "188.4400", "3. low": "183.8850",
        "4. close": "185.6400", "5. volume": "82488700"}}}
    """

  /// Weeks dated by their last trading day: 2024-01-05 (Monday the 1st a holiday),
  /// 2023-12-29 (Monday the 25th a holiday) and 2023-12-22.
  static let weeklyAAPL = """
    {"Meta Data": {"1. Information": "Weekly Prices (open, high, low, close) and Volumes",
      "2. Symbol": "AAPL", "3. Last Refreshed": "2024-01-05", "4. Time Zone": "US/Eastern"},
     "Weekly Time Series": {
      "2024-01-05": {"1. open": "187.1500", "2. high": "188.4400", "3. low": "180.1700",
        "4. close": "181.1800", "5. volume": "275190100"},
      "2023-12-29": {"1. open": "195.1800", "2. high": "195.4100", "3. low": "191.0900",
        "4. close": "192.5300", "5. volume": "177283100"},
      "2023-12-22": {"1. open": "196.0900", "2. high": "199.6200", "3. low": "191.7250",
        "4. close": "193.6000", "5. volume": "297523900"}}}
    """

  /// Months dated by their last trading day.
  static let monthlyAAPL = """
    {"Meta Data": {"1. Information": "Monthly Prices (open, high, low, close) and Volumes",
      "2. Symbol": "AAPL", "3. Last Refreshed": "2024-01-05", "4. Time Zone": "US/Eastern"},
     "Monthly Time Series": {
      "2024-01-05": {"1. open": "187.1500", "2. high": "188.4400", "3. low": "180.1700",
        "4. close": "181.1800", "5. volume": "275190100"},
      "2023-12-29": {"1. open": "190.3300", "2. high": "199.6200", "3. low": "187.4511",
        "4. close": "192.5300", "5. volume": "1062774800"}}}
    """

  /// Hourly bars of 2024-01-03 in New York time, with a pre-market and an after-hours
  /// bar that Raven leaves out.
  static let hourlyAAPL = """
    {"Meta Data": {"1. Information": "Intraday (60min) open, high, low, close prices and volume",
      "2. Symbol": "AAPL", "3. Last Refreshed": "2024-01-03 16:00:00", "4. Interval": "60min",
      "5. Output Size": "Compact", "6. Time Zone": "US/Eastern"},
     "Time Series (60min)": {
      "2024-01-03 16:00:00": {"1. open": "184.2500", "2. high": "184.3000", "3. low": "184.1000",
        "4. close": "184.2000", "5. volume": "3100"},
      "2024-01-03 15:00:00": {"1. open": "184.6000", "2. high": "184.7000", "3. low": "184.0100",
        "4. close": "184.2500", "5. volume": "9950000"},
      "2024-01-03 09:00:00": {"1. open": "184.2200", "2. high": "185.8800", "3. low": "183.9000",
        "4. close": "185.1000", "5. volume": "8000000"},
      "2024-01-03 08:00:00": {"1. open": "184.0000", "2. high": "184.5000", "3. low": "183.8000",
        "4. close": "184.2000", "5. volume": "20000"}}}
    """

  /// Per-minute limit, as older keys are told.
  static let note = """
    {"Note": "Thank you for using Alpha Vantage! Our standard API call frequency is 5 calls per minute and 500 calls per day."}
    """
  static let dailyLimit = """
    {"Information": "Thank you for using Alpha Vantage! Our standard API rate limit is 25 requests per day. Please subscribe to any of the premium plans at https://www.alphavantage.co/premium/ to instantly remove all daily rate limits."}
    """
  static let premiumEndpoint = """
    {"Information": "Thank you for using Alpha Vantage! This is a premium endpoint. You may subscribe to any of the premium plans at https://www.alphavantage.co/premium/ to instantly unlock all premium endpoints"}
    """
  static let premiumOutputSize = """
    {"Information": "Thank you for using Alpha Vantage! The outputsize=full parameter value is a premium feature for the TIME_SERIES_DAILY endpoint. You may subscribe to any of the premium plans at https://www.alphavantage.co/premium/ to instantly unlock all premium features"}
    """
  static let invalidCall = """
    {"Error Message": "Invalid API call. Please retry or visit the documentation (https://www.alphavantage.co/documentation/) for TIME_SERIES_DAILY."}
    """
  static let invalidKey = """
    {"Error Message": "the parameter apikey is invalid or missing. Please claim your free API key on (https://www.alphavantage.co/support/#api-key). It should take less than 20 seconds."}
    """
}

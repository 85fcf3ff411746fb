extension FinnhubFixtures {
  /// `/stock/dividend?symbol=AAPL`, in the shape of Finnhub's reference: the amount as paid
  /// (and split-adjusted beside it), a row in another currency, a row without a pay date
  /// written as `""`.
  static let dividendsAAPL = """
    [{"symbol":"AAPL","date":"2019-11-07","amount":0.77,"adjustedAmount":0.1925,
      "payDate":"2019-11-14","recordDate":"2019-11-11","declarationDate":"2019-10-30",
      "currency":"USD","freq":"4"},
     {"symbol":"AAPL","date":"2020-02-07","amount":0.77,"adjustedAmount":0.1925,
      "payDate":"","recordDate":"2020-02-10","declarationDate":"","currency":"USD","freq":"4"},
     {"symbol":"AAPL","date":"2020-03-02","amount":0.5,"adjustedAmount":0.5,
      "payDate":"2020-03-20","recordDate":"2020-03-03","declarationDate":"2020-02-01",
      "currency":"EUR","freq":"4"}]
    """

  /// `/stock/split?symbol=AAPL`.
  static let splitsAAPL = """
    [{"symbol":"AAPL","date":"2014-06-09","fromFactor":1,"toFactor":7},
     {"symbol":"AAPL","date":"2020-08-31","fromFactor":1,"toFactor":4}]
    """
}

extension AlpacaDataFixtures {
  /// `/v1/corporate-actions` answers by symbol and page token, in the shape of Alpaca's
  /// reference: groups with no actions left out, rates as JSON numbers, AAPL's 2020 split
  /// payable before its ex-date (as Alpaca lists it).
  static let corporateActions: [String: String] = [
    "AAPL": """
    {"corporate_actions": {
      "forward_splits": [{"id": "b3b1ba29-5e9c-4bb4-a2f3-62b3b8a34e85", "symbol": "AAPL",
        "cusip": "037833100", "new_rate": 4, "old_rate": 1, "process_date": "2020-08-31",
        "ex_date": "2020-08-31", "record_date": "2020-08-24", "payable_date": "2020-08-28"}],
      "cash_dividends": [{"id": "0a7c2bf6-7a1f-44a6-a3b0-7a18e8e3c0a1", "symbol": "AAPL",
        "cusip": "037833100", "rate": 0.25, "special": false, "foreign": false,
        "process_date": "2024-08-15", "ex_date": "2024-08-12", "record_date": "2024-08-12",
        "payable_date": "2024-08-15"}]},
     "next_page_token": "p2"}
    """,
    "AAPLp2": """
    {"corporate_actions": {
      "cash_dividends": [{"id": "5f0e0c7e-0d57-4f4c-9d5b-2b4c3a1b9f10", "symbol": "AAPL",
        "cusip": "037833100", "rate": 0.0025, "special": true, "foreign": false,
        "process_date": "2024-05-16", "ex_date": "2024-05-10", "record_date": null}]},
     "next_page_token": null}
    """,
    "GE": """
    {"corporate_actions": {
      "reverse_splits": [{"id": "c1d2e3f4-0000-4000-8000-000000000001", "symbol": "GE",
        "old_cusip": "369604103", "new_cusip": "369604301", "new_rate": 1, "old_rate": 8,
        "process_date": "2021-08-02", "ex_date": "2021-08-02", "record_date": "2021-08-02",
        "payable_date": "2021-08-02"}]},
     "next_page_token": null}
    """,
    "ODD": """
    {"corporate_actions": {
      "forward_splits": [{"id": "c1d2e3f4-0000-4000-8000-000000000002", "symbol": "ODD",
        "cusip": "000000000", "new_rate": 1.5, "old_rate": 1, "process_date": "2025-06-02",
        "ex_date": "2025-06-02", "record_date": "2025-05-27", "payable_date": "2025-05-30"}]},
     "next_page_token": null}
    """,
    "NOSPLIT": """
    {"corporate_actions": {
      "forward_splits": [{"id": "c1d2e3f4-0000-4000-8000-000000000003", "symbol": "NOSPLIT",
        "cusip": "000000000", "new_rate": 1, "old_rate": 1, "process_date": "2025-06-02",
        "ex_date": "2025-06-02", "record_date": "2025-05-27", "payable_date": "2025-05-30"}]},
     "next_page_token": null}
    """,
  ]
}

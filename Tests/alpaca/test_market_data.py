"""alpaca-py's StockHistoricalDataClient, unmodified, against `raven serve`: bars for two
symbols across pages (the SDK follows next_page_token), latest quote, trade and bar, and
snapshots, from the same simulated market the web app shows."""

from __future__ import annotations

from datetime import datetime, timezone
from decimal import Decimal

import pytest
from alpaca.data.historical import StockHistoricalDataClient
from alpaca.data.requests import (
    StockBarsRequest,
    StockLatestBarRequest,
    StockLatestQuoteRequest,
    StockLatestTradeRequest,
    StockSnapshotRequest,
)
from alpaca.data.timeframe import TimeFrame, TimeFrameUnit


@pytest.fixture(scope="module")
def data(raven, key):
    return StockHistoricalDataClient(key["keyId"], key["secret"], url_override=raven.base)


def test_bars_across_pages(data):
    # A month of minute bars for two symbols: ~17,000 bars, more than one page of 10,000.
    bars = data.get_stock_bars(
        StockBarsRequest(
            symbol_or_symbols=["AAPL", "MSFT"], timeframe=TimeFrame.Minute,
            start=datetime(2026, 10, 1, tzinfo=timezone.utc), end=datetime(2026, 11, 1, tzinfo=timezone.utc),
        )
    )
    apple, microsoft = bars.data["AAPL"], bars.data["MSFT"]
    assert len(apple) == len(microsoft) > 8_000
    times = [b.timestamp for b in apple]
    assert times == sorted(times) and len(set(times)) == len(times)
    assert all(b.low <= min(b.open, b.close) and max(b.open, b.close) <= b.high for b in apple)


def test_grouped_and_daily_bars(data):
    fifteen = data.get_stock_bars(
        StockBarsRequest(
            symbol_or_symbols="AAPL", timeframe=TimeFrame(15, TimeFrameUnit.Minute),
            start=datetime(2026, 11, 19, 14, 30, tzinfo=timezone.utc),
            end=datetime(2026, 11, 19, 21, 0, tzinfo=timezone.utc),
        )
    ).data["AAPL"]
    assert len(fifteen) == 26
    minutes = data.get_stock_bars(
        StockBarsRequest(
            symbol_or_symbols="AAPL", timeframe=TimeFrame.Minute,
            start=datetime(2026, 11, 19, 14, 30, tzinfo=timezone.utc),
            end=datetime(2026, 11, 19, 14, 44, tzinfo=timezone.utc),  # inclusive, as Alpaca's
        )
    ).data["AAPL"]
    # A 15-minute bar is exactly its 15 minutes.
    assert fifteen[0].open == minutes[0].open and fifteen[0].close == minutes[-1].close
    assert fifteen[0].high == max(b.high for b in minutes) and fifteen[0].volume == sum(b.volume for b in minutes)
    daily = data.get_stock_bars(
        StockBarsRequest(symbol_or_symbols="KO", timeframe=TimeFrame.Day, start=datetime(2026, 11, 2, tzinfo=timezone.utc))
    ).data["KO"]
    assert len(daily) >= 13


def test_latest_and_snapshots(data):
    quote = data.get_stock_latest_quote(StockLatestQuoteRequest(symbol_or_symbols="AAPL"))["AAPL"]
    trade = data.get_stock_latest_trade(StockLatestTradeRequest(symbol_or_symbols="AAPL"))["AAPL"]
    assert quote.bid_price < trade.price < quote.ask_price
    bar = data.get_stock_latest_bar(StockLatestBarRequest(symbol_or_symbols=["AAPL", "KO"]))
    assert set(bar) == {"AAPL", "KO"}
    snapshots = data.get_stock_snapshot(StockSnapshotRequest(symbol_or_symbols=["AAPL", "MSFT"]))
    assert set(snapshots) == {"AAPL", "MSFT"}
    snapshot = snapshots["MSFT"]
    assert snapshot.daily_bar is not None and snapshot.previous_daily_bar is not None
    assert Decimal(str(snapshot.latest_trade.price)) > 0


def test_historical_trades_and_quotes_page_through_a_day(raven, key):
    # Issue 33, point 3: a backtest's tick history, paged by the SDK itself.
    from datetime import datetime, timezone

    from alpaca.data.historical import StockHistoricalDataClient
    from alpaca.data.requests import StockBarsRequest, StockQuotesRequest, StockTradesRequest
    from alpaca.data.timeframe import TimeFrame

    data = StockHistoricalDataClient(key["keyId"], key["secret"], url_override=raven.base)
    start = datetime(2026, 11, 19, 15, 0, tzinfo=timezone.utc)
    end = datetime(2026, 11, 19, 15, 30, tzinfo=timezone.utc)
    trades = data.get_stock_trades(
        StockTradesRequest(symbol_or_symbols="SPY", start=start, end=end)
    )["SPY"]
    bars = data.get_stock_bars(
        StockBarsRequest(symbol_or_symbols="SPY", timeframe=TimeFrame.Minute, start=start,
                         end=datetime(2026, 11, 19, 15, 29, tzinfo=timezone.utc))
    )["SPY"]
    assert len(bars) == 30
    in_bars = [t for t in trades if t.timestamp < end]
    assert sum(t.size for t in in_bars) == sum(b.volume for b in bars)
    assert max(t.price for t in in_bars) == max(b.high for b in bars)
    quotes = data.get_stock_quotes(
        StockQuotesRequest(symbol_or_symbols="SPY", start=start, end=end)
    )["SPY"]
    assert len(quotes) == len(trades)
    assert all(q.bid_price < q.ask_price for q in quotes)

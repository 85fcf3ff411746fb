"""The securities most example bots trade are funds (issue 33, point 1): SPY, QQQ and the
leveraged TQQQ, as alpaca-py sees them: listed assets on ARCA, live trades on the data
stream, bars and snapshots, and market orders that fill into positions."""

from __future__ import annotations

import threading
import time
from datetime import datetime, timezone
from decimal import Decimal

from alpaca.data.historical import StockHistoricalDataClient
from alpaca.data.live import StockDataStream
from alpaca.data.requests import StockBarsRequest, StockSnapshotRequest
from alpaca.data.timeframe import TimeFrame
from alpaca.trading.client import TradingClient
from alpaca.trading.enums import AssetClass, OrderSide, OrderStatus, TimeInForce
from alpaca.trading.requests import MarketOrderRequest


def test_funds_are_assets_with_data_and_fill(raven, key):
    # An account of its own, so the session's first account stays as other tests expect it.
    status, account, _ = raven.request("POST", "/api/v1/accounts", {"name": "Fund bot"})
    assert status == 201, account
    status, fund_key, _ = raven.request(
        "POST", "/api/v1/auth/api-keys", {"name": "fund bot", "accountId": account["id"]}
    )
    assert status == 201, fund_key
    trading = TradingClient(
        fund_key["keyId"], fund_key["secret"], paper=True, url_override=raven.base
    )
    spy = trading.get_asset("SPY")
    assert spy.asset_class == AssetClass.US_EQUITY and spy.exchange == "ARCA"
    assert spy.tradable and spy.fractionable

    data = StockHistoricalDataClient(key["keyId"], key["secret"], url_override=raven.base)
    bars = data.get_stock_bars(
        StockBarsRequest(
            symbol_or_symbols=["SPY", "TQQQ"],
            timeframe=TimeFrame.Day,
            start=datetime(2026, 10, 1, tzinfo=timezone.utc),
            end=datetime(2026, 11, 19, tzinfo=timezone.utc),
        )
    )
    assert len(bars["SPY"]) > 30 and len(bars["TQQQ"]) == len(bars["SPY"])
    snapshots = data.get_stock_snapshot(StockSnapshotRequest(symbol_or_symbols=["SPY", "QQQ", "TQQQ"]))
    assert set(snapshots) == {"SPY", "QQQ", "TQQQ"}
    assert snapshots["SPY"].latest_trade.price > 0

    bought = trading.submit_order(
        MarketOrderRequest(symbol="SPY", qty=2, side=OrderSide.BUY, time_in_force=TimeInForce.DAY)
    )
    assert bought.status == OrderStatus.FILLED
    leveraged = trading.submit_order(
        MarketOrderRequest(symbol="TQQQ", notional=500, side=OrderSide.BUY, time_in_force=TimeInForce.DAY)
    )
    assert leveraged.status == OrderStatus.FILLED
    positions = {p.symbol: p for p in trading.get_all_positions()}
    assert Decimal(positions["SPY"].qty) == 2 and positions["SPY"].exchange == "ARCA"
    assert "TQQQ" in positions


def test_a_bot_watching_spy_gets_its_trades(raven, key):
    stream = StockDataStream(
        key["keyId"], key["secret"], url_override=raven.base.replace("http", "ws") + "/v2/iex"
    )
    trades = []

    async def on_trade(trade):
        trades.append(trade)

    stream.subscribe_trades(on_trade, "SPY", "QQQ")
    thread = threading.Thread(target=stream.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and {t.symbol for t in trades} < {"SPY", "QQQ"}:
            time.sleep(0.1)
        assert {t.symbol for t in trades} >= {"SPY", "QQQ"}, "no fund trades arrived"
        assert all(t.price > 0 for t in trades)
    finally:
        stream.stop()
        thread.join(timeout=5)

"""alpaca-trade-api 3.2, the SDK most published bots were written for, unmodified, against
Raven (issue 33): the single-symbol data routes it calls, a date-only range as its README
uses, and its trading stream's login on `/stream/`. Run in a venv of its own by
`.ci/alpaca-sdk` (it pins pandas and numpy below 2)."""

from __future__ import annotations

import threading
import time

import pytest

tradeapi = pytest.importorskip("alpaca_trade_api")
from alpaca_trade_api.rest import REST, TimeFrame  # noqa: E402
from alpaca_trade_api.stream import Stream  # noqa: E402


@pytest.fixture(scope="module")
def api(raven, key):
    return REST(key["keyId"], key["secret"], base_url=raven.base, api_version="v2")


@pytest.fixture(autouse=True)
def data_url(monkeypatch, raven):
    # The SDK reads its market data address from the environment.
    monkeypatch.setenv("APCA_API_DATA_URL", raven.base)


def test_account_and_a_market_order(api):
    account = api.get_account()
    assert float(account.cash) > 0 and account.status == "ACTIVE"
    order = api.submit_order(symbol="SPY", qty=1, side="buy", type="market", time_in_force="day")
    assert api.get_order(order.id).status == "filled"
    assert float(api.get_position("SPY").qty) >= 1


def test_single_symbol_data_routes(raven, key):
    api = REST(key["keyId"], key["secret"], base_url=raven.base, api_version="v2")
    # A date-only range is that whole day (the SDK's README passes dates).
    bars = api.get_bars("AAPL", TimeFrame.Minute, "2026-11-19", "2026-11-19", adjustment="raw")
    assert len(bars) == 390
    assert bars[0].t.isoformat() == "2026-11-19T09:30:00-05:00"  # the SDK shows New York time
    daily = api.get_bars("SPY", TimeFrame.Day, "2026-11-02", "2026-11-19")
    assert 10 <= len(daily) <= 14
    assert api.get_latest_trade("AAPL").p > 0
    quote = api.get_latest_quote("AAPL")
    assert quote.bp < quote.ap
    assert api.get_latest_bar("QQQ").c > 0
    snapshot = api.get_snapshot("TQQQ")
    assert snapshot.latest_trade.p > 0 and snapshot.daily_bar.c > 0
    trades = api.get_trades("AAPL", "2026-11-19T15:00:00Z", "2026-11-19T15:05:00Z")
    assert len(trades) > 5 and all(t.p > 0 for t in trades)
    assert len(api.get_quotes("AAPL", "2026-11-19T15:00:00Z", "2026-11-19T15:05:00Z")) == len(trades)
    with pytest.raises(tradeapi.rest.APIError):
        api.get_latest_quote("ZZZZZ")


def test_trading_stream_login_and_trade_updates(raven, key, api):
    stream = Stream(key["keyId"], key["secret"], base_url=raven.base, data_feed="iex",
                    data_stream_url=raven.base)
    updates = []

    async def on_update(update):
        updates.append(update)

    stream.subscribe_trade_updates(on_update)
    thread = threading.Thread(target=stream.run, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        order = None
        while time.monotonic() < deadline and not any(u.event == "fill" for u in updates):
            if order is None or not updates:
                order = api.submit_order(
                    symbol="KO", qty=1, side="buy", type="market", time_in_force="day"
                )
            time.sleep(0.3)
        fills = [u for u in updates if u.event == "fill"]
        assert fills, "no trade update arrived"
        assert float(fills[0].position_qty) >= 1
    finally:
        stream.stop()
        thread.join(timeout=5)


def test_account_activities(api):
    # Each fill an activity, newest first (ids begin with the time, then a uuid).
    api.submit_order(symbol="SPY", qty=1, side="buy", type="market", time_in_force="day")
    api.submit_order(symbol="KO", qty=2, side="buy", type="market", time_in_force="day")
    fills = api.get_activities(activity_types="FILL")
    assert len(fills) >= 2 and all(a.activity_type == "FILL" for a in fills)
    assert fills[0].id > fills[-1].id and float(fills[0].qty) > 0
    assert {a.symbol for a in fills} >= {"KO", "SPY"}
    older = api.get_activities(activity_types=["FILL", "DIV"], page_token=fills[0].id, page_size=1)
    assert [a.id for a in older] == [fills[1].id]
    assert api.get_activities(activity_types="DIV") == []

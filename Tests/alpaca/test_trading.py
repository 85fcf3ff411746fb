"""alpaca-py's TradingClient, unmodified, against `raven serve`: a bot's session on the
built-in account (account, clock, orders of every type, replace, cancel, positions), bad
input answered as Alpaca answers it, and cash + positions = equity after every step."""

from __future__ import annotations

import uuid
from datetime import timedelta
from decimal import Decimal

import pytest
from alpaca.common.exceptions import APIError
from alpaca.trading.client import TradingClient
from alpaca.trading.enums import OrderSide, OrderStatus, QueryOrderStatus, TimeInForce
from alpaca.trading.requests import (
    GetOrdersRequest,
    LimitOrderRequest,
    MarketOrderRequest,
    ReplaceOrderRequest,
    StopOrderRequest,
    TrailingStopOrderRequest,
)


def books_balance(trading: TradingClient) -> None:
    """Cash plus every position's market value is the account's equity, to the cent."""
    account = trading.get_account()
    held = sum((Decimal(p.market_value) for p in trading.get_all_positions()), Decimal(0))
    assert Decimal(account.cash) + held == Decimal(account.equity)


def test_account_and_clock(trading):
    account = trading.get_account()
    assert account.status == "ACTIVE"
    assert Decimal(account.cash) == Decimal("25000")
    assert Decimal(account.buying_power) == Decimal("25000")
    assert account.shorting_enabled is False
    clock = trading.get_clock()
    assert clock.is_open is True
    assert clock.next_close > clock.timestamp
    books_balance(trading)


def test_a_bot_session(trading):
    bought = trading.submit_order(
        MarketOrderRequest(symbol="AAPL", qty=3, side=OrderSide.BUY, time_in_force=TimeInForce.DAY)
    )
    assert bought.status == OrderStatus.FILLED
    assert Decimal(bought.filled_qty) == 3
    books_balance(trading)

    dollars = trading.submit_order(
        MarketOrderRequest(symbol="KO", notional=100, side=OrderSide.BUY, time_in_force=TimeInForce.DAY)
    )
    assert dollars.status == OrderStatus.FILLED
    assert Decimal(dollars.filled_qty) * Decimal(dollars.filled_avg_price) <= Decimal("100")
    books_balance(trading)

    client_id = f"bot-{uuid.uuid4()}"
    resting = trading.submit_order(
        LimitOrderRequest(
            symbol="MSFT", qty=2, side=OrderSide.BUY, time_in_force=TimeInForce.GTC,
            limit_price=1.25, client_order_id=client_id,
        )
    )
    assert resting.status == OrderStatus.NEW
    assert trading.get_order_by_id(resting.id).client_order_id == client_id
    assert trading.get_order_by_client_id(client_id).id == resting.id
    assert Decimal(trading.get_account().buying_power) == Decimal(trading.get_account().cash) - Decimal("2.50")

    replaced = trading.replace_order_by_id(resting.id, ReplaceOrderRequest(qty=1, limit_price=1.5))
    assert replaced.replaces == resting.id
    assert Decimal(replaced.qty) == 1 and Decimal(replaced.limit_price) == Decimal("1.5")
    assert trading.get_order_by_id(resting.id).status == OrderStatus.REPLACED

    stop = trading.submit_order(
        StopOrderRequest(symbol="AAPL", qty=1, side=OrderSide.SELL, time_in_force=TimeInForce.GTC, stop_price=1.00)
    )
    trail = trading.submit_order(
        TrailingStopOrderRequest(symbol="AAPL", qty=1, side=OrderSide.SELL, time_in_force=TimeInForce.DAY, trail_percent=5)
    )
    assert stop.status == OrderStatus.NEW and trail.status == OrderStatus.NEW
    assert Decimal(trail.trail_percent) == 5 and trail.hwm is not None

    open_orders = trading.get_orders(GetOrdersRequest(status=QueryOrderStatus.OPEN))
    assert {o.id for o in open_orders} == {replaced.id, stop.id, trail.id}
    msft = trading.get_orders(GetOrdersRequest(status=QueryOrderStatus.OPEN, symbols=["MSFT"]))
    assert [o.id for o in msft] == [replaced.id]

    trading.cancel_order_by_id(stop.id)
    assert trading.get_order_by_id(stop.id).status == OrderStatus.CANCELED
    canceled = trading.cancel_orders()
    assert {c.id for c in canceled} == {replaced.id, trail.id}
    assert all(c.status == 200 for c in canceled)
    assert trading.get_orders(GetOrdersRequest(status=QueryOrderStatus.OPEN)) == []

    positions = {p.symbol: p for p in trading.get_all_positions()}
    assert set(positions) == {"AAPL", "KO"}
    assert Decimal(positions["AAPL"].qty) == 3 and positions["AAPL"].side == "long"
    assert trading.get_open_position("AAPL").symbol == "AAPL"
    history = trading.get_orders(GetOrdersRequest(status=QueryOrderStatus.ALL, limit=500))
    assert {o.id for o in history} >= {bought.id, dollars.id, resting.id, replaced.id, stop.id, trail.id}
    books_balance(trading)


@pytest.mark.parametrize(
    "request_, status",
    [
        (MarketOrderRequest(symbol="AAPL", qty=0, side=OrderSide.BUY, time_in_force=TimeInForce.DAY), 422),
        (MarketOrderRequest(symbol="ZZZZZ", qty=1, side=OrderSide.BUY, time_in_force=TimeInForce.DAY), 422),
        (MarketOrderRequest(symbol="AAPL", qty=100000, side=OrderSide.BUY, time_in_force=TimeInForce.DAY), 403),
        (MarketOrderRequest(symbol="TSLA", qty=1, side=OrderSide.SELL, time_in_force=TimeInForce.DAY), 403),
    ],
)
def test_refusals(trading, request_, status):
    with pytest.raises(APIError) as refused:
        trading.submit_order(request_)
    assert refused.value.status_code == status
    assert isinstance(refused.value.code, int) and refused.value.message


def test_duplicate_client_order_id(trading):
    order = LimitOrderRequest(
        symbol="KO", qty=1, side=OrderSide.BUY, time_in_force=TimeInForce.DAY, limit_price=1,
        client_order_id="the-same-id",
    )
    trading.submit_order(order)
    with pytest.raises(APIError) as refused:
        trading.submit_order(order)
    assert refused.value.status_code == 422
    trading.cancel_orders()


def test_revoked_and_read_only_keys(raven):
    from alpaca.trading.client import TradingClient

    key = raven.create_key("short-lived")
    client = TradingClient(key["keyId"], key["secret"], paper=True, url_override=raven.base)
    assert client.get_account().status == "ACTIVE"
    assert raven.request("DELETE", f"/api/v1/auth/api-keys/{key['id']}")[0] == 204
    with pytest.raises(APIError) as refused:
        client.get_account()
    assert refused.value.status_code == 401

    reader = raven.create_key("reader", read_only=True)
    client = TradingClient(reader["keyId"], reader["secret"], paper=True, url_override=raven.base)
    assert client.get_clock() is not None
    with pytest.raises(APIError) as refused:
        client.submit_order(
            MarketOrderRequest(symbol="AAPL", qty=1, side=OrderSide.BUY, time_in_force=TimeInForce.DAY)
        )
    assert refused.value.status_code == 403


def test_assets_calendar_and_closing(trading):
    from datetime import date

    from alpaca.trading.requests import ClosePositionRequest, GetAssetsRequest, GetCalendarRequest
    from alpaca.trading.enums import AssetClass

    apple = trading.get_asset("AAPL")
    # Apple is large enough to borrow: shortable, as on Alpaca's margin accounts.
    assert apple.tradable and apple.fractionable and apple.shortable and apple.easy_to_borrow
    assert trading.get_asset(apple.id).symbol == "AAPL"
    assets = trading.get_all_assets(GetAssetsRequest(asset_class=AssetClass.US_EQUITY))
    assert "MSFT" in {a.symbol for a in assets}

    days = trading.get_calendar(GetCalendarRequest(start=date(2026, 11, 25), end=date(2026, 11, 30)))
    assert [d.date for d in days] == [date(2026, 11, 25), date(2026, 11, 27), date(2026, 11, 30)]
    assert days[1].close.hour == 13  # the day after Thanksgiving closes early

    trading.submit_order(
        MarketOrderRequest(symbol="PEP", qty=4, side=OrderSide.BUY, time_in_force=TimeInForce.DAY)
    )
    half = trading.close_position("PEP", ClosePositionRequest(percentage="50"))
    assert half.side == OrderSide.SELL and Decimal(half.qty) == 2
    assert Decimal(trading.get_open_position("PEP").qty) == 2
    books_balance(trading)
    closed = trading.close_all_positions(cancel_orders=True)
    assert {c.symbol for c in closed} >= {"PEP", "AAPL", "KO"}
    assert trading.get_all_positions() == []
    books_balance(trading)


def test_portfolio_history_and_news(raven, key, trading):
    from alpaca.data.historical.news import NewsClient
    from alpaca.data.requests import NewsRequest
    from alpaca.trading.requests import GetPortfolioHistoryRequest

    history = trading.get_portfolio_history(GetPortfolioHistoryRequest(period="1W"))
    assert len(history.timestamp) == len(history.equity) == len(history.profit_loss) > 0
    assert history.timeframe == "15Min"  # Alpaca's default for a week
    # The timeframe asked for, and a span from start and end: the first point is the close
    # before it, the rest hourly within it.
    now = trading.get_clock().timestamp  # the market's time, not this machine's
    hourly = trading.get_portfolio_history(
        GetPortfolioHistoryRequest(timeframe="1H", start=now - timedelta(days=3), end=now)
    )
    assert hourly.timeframe == "1H"
    steps = {b - a for a, b in zip(hourly.timestamp[1:], hourly.timestamp[2:])}
    assert steps and all(s <= 3600 or s > 3 * 3600 for s in steps), steps
    news = NewsClient(key["keyId"], key["secret"], url_override=raven.base).get_news(
        NewsRequest(symbols="AAPL", limit=5)
    )
    articles = news.data["news"]
    assert 0 < len(articles) <= 5 and all("AAPL" in a.symbols for a in articles)


def test_watchlists(trading):
    from alpaca.trading.requests import CreateWatchlistRequest, UpdateWatchlistRequest

    made = trading.create_watchlist(CreateWatchlistRequest(name="bot list", symbols=["AAPL", "KO"]))
    assert [a.symbol for a in made.assets] == ["AAPL", "KO"]
    assert made.id in {w.id for w in trading.get_watchlists()}
    trading.add_asset_to_watchlist_by_id(made.id, "MSFT")
    trading.remove_asset_from_watchlist_by_id(made.id, "KO")
    renamed = trading.update_watchlist_by_id(made.id, UpdateWatchlistRequest(name="renamed"))
    assert renamed.name == "renamed"
    assert [a.symbol for a in trading.get_watchlist_by_id(made.id).assets] == ["AAPL", "MSFT"]
    trading.delete_watchlist_by_id(made.id)
    assert made.id not in {w.id for w in trading.get_watchlists()}

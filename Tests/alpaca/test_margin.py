"""Margin accounts and short selling as alpaca-py drives them (issue 33, point 4): a cash
account refuses a short sale; a bot turns margin on through the account configurations,
sells short and covers; a margin call closes the largest position the minute after equity
falls under the maintenance margin; the books reconcile after each step.

The server runs its simulated market at 30× (a minute every two seconds), so that a margin
call is seen in seconds."""

from __future__ import annotations

import time
from decimal import Decimal

import pytest
from alpaca.common.exceptions import APIError
from alpaca.data.requests import StockLatestTradeRequest
from alpaca.trading.enums import OrderSide, OrderStatus, PositionSide, QueryOrderStatus, TimeInForce
from alpaca.trading.requests import GetOrdersRequest, MarketOrderRequest

from conftest import books_at_one_price, fast_server


@pytest.fixture(scope="module")
def fast_trading():
    with fast_server("margin") as clients:
        yield clients


def market(trading, symbol, qty, side):
    return trading.submit_order(
        MarketOrderRequest(symbol=symbol, qty=qty, side=side, time_in_force=TimeInForce.DAY)
    )


def assert_books_reconcile(trading):
    """Equity is cash plus the long positions less the short ones, to the cent."""
    account, positions = books_at_one_price(trading)
    long_value = sum(Decimal(p.market_value) for p in positions if p.side == PositionSide.LONG)
    short_value = sum(Decimal(p.market_value) for p in positions if p.side == PositionSide.SHORT)
    assert Decimal(account.long_market_value) == long_value
    assert Decimal(account.short_market_value) == short_value
    assert Decimal(account.equity) == Decimal(account.cash) + long_value + short_value
    return account


def test_short_sale_cover_and_margin_call(fast_trading):
    trading, data = fast_trading
    account = trading.get_account()
    assert not account.shorting_enabled and account.multiplier == "1"
    with pytest.raises(APIError) as refused:
        market(trading, "AAPL", 10, OrderSide.SELL)
    assert refused.value.status_code == 403

    settings = trading.get_account_configurations()
    settings.max_margin_multiplier = "4"
    settings.no_shorting = False
    changed = trading.set_account_configurations(settings)
    assert changed.max_margin_multiplier == "4" and not changed.no_shorting
    account = assert_books_reconcile(trading)
    assert account.shorting_enabled and account.multiplier == "4"
    assert Decimal(account.buying_power) == 4 * Decimal(account.equity)

    # A short sale and its cover.
    short = market(trading, "AAPL", 10, OrderSide.SELL)
    assert short.status == OrderStatus.FILLED
    position = trading.get_open_position("AAPL")
    assert position.side == PositionSide.SHORT and Decimal(position.qty) == -10
    account = assert_books_reconcile(trading)
    assert Decimal(account.cash) > 25_000
    cover = trading.close_position("AAPL")
    assert cover.side == OrderSide.BUY
    for _ in range(50):
        if trading.get_order_by_id(cover.id).status == OrderStatus.FILLED:
            break
        time.sleep(0.2)
    cover = trading.get_order_by_id(cover.id)
    assert cover.status == OrderStatus.FILLED
    assert trading.get_all_positions() == []
    account = assert_books_reconcile(trading)
    realized = (Decimal(short.filled_avg_price) - Decimal(cover.filled_avg_price)) * 10
    assert Decimal(account.cash) == Decimal(25_000) + realized

    # Too much short for the equity: the maintenance margin (30 % of it, 25 % of the long)
    # is more than the equity, and the next minute's close calls it.
    market(trading, "KO", 80, OrderSide.BUY)
    latest = data.get_stock_latest_trade(StockLatestTradeRequest(symbol_or_symbols="MSFT"))
    shares = int(Decimal(82_000) / Decimal(str(latest["MSFT"].price)))
    market(trading, "MSFT", shares, OrderSide.SELL)
    account = assert_books_reconcile(trading)
    assert Decimal(account.equity) < Decimal(account.maintenance_margin)

    call = None
    for _ in range(150):
        orders = trading.get_orders(GetOrdersRequest(status=QueryOrderStatus.ALL, limit=50))
        call = next((o for o in orders if o.client_order_id.startswith("margin-call-")), None)
        if call is not None and call.status == OrderStatus.FILLED:
            break
        time.sleep(0.2)
    assert call is not None and call.status == OrderStatus.FILLED, call
    assert call.symbol == "MSFT" and call.side == OrderSide.BUY and Decimal(call.qty) == shares
    symbols = {p.symbol for p in trading.get_all_positions()}
    assert symbols == {"KO"}, symbols
    account = assert_books_reconcile(trading)
    assert Decimal(account.equity) >= Decimal(account.maintenance_margin)

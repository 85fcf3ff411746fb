"""Bracket orders as alpaca-py's own trading example places them (issue 33, point 5): a
market entry with a take-profit and a stop-loss; the exits are the order's `legs`, armed
once the entry fills; when a take-profit fills its stop-loss is canceled, and the books
reconcile. The server runs its simulated market at 30× (a minute every two seconds), and
brackets go on a few stocks, so that one of their take-profits, a few cents above the
price, is reached within the test's minute."""

from __future__ import annotations

import time
from decimal import Decimal

import pytest
from alpaca.common.exceptions import APIError
from alpaca.data.requests import StockLatestTradeRequest
from alpaca.trading.enums import OrderClass, OrderSide, OrderStatus, QueryOrderStatus, TimeInForce
from alpaca.trading.requests import (
    GetOrdersRequest,
    LimitOrderRequest,
    MarketOrderRequest,
    StopLossRequest,
    TakeProfitRequest,
)

from conftest import books_at_one_price, fast_server

SYMBOLS = ["AAPL", "MSFT", "KO", "XOM", "JPM"]


@pytest.fixture(scope="module")
def clients():
    with fast_server("brackets") as clients:
        yield clients


def test_bracket_take_profit_fills_and_cancels_the_stop(clients):
    trading, data = clients
    prices = data.get_stock_latest_trade(StockLatestTradeRequest(symbol_or_symbols=SYMBOLS))
    entries = {}
    for symbol in SYMBOLS:
        price = Decimal(str(prices[symbol].price))
        order = trading.submit_order(
            MarketOrderRequest(
                symbol=symbol, qty=2, side=OrderSide.BUY, time_in_force=TimeInForce.GTC,
                order_class=OrderClass.BRACKET,
                take_profit=TakeProfitRequest(limit_price=float(round(price * Decimal("1.001"), 2) + Decimal("0.02"))),
                stop_loss=StopLossRequest(stop_price=float(round(price * Decimal("0.9"), 2))),
            )
        )
        assert order.order_class == OrderClass.BRACKET and order.status == OrderStatus.FILLED
        assert len(order.legs) == 2
        assert {leg.status for leg in order.legs} == {OrderStatus.NEW}
        entries[symbol] = order

    # The shares are held by their exits: none is free to sell.
    with pytest.raises(APIError) as refused:
        trading.submit_order(
            MarketOrderRequest(symbol="AAPL", qty=1, side=OrderSide.SELL, time_in_force=TimeInForce.DAY)
        )
    assert refused.value.status_code == 403

    taken = None
    for _ in range(300):
        for symbol, entry in entries.items():
            parent = trading.get_order_by_id(entry.id)
            profit, stop = parent.legs
            if profit.status == OrderStatus.FILLED:
                taken = (symbol, profit, stop)
                break
        if taken:
            break
        time.sleep(0.2)
    assert taken is not None, "no take-profit was reached"
    symbol, profit, stop = taken
    assert stop.status == OrderStatus.CANCELED
    assert Decimal(profit.filled_avg_price) >= Decimal(str(profit.limit_price))
    assert symbol not in {p.symbol for p in trading.get_all_positions()}

    # nested=true lists each bracket once, with its legs.
    nested = trading.get_orders(GetOrdersRequest(status=QueryOrderStatus.ALL, nested=True, limit=100))
    assert len(nested) == len(SYMBOLS) and all(len(o.legs) == 2 for o in nested)

    # The books: equity is cash plus what is held, and the closed bracket's profit is in cash.
    trading.cancel_orders()
    account, positions = books_at_one_price(trading)
    held = sum(Decimal(p.market_value) for p in positions)
    assert Decimal(account.equity) == Decimal(account.cash) + held
    assert all(trading.get_order_by_id(o.id).status != OrderStatus.HELD for o in nested)


def test_an_oco_exits_a_position_held(clients):
    trading, data = clients
    trading.submit_order(
        MarketOrderRequest(symbol="PG", qty=3, side=OrderSide.BUY, time_in_force=TimeInForce.DAY)
    )
    price = Decimal(str(data.get_stock_latest_trade(StockLatestTradeRequest(symbol_or_symbols="PG"))["PG"].price))
    oco = trading.submit_order(
        LimitOrderRequest(
            symbol="PG", qty=3, side=OrderSide.SELL, time_in_force=TimeInForce.GTC,
            order_class=OrderClass.OCO,
            take_profit=TakeProfitRequest(limit_price=float(round(price * 2, 2))),
            stop_loss=StopLossRequest(stop_price=float(round(price / 2, 2))),
        )
    )
    assert oco.order_class == OrderClass.OCO and oco.status == OrderStatus.NEW
    assert [leg.order_type.value for leg in oco.legs] == ["stop"]
    trading.cancel_order_by_id(oco.legs[0].id)
    assert trading.get_order_by_id(oco.id).status == OrderStatus.CANCELED

"""One person, two paper accounts, a key for each: alpaca-py, unmodified, sees two separate
books, and a reset of one leaves its key working and the other untouched (issue 32)."""

from __future__ import annotations

from decimal import Decimal

from alpaca.trading.client import TradingClient
from alpaca.trading.enums import OrderSide, OrderStatus, QueryOrderStatus, TimeInForce
from alpaca.trading.requests import GetOrdersRequest, LimitOrderRequest, MarketOrderRequest


def client(raven, key) -> TradingClient:
    return TradingClient(key["keyId"], key["secret"], paper=True, url_override=raven.base)


def test_two_keys_on_two_accounts_see_two_books(raven):
    status, swing, _ = raven.request(
        "POST", "/api/v1/accounts", {"name": "Swing bot", "startingCash": "5000.00"}
    )
    assert status == 201, swing
    first = client(raven, raven.create_key("first account bot"))
    second_key = raven.request(
        "POST", "/api/v1/auth/api-keys", {"name": "swing bot", "accountId": swing["id"]}
    )[1]
    second = client(raven, second_key)

    one, two = first.get_account(), second.get_account()
    assert str(one.id) != str(two.id)
    assert str(two.id) == swing["id"].lower()
    assert Decimal(two.cash) == Decimal("5000")

    # The first account's positions are whatever the other tests left there: they must not change.
    first_held = {p.symbol: p.qty for p in first.get_all_positions()}
    bought = second.submit_order(
        MarketOrderRequest(symbol="KO", qty=4, side=OrderSide.BUY, time_in_force=TimeInForce.DAY)
    )
    assert bought.status == OrderStatus.FILLED
    resting = second.submit_order(
        LimitOrderRequest(
            symbol="MSFT", qty=1, side=OrderSide.BUY, time_in_force=TimeInForce.GTC, limit_price=1
        )
    )
    assert [p.symbol for p in second.get_all_positions()] == ["KO"]
    assert {p.symbol: p.qty for p in first.get_all_positions()} == first_held
    assert str(bought.id) not in [str(o.id) for o in first.get_orders(GetOrdersRequest(status=QueryOrderStatus.ALL))]
    assert Decimal(first.get_account().cash) == Decimal(one.cash)

    # A reset of the swing account: its resting order ends, its key trades the new period.
    status, reset, _ = raven.request(
        "POST", f"/api/v1/accounts/{swing['id']}/reset", {"startingCash": "2000.00"}
    )
    assert status == 200, reset
    assert second.get_order_by_id(resting.id).status == OrderStatus.CANCELED
    assert Decimal(second.get_account().cash) == Decimal("2000")
    assert second.get_all_positions() == []
    again = second.submit_order(
        MarketOrderRequest(symbol="KO", qty=1, side=OrderSide.BUY, time_in_force=TimeInForce.DAY)
    )
    assert again.status == OrderStatus.FILLED
    assert Decimal(first.get_account().cash) == Decimal(one.cash)

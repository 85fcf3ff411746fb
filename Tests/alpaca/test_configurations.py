"""alpaca-py's account configurations (issue 33, point 6): read, change, and the change
honoured — a suspended account's orders are refused, and turning it back on trades again."""

from __future__ import annotations

from alpaca.common.exceptions import APIError
from alpaca.trading.client import TradingClient
from alpaca.trading.enums import OrderSide, OrderStatus, TimeInForce
from alpaca.trading.requests import MarketOrderRequest
import pytest


def test_configurations_are_read_changed_and_honoured(raven):
    # An account of its own: suspending it must not stop the other tests' bots.
    status, account, _ = raven.request("POST", "/api/v1/accounts", {"name": "Config bot"})
    assert status == 201, account
    status, key, _ = raven.request(
        "POST", "/api/v1/auth/api-keys", {"name": "config bot", "accountId": account["id"]}
    )
    assert status == 201, key
    trading = TradingClient(key["keyId"], key["secret"], paper=True, url_override=raven.base)

    config = trading.get_account_configurations()
    assert config.no_shorting and config.max_margin_multiplier == "1"
    assert config.fractional_trading and not config.suspend_trade

    config.suspend_trade = True
    changed = trading.set_account_configurations(config)
    assert changed.suspend_trade
    assert trading.get_account().trade_suspended_by_user
    order = MarketOrderRequest(symbol="KO", qty=1, side=OrderSide.BUY, time_in_force=TimeInForce.DAY)
    with pytest.raises(APIError) as refused:
        trading.submit_order(order)
    assert refused.value.status_code == 403

    config.suspend_trade = False
    trading.set_account_configurations(config)
    assert trading.submit_order(order).status == OrderStatus.FILLED

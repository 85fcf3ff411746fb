"""Deposits and withdrawals as alpaca-py reads them (issue 35): the portfolio history's
cashflow, and neither profit nor return."""

from __future__ import annotations

import raven_ci


def test_a_deposit_is_a_cash_flow_not_a_profit(raven):
    from alpaca.common.enums import BaseURL  # noqa: F401  (the SDK imports cleanly)
    from alpaca.trading.client import TradingClient
    from alpaca.trading.enums import ActivityType
    from alpaca.trading.requests import GetPortfolioHistoryRequest

    # A user of their own, so the session's shared account keeps its books.
    token, _ = raven_ci.sign_up_with_token(raven.base, "transfer-bot")
    headers = {"Authorization": f"Bearer {token}"}
    status, body, _ = raven_ci.request(
        raven.base, "POST", "/api/v1/auth/api-keys", {"name": "bot", "readOnly": False}, headers
    )
    assert status == 201, body
    trading = TradingClient(body["keyId"], body["secret"], paper=True, url_override=raven.base)
    status, moved, _ = raven_ci.request(
        raven.base, "POST", "/api/v1/portfolio/transfers",
        {"amount": "1000.00", "direction": "deposit"}, headers,
    )
    assert status == 201, moved

    history = trading.get_portfolio_history(
        GetPortfolioHistoryRequest(period="1D", cashflow_types="ALL")
    )
    assert history.equity[-1] == 26_000
    assert all(p == 0 for p in history.profit_loss), history.profit_loss
    assert all(p == 0 for p in history.profit_loss_pct), history.profit_loss_pct
    assert sum(history.cashflow[ActivityType.CSD]) == 1_000
    plain = trading.get_portfolio_history(GetPortfolioHistoryRequest(period="1D"))
    assert plain.cashflow == {}
    assert float(trading.get_account().cash) == 26_000

"""alpaca-py 0.44's corporate actions, unmodified, against `raven serve` (issue 34): the
trading client's announcements (by range and by id) and the market data client's
corporate actions, as a bot reads a company's dividends and splits."""

from __future__ import annotations

from datetime import date

import pytest
from alpaca.common.exceptions import APIError
from alpaca.data.enums import CorporateActionsType
from alpaca.data.historical.corporate_actions import CorporateActionsClient
from alpaca.data.requests import CorporateActionsRequest
from alpaca.trading.enums import CorporateActionDateType, CorporateActionType
from alpaca.trading.requests import GetCorporateAnnouncementsRequest


@pytest.fixture(scope="module")
def data(raven, key):
    return CorporateActionsClient(key["keyId"], key["secret"], url_override=raven.base)


@pytest.fixture(scope="module")
def payer(data):
    """A company with a dividend gone ex in the summer of 2026 (which ones pay depends on
    the server's seed)."""
    summer = data.get_corporate_actions(
        CorporateActionsRequest(
            types=[CorporateActionsType.CASH_DIVIDEND], start=date(2026, 6, 1),
            end=date(2026, 8, 29),
        )
    )
    dividends = summer.data["cash_dividends"]
    assert len({d.symbol for d in dividends}) > 50, "about half the universe pays"
    return dividends[0].symbol


def test_announcements_of_a_dividend_payer(trading, payer):
    announcements = trading.get_corporate_announcements(
        GetCorporateAnnouncementsRequest(
            ca_types=[CorporateActionType.DIVIDEND, CorporateActionType.SPLIT],
            since=date(2026, 6, 1), until=date(2026, 8, 29), symbol=payer,
            date_type=CorporateActionDateType.EX_DATE,
        )
    )
    assert announcements
    for announcement in announcements:
        assert announcement.ca_type == CorporateActionType.DIVIDEND
        assert announcement.initiating_symbol == payer and announcement.cash > 0
        assert date(2026, 6, 1) <= announcement.ex_date <= date(2026, 8, 29)
        assert announcement.declaration_date < announcement.ex_date <= announcement.payable_date
    again = trading.get_corporate_announcement_by_id(announcements[0].id)
    assert again.corporate_action_id == announcements[0].corporate_action_id


def test_a_range_over_ninety_days_is_refused(raven, key):
    import raven_ci

    status, body, _ = raven_ci.request(
        raven.base, "GET",
        "/v2/corporate_actions/announcements?ca_types=dividend&since=2026-01-01&until=2026-08-29",
        None, headers={"APCA-API-KEY-ID": key["keyId"], "APCA-API-SECRET-KEY": key["secret"]},
    )
    assert status == 422 and "90 days" in body["message"]


def test_market_data_corporate_actions(data, payer):
    client = data
    actions = client.get_corporate_actions(
        CorporateActionsRequest(
            symbols=[payer, "AAPL"], types=[CorporateActionsType.CASH_DIVIDEND],
            start=date(2024, 1, 1), end=date(2026, 11, 20),
        )
    )
    dividends = actions.data["cash_dividends"]
    # Quarterly at least, for three years.
    assert len([d for d in dividends if d.symbol == payer]) >= 10
    assert {d.symbol for d in dividends} <= {payer, "AAPL"}
    assert all(d.rate > 0 and date(2024, 1, 1) <= d.ex_date <= date(2026, 11, 20) for d in dividends)
    # Splits across the market over three years: a handful, each a whole ratio.
    splits = client.get_corporate_actions(
        CorporateActionsRequest(
            types=[CorporateActionsType.FORWARD_SPLIT, CorporateActionsType.REVERSE_SPLIT],
            start=date(2024, 1, 1), end=date(2026, 11, 20),
        )
    ).data
    forward = splits.get("forward_splits", [])
    assert forward and all(s.new_rate > s.old_rate for s in forward)
    assert all(s.new_rate < s.old_rate for s in splits.get("reverse_splits", []))


def test_an_unknown_type_is_refused(data):
    with pytest.raises(APIError):
        data._get_marketdata(path="/corporate-actions", params={"types": "bonus"})

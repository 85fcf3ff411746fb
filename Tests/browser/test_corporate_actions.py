"""Splits and dividends in the web app (issue 34), on a phone with touch: a person holds LLY
and CVX at Monday 2026-11-02's close; overnight LLY splits 2:1 and CVX goes ex-dividend
(seed 0's market, the server's default). History lists the split and the dividend owed, the
position reads twice the shares at the same cost, and LLY's About shows the split and the
dividend yield."""

from __future__ import annotations

import json
import time
from decimal import Decimal

import pytest
from conftest import raven_server
from playwright.sync_api import expect

from test_walkthrough import Person


@pytest.fixture(scope="module")
def overnight():
    """A server of its own, two minutes before Monday's close, whose market runs 2,000 times
    real time: Tuesday's open, LLY's split and CVX's ex-date come half a minute later."""
    with raven_server("2026-11-02T20:58:00Z", "--sim-speed", "2000") as url:
        yield url


def test_a_split_and_a_dividend_booked_overnight(browser, overnight, shots):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="en-US"
    )
    context.set_default_timeout(10_000)
    person = Person(context, context.new_page(), overnight, "phone", shots)
    page = person.page
    person.buy("LLY", "3")
    person.buy("CVX", "10")
    cost = Decimal(next(p for p in person.api("GET", "/portfolio")["positions"] if p["symbol"] == "LLY")["totalCost"])

    # Until Tuesday's open has been matched: the split and the dividend are booked then.
    deadline = time.monotonic() + 90
    while True:
        kinds = {a["kind"] for a in person.api("GET", "/activities")["activities"]}
        if {"split", "dividend"} <= kinds or time.monotonic() > deadline:
            break
        time.sleep(2)
    assert {"split", "dividend"} <= kinds, f"booked: {kinds}"

    portfolio = person.api("GET", "/portfolio")
    lly = next(p for p in portfolio["positions"] if p["symbol"] == "LLY")
    assert Decimal(lly["shares"]) == 6 and Decimal(lly["totalCost"]) == cost
    # 10 × $0.84, owed until its payable date; nothing received yet.
    assert (portfolio["dividendsPending"], portfolio["dividendsReceived"]) == ("8.40", "0.00")

    page.goto(f"{overnight}/#/history")
    split = page.locator("a.action-row[data-kind=split]")
    expect(split).to_contain_text("LLY")
    expect(split).to_contain_text("3 shares became 6 shares")
    dividend = page.locator("a.action-row[data-kind=dividend]")
    expect(dividend).to_contain_text("CVX")
    expect(dividend).to_contain_text("On 10 shares · pays 2026-11-23")
    expect(dividend.locator(".price")).to_have_text("+$8.40")
    # The buys are still listed, under the day they were made.
    expect(page.locator("a.trade-row")).to_have_count(2)
    person.shot("actions-01-history")

    person.open_stock("LLY")
    about = page.get_by_test_id("corporate-actions")
    expect(about).to_contain_text("Last Split")
    expect(about).to_contain_text("2:1 on Nov 3, 2026")
    expect(about).to_contain_text("Dividend Yield")
    page.get_by_test_id("corporate-actions").scroll_into_view_if_needed()
    person.shot("actions-02-lly-about")
    context.close()
    assert person.errors == [], f"JavaScript errors: {person.errors}"

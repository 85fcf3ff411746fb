"""Orders in the web app on a market running 60 times real time (`--sim-speed 60`).

A new user places a limit order below the market, watches it rest among the stock's open
orders, sees it fill (a toast, the position, History's Orders) when the price comes down,
cancels another order, and buys in dollars. At phone and desktop size, with screenshots.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import subprocess
import urllib.request
from datetime import datetime, timedelta
from decimal import Decimal

import pytest
from conftest import ROOT, VIEWPORTS, raven_server
from playwright.sync_api import expect

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def fast_market():
    """A server of its own whose market runs a minute a second, from Friday mid-session."""
    with raven_server("2026-11-20T15:00:00Z", "--sim-speed", "60") as url:
        yield url


def limit_that_fills_later(server: str, symbol: str) -> Decimal:
    with urllib.request.urlopen(f"{server}/api/v1/market/status") as r:
        now = datetime.fromisoformat(json.load(r)["time"].replace("Z", "+00:00"))
    binary = os.environ.get("RAVEN_BIN", str(ROOT / ".build/debug/raven"))
    day = subprocess.run(
        [binary, "chart", symbol, "--range", "1D", "--points", "2000", "--local", "--json",
         "--at", now.strftime("%Y-%m-%dT21:00:00Z")],
        check=True, capture_output=True, text=True)
    points = [(datetime.fromisoformat(p["time"].replace("Z", "+00:00")), Decimal(p["price"]))
              for p in json.loads(day.stdout)["points"]]
    current = max((p for p in points if p[0] <= now), key=lambda p: p[0])[1]
    ahead = [price for t, price in points if now + timedelta(minutes=4) <= t <= now + timedelta(minutes=120)]
    low = min(ahead)
    assert low < current - Decimal("0.10"), f"the path has no dip ahead: {current} → {low}"
    # A third of the way down: the minutes below it trade enough shares to fill 3 at once.
    return (low + (current - low) / 3).quantize(Decimal("0.01"))


@pytest.mark.parametrize("viewport", list(VIEWPORTS))
def test_limit_order_rests_fills_and_another_is_canceled(browser, fast_market, shots, viewport):
    width, height = VIEWPORTS[viewport]
    phone = viewport == "phone"
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale="en-US", has_touch=phone,
        is_mobile=phone)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))

    def shot(name: str):
        page.wait_for_timeout(350)  # sheets and toasts at rest
        page.screenshot(path=str(shots / f"{viewport}-orders-{name}.png"))

    page.goto(fast_market + "/")
    page.get_by_role("button", name="Sign In", exact=True).first.click()
    page.get_by_role("button", name="Sign Up").click()
    page.get_by_label("Username").fill(f"orders-{viewport}-{secrets.token_hex(3)}")
    page.get_by_label("Password").fill(PASSWORD)
    page.locator("form button[type=submit]").click()
    expect(page.get_by_test_id("cash")).to_have_text("$25,000.00")

    page.goto(fast_market + "/#/stock/AAPL")
    price_el = page.locator(".detail-head .price")
    expect(price_el).to_have_text(re.compile(r"^\$[\d,]+\.\d\d$"))
    price = Decimal(price_el.inner_text().replace("$", "").replace(",", ""))
    orders = page.get_by_test_id("open-orders")
    expect(orders).to_contain_text("No open orders for AAPL")

    def place(qty: str, limit: Decimal, tif: str):
        page.locator("button.trade-btn").click()
        sheet = page.locator("dialog.sheet.trade")
        sheet.locator(".qty input").fill(qty)
        sheet.get_by_label("Order type").select_option("limit")
        sheet.get_by_label("Limit price").fill(f"{limit:.2f}")
        sheet.get_by_label("Good for").select_option(tif)
        expect(sheet.locator(".cost")).to_have_text(f"{qty} × ${limit:,.2f}/share = ${limit * int(qty):,.2f}")
        return sheet

    # The simulated market is a function of time, so the day's path is known ahead (the CLI
    # computes it offline): a limit between the price now and the lowest close of the next
    # two market hours rests, then fills when the price comes down there.
    limit = limit_that_fills_later(fast_market, "AAPL")
    sheet = place("3", limit, "gtc")
    shot("01-limit-sheet")
    sheet.get_by_role("button", name="Buy", exact=True).click()
    expect(sheet.get_by_role("heading", name="Order placed")).to_be_visible()
    expect(sheet).to_contain_text("Your limit order to buy 3 shares of AAPL is open until it fills or you cancel it")
    shot("02-order-placed")
    sheet.get_by_role("button", name="Done").click()
    expect(page.locator("dialog.sheet")).to_have_count(0)

    # Another, far below the market, to cancel.
    far = (price * Decimal("0.5")).quantize(Decimal("0.01"))
    sheet = place("2", far, "day")
    sheet.get_by_role("button", name="Buy", exact=True).click()
    expect(sheet.get_by_role("heading", name="Order placed")).to_be_visible()
    sheet.get_by_role("button", name="Done").click()
    expect(orders.locator(".order-row")).to_have_count(2)
    orders.scroll_into_view_if_needed()
    shot("03-open-orders")
    orders.locator(".order-row", has_text=f"limit ${far:,.2f}").get_by_role("button", name=re.compile("^Cancel")).click()
    page.get_by_role("alertdialog").get_by_role("button", name="Cancel Order").click()
    expect(page.locator(".toast", has_text="Order canceled")).to_be_visible()
    expect(orders.locator(".order-row")).to_have_count(1)

    # A minute passes each second: within a couple of market hours the price comes down.
    toast = page.locator(".toast", has_text=re.compile(r"^Your limit order to buy 3 AAPL filled at \$[\d,]+\.\d\d$"))
    expect(toast).to_be_visible(timeout=180_000)
    filled_at = Decimal(re.search(r"\$([\d,]+\.\d\d)$", toast.inner_text()).group(1).replace(",", ""))
    assert filled_at <= limit, "a limit buy never fills above its limit"
    shot("04-filled-toast")
    expect(orders).to_contain_text("No open orders for AAPL")
    position = page.get_by_test_id("position")
    expect(position.locator(".kv", has_text="Shares Owned").locator(".end")).to_have_text("3")
    expect(page.get_by_role("button", name="Sell All")).to_be_visible()

    # Dollars buy fractions of a share at the market, filled at once during the session.
    page.locator("button.trade-btn").click()
    sheet = page.locator("dialog.sheet.trade")
    sheet.get_by_role("button", name="Buy in dollars").click()
    expect(sheet.get_by_label("Good for")).to_be_hidden()
    sheet.locator(".qty input").fill("250")
    expect(sheet.locator(".cost")).to_have_text(re.compile(r"^\$250\.00 ≈ [\d.]+ shares at \$"))
    sheet.get_by_role("button", name="Buy", exact=True).click()
    expect(sheet.get_by_role("heading", name="Congratulations!")).to_be_visible()
    expect(sheet).to_contain_text(re.compile(r"You have successfully bought 0\.\d+ shares of AAPL"))
    shot("05-dollars-bought")
    sheet.get_by_role("button", name="Done").click()

    page.locator(".tabbar a[data-tab=history]").click()
    page.get_by_role("tab", name="Orders").click()
    rows = page.locator("a.order-row")
    expect(rows).to_have_count(3)
    expect(rows.nth(0).locator(".badge.status")).to_have_text("Filled")
    expect(rows.nth(1).locator(".badge.status")).to_have_text("Canceled")
    expect(rows.nth(2).locator(".badge.status")).to_have_text("Filled")
    expect(rows.nth(2)).to_contain_text(f"Filled 3 at ${filled_at:,.2f}")
    shot("06-history-orders")
    context.close()
    assert errors == [], f"JavaScript errors: {errors}"

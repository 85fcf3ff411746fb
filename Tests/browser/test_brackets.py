"""A bracket from the trade sheet (issue 33), as a person on a phone with touch places one.

The sheet's "Take profit · stop loss" switch shows the two exit prices on a market or limit
order in shares; a take-profit on the wrong side of the price is refused in the server's
words and nothing is placed; a bracket then fills, its exits are listed among the stock's
open orders as what they are, and canceling one cancels the other.
"""

from __future__ import annotations

import re
from decimal import Decimal

from playwright.sync_api import expect

from test_second_walk import phone  # noqa: F401  (the phone at 390×844 with touch)
from test_walkthrough import Person, sheet


def test_a_bracket_from_the_trade_sheet(phone: Person):
    page = phone.page
    phone.open_stock("AAPL")
    price = Decimal(page.locator(".detail-head .price").inner_text().replace("$", "").replace(",", ""))
    orders = page.get_by_test_id("open-orders")
    expect(orders).to_contain_text("No open orders for AAPL")

    page.get_by_role("button", name="Trade", exact=True).tap()
    trade = sheet(page)
    exits = trade.get_by_role("switch", name="Take profit · stop loss")
    profit = trade.get_by_label("Take profit at")
    loss = trade.get_by_label("Stop loss at")
    # Off: no exit prices. Buying in dollars has no exits at all.
    expect(exits).not_to_be_checked()
    expect(profit).to_be_hidden()
    trade.get_by_role("button", name="Buy in dollars").tap()
    expect(exits).to_be_hidden()
    trade.get_by_role("button", name="Shares", exact=True).tap()
    expect(exits).to_be_visible()
    # A trailing stop takes no exits either.
    trade.get_by_label("Order type").select_option("trailing_stop")
    expect(exits).to_be_hidden()
    trade.get_by_label("Order type").select_option("market")

    exits.tap()
    expect(profit).to_be_visible()
    expect(loss).to_be_visible()
    trade.locator(".qty input").fill("2")
    # A take-profit below the price a buy pays: refused, nothing placed.
    profit.fill(f"{price - 10:.2f}")
    loss.fill(f"{price - 20:.2f}")
    trade.get_by_role("button", name="Buy", exact=True).tap()
    refused = trade.locator(".toast", has_text="A buy's take-profit must be at least a cent above the price")
    expect(refused).to_be_visible()
    expect(trade.get_by_role("button", name="Buy", exact=True)).to_be_enabled()
    phone.shot("bracket-01-refused")
    expect(refused).to_have_count(0, timeout=15_000)
    expect(orders).to_contain_text("No open orders for AAPL")

    take_profit = price + 25
    profit.fill(f"{take_profit:.2f}")
    phone.shot("bracket-02-sheet")
    trade.get_by_role("button", name="Buy", exact=True).tap()
    expect(trade.get_by_role("heading", name="Congratulations!")).to_be_visible()
    expect(trade).to_contain_text("You have successfully bought 2 shares of AAPL. Its take profit and stop loss are open.")
    phone.shot("bracket-03-placed")
    trade.get_by_role("button", name="Done").tap()
    expect(trade).to_have_count(0)

    # The exits rest among the stock's open orders, each saying which it is.
    rows = orders.locator(".order-row")
    expect(rows).to_have_count(2)
    take = rows.filter(has_text="Take profit · 2 shares")
    expect(take).to_contain_text(f"limit ${take_profit:,.2f}")
    expect(rows.filter(has_text="Stop loss · 2 shares")).to_contain_text(f"stop ${price - 20:,.2f}")
    orders.scroll_into_view_if_needed()
    phone.shot("bracket-04-exits")

    # Canceling the take-profit cancels its stop-loss with it.
    take.get_by_role("button", name=re.compile("^Cancel")).tap()
    confirm = page.get_by_role("alertdialog")
    confirm.get_by_role("button", name="Cancel Order").tap()
    expect(orders).to_contain_text("No open orders for AAPL")

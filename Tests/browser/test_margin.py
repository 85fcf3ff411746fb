"""Margin and short selling in the web app (issue 33), as a person on a phone with touch meets it.

Margin is turned on in Settings; a large cap is sold short from the trade sheet; Home shows the
short position and the margin figures (and the cash borrowed); turning margin off is refused
while it is in use, in the server's words; the short is bought back; margin goes off.
"""

from __future__ import annotations

import re
from decimal import Decimal

from playwright.sync_api import expect

from test_second_walk import phone  # noqa: F401  (the phone at 390×844 with touch)
from test_walkthrough import Person, sheet

IN_USE = "Repay the borrowed cash and cover the short positions before turning margin off"


def amount(text: str) -> Decimal:
    return Decimal(text.replace("$", "").replace(",", ""))


def figures(page) -> dict[str, Decimal]:
    """Home's margin figures by label and the net worth, read at one instant (live prices
    move them)."""
    shown = page.evaluate(
        """() => [['Net Worth', document.querySelector('.hero .big').textContent],
                  ...[...document.querySelectorAll('.margin-figures > div')].map((t) => [t.firstChild.textContent, t.lastChild.textContent])]"""
    )
    return {label: amount(value) for label, value in shown}


def open_settings(phone: Person):
    phone.home()
    phone.page.get_by_role("button", name=re.compile("^Account")).tap()
    settings = sheet(phone.page)
    expect(settings.get_by_role("region", name="Margin")).to_be_visible()
    return settings


def test_margin_is_turned_on_a_stock_sold_short_and_covered_and_margin_turned_off(phone: Person):
    page = phone.page
    phone.home()
    margin = page.get_by_role("group", name="Margin")
    # A new account is a cash account: no margin figures.
    expect(margin).to_be_hidden()

    # Settings: one switch per paper account, off, with what margin means beside it.
    settings = open_settings(phone)
    switch = settings.get_by_role("switch", name="Margin for Individual")
    expect(switch).not_to_be_checked()
    region = settings.get_by_role("region", name="Margin")
    expect(region).to_contain_text("Losses can exceed what you put in")
    expect(region).to_contain_text("a margin call sells your largest positions")
    switch.tap()
    expect(switch).to_be_checked()
    expect(switch).to_be_enabled()
    phone.shot("margin-01-settings-on")
    settings.get_by_role("button", name="Close").tap()
    expect(settings).to_have_count(0)

    # Home now shows the margin figures: 4× buying power from $25,000 of equity.
    expect(margin).to_be_visible()
    expect(margin).to_contain_text("Buying Power · 4×$100,000.00")
    expect(margin).to_contain_text("Equity$25,000.00")
    expect(margin).to_contain_text("Maintenance$0.00")
    expect(margin).to_contain_text("Margin Cushion$25,000.00")

    # The trade sheet: with nothing held, Sell is a short sale, of whole shares only.
    phone.open_stock("AAPL")
    page.get_by_role("button", name="Trade", exact=True).tap()
    trade = sheet(page)
    sell_short = trade.get_by_role("button", name="Sell Short")
    expect(sell_short).to_be_visible()
    expect(trade.get_by_role("button", name="Buy", exact=True)).to_be_visible()
    expect(trade.locator(".avail")).to_have_text("$100,000.00 buying power")
    trade.locator(".qty input").fill("0.5")
    sell_short.tap()
    expect(trade.locator(".toast", has_text="A short sale is for whole shares")).to_be_visible()
    trade.locator(".qty input").fill("10")
    phone.shot("margin-02-sell-short-sheet")
    sell_short.tap()
    expect(trade.get_by_role("heading", name="Congratulations!")).to_be_visible()
    expect(trade).to_contain_text("You have successfully sold 10 shares of AAPL")
    trade.get_by_role("button", name="Done").tap()
    expect(trade).to_have_count(0)

    # The stock's position card: short, its proceeds, a negative market value, Cover All.
    position = page.get_by_test_id("position")
    expect(position.locator(".kv", has_text="Position").locator(".end")).to_have_text("Short 10 shares")
    expect(position.locator(".kv", has_text="Market Value").locator(".end")).to_have_text(re.compile(r"^-\$[\d,]+\.\d\d$"))
    proceeds = amount(position.locator(".kv", has_text="Short Proceeds").locator(".end").inner_text())
    assert Decimal("1000") < proceeds < Decimal("10000"), proceeds
    cover_all = page.get_by_role("button", name="Cover All")
    expect(cover_all).to_be_enabled()
    expect(page.get_by_role("button", name="Sell All")).to_have_count(0)
    position.scroll_into_view_if_needed()
    phone.shot("margin-03-short-position")

    # Home: the row says Short, its value is negative; the proceeds are in the cash; the
    # margin figures agree with each other.
    phone.home()
    row = page.locator("ul[data-list=portfolio] > li[data-symbol=AAPL]")
    expect(row.locator(".sub")).to_have_text("Short 10 shares")
    expect(row.locator(".price")).to_have_text(re.compile(r"^-\$[\d,]+\.\d\d$"))
    expect(page.get_by_test_id("cash")).to_have_text(f"${Decimal('25000') + proceeds:,.2f}")
    expect(margin).not_to_contain_text("Maintenance$0.00")
    f = figures(page)
    assert f["Maintenance"] > 0
    assert f["Margin Cushion"] == f["Equity"] - f["Maintenance"]
    assert f["Equity"] == f["Net Worth"]
    margin.scroll_into_view_if_needed()
    phone.shot("margin-04-home-short")

    # Buying more than the cash borrows the rest: Home says how much is borrowed.
    cash = amount(page.get_by_test_id("cash").inner_text())
    price = Decimal(phone.api("GET", "/stocks/MSFT/quote")["price"])
    borrowing = int(cash / price) + 10
    phone.buy("MSFT", str(borrowing))
    phone.home()
    expect(page.locator(".row.kv", has=page.get_by_test_id("cash")).locator(".grow")).to_have_text("Borrowed")
    borrowed = amount(page.get_by_test_id("cash").inner_text())
    assert Decimal("0") < borrowed < 20 * price, borrowed
    margin.scroll_into_view_if_needed()
    phone.shot("margin-05-home-borrowed")

    # Margin cannot go off while it is in use: the switch stays on, the server's words show.
    settings = open_settings(phone)
    switch = settings.get_by_role("switch", name="Margin for Individual")
    expect(switch).to_be_checked()
    switch.tap()
    expect(settings.get_by_role("region", name="Margin").get_by_role("alert")).to_have_text(IN_USE)
    expect(switch).to_be_checked()
    phone.shot("margin-06-off-refused")
    settings.get_by_role("button", name="Close").tap()
    phone.api("POST", "/trades", {"symbol": "MSFT", "side": "sell", "shares": str(borrowing)})

    # Cover All: the sheet buys back, at most the shares short, in shares only.
    phone.open_stock("AAPL")
    page.get_by_role("button", name="Cover All").tap()
    trade = sheet(page)
    cover = trade.get_by_role("button", name="Buy to Cover")
    expect(cover).to_be_visible()
    expect(trade.get_by_role("button", name="Sell Short")).to_be_visible()
    expect(trade.locator(".qty input")).to_have_value("10")
    expect(trade.locator(".avail")).to_have_text(re.compile(r"^\$[\d,]+\.\d\d buying power\s+10 shares to buy back$"))
    expect(trade.get_by_role("button", name="Buy in dollars")).to_be_hidden()
    phone.shot("margin-07-cover-sheet")
    trade.locator(".qty input").fill("11")
    cover.tap()
    expect(trade.locator(".toast", has_text="You can buy back at most 10 shares")).to_be_visible()
    trade.locator(".qty input").fill("10")
    cover.tap()
    expect(trade.get_by_role("heading", name="Congratulations!")).to_be_visible()
    expect(trade).to_contain_text("You have successfully bought 10 shares of AAPL")
    trade.get_by_role("button", name="Done").tap()
    expect(page.get_by_test_id("no-position")).to_be_visible()

    # History: the cover's profit or loss is shown with it, as a sale's is.
    page.locator(".tabbar a[data-tab=history]").tap()
    cover_row = page.locator("a.trade-row").first
    expect(cover_row).to_contain_text("AAPL")
    expect(cover_row.locator(".badge")).to_have_text("Buy")
    # A cover at the very price of the short sale (both within the same quote) made nothing:
    # then there is no P/L to show.
    cover_fill = next(a for a in phone.api("GET", "/activities")["activities"] if a["kind"] == "fill")
    if cover_fill["realizedProfit"] is None:
        expect(cover_row).not_to_contain_text("P/L")
    else:
        expect(cover_row).to_contain_text(re.compile(r"[+−]\$[\d,]+\.\d\d P/L"))

    # Nothing borrowed, nothing short: margin goes off, and Home is a cash account's again.
    settings = open_settings(phone)
    switch = settings.get_by_role("switch", name="Margin for Individual")
    switch.tap()
    expect(switch).not_to_be_checked()
    expect(settings.get_by_role("region", name="Margin").get_by_role("alert")).to_have_text("")
    phone.shot("margin-08-settings-off")
    settings.get_by_role("button", name="Close").tap()
    expect(margin).to_be_hidden()
    expect(page.locator(".row.kv", has=page.get_by_test_id("cash")).locator(".grow")).to_have_text("Cash Balance")

    # A cash account's sheet again: Buy and Sell, cash available to buy.
    phone.open_stock("AAPL")
    page.get_by_role("button", name="Trade", exact=True).tap()
    trade = sheet(page)
    expect(trade.get_by_role("button", name="Sell", exact=True)).to_be_visible()
    expect(trade.get_by_role("button", name="Sell Short")).to_have_count(0)
    expect(trade.locator(".avail")).to_have_text(re.compile(r"^\$[\d,]+\.\d\d available to buy AAPL$"))

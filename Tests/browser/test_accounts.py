"""Several accounts on a phone: open one, switch to it and trade there, see them all
together, rename, reset and close it (issue 32)."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from test_second_walk import phone  # noqa: F401  (the phone at 390×844 with touch)
from test_walkthrough import Person, sheet


def test_accounts_are_opened_switched_traded_in_reset_and_closed(phone: Person):
    page = phone.page
    phone.buy("AAPL", "1")
    phone.home()
    name = page.get_by_test_id("account-name")
    expect(name).to_have_text(re.compile("Individual"))
    cash_before = page.get_by_test_id("cash").inner_text()

    # Open a second account from the sheet; it becomes the one shown.
    name.tap()
    accounts = sheet(page)
    expect(accounts.get_by_test_id("all-accounts")).to_contain_text(re.compile(r"All Accounts\$[\d,]+\.\d\d"))
    new = accounts.get_by_role("region", name="New Account")
    new.get_by_label("Name").fill("Momentum")
    new.get_by_label("Cash").fill("1,000")
    phone.shot("accounts-new")
    accounts.get_by_role("button", name="Open Account").tap()
    expect(accounts).to_have_count(0)
    expect(name).to_have_text(re.compile("Momentum"))
    expect(page.get_by_test_id("cash")).to_have_text("$1,000.00")
    expect(page.get_by_label("Positions").locator("li")).to_have_count(0)

    # A trade on this device goes to the account shown.
    phone.page.evaluate(
        """async () => {
        const { post } = await import('/js/api.js');
        await post('/trades', { symbol: 'MSFT', side: 'buy', shares: '1' });
      }"""
    )
    # The trade sheet says which account it trades, now that there are two.
    phone.open_stock("MSFT")
    page.get_by_role("button", name="Trade", exact=True).tap()
    expect(sheet(page).get_by_test_id("trade-account")).to_have_text("In Momentum")
    phone.shot("accounts-trade-sheet")
    sheet(page).get_by_role("button", name="Close").tap()
    phone.home()
    expect(name).to_have_text(re.compile("Momentum"))
    expect(page.get_by_label("Positions")).to_contain_text("MSFT")
    expect(page.get_by_label("Positions")).not_to_contain_text("AAPL")
    phone.shot("accounts-home")

    # All accounts together: a row each, the total above them.
    name.tap()
    rows = accounts.get_by_label("Accounts", exact=True).locator("li")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text("Individual")
    expect(rows.nth(1)).to_contain_text("Momentum")
    expect(rows.nth(1).locator("[aria-current=true]")).to_have_count(1)
    phone.shot("accounts-sheet")

    # Rename and reset the account shown.
    shown = accounts.get_by_role("region", name="Momentum")
    shown.get_by_label("Name").fill("Swing")
    shown.get_by_role("button", name="Save").tap()
    expect(rows.nth(1)).to_contain_text("Swing")
    accounts.get_by_role("region", name="Swing").get_by_label("Reset to").fill("500")
    accounts.get_by_role("button", name="Reset…").tap()
    page.get_by_role("alertdialog").get_by_role("button", name="Reset").tap()
    expect(accounts).to_have_count(0)
    expect(page.get_by_test_id("cash")).to_have_text("$500.00")
    expect(page.get_by_label("Positions").locator("li")).to_have_count(0)

    # Back to Individual: its books as they were.
    name.tap()
    rows.nth(0).tap()
    expect(name).to_have_text(re.compile("Individual"))
    expect(page.get_by_test_id("cash")).to_have_text(cash_before)
    expect(page.get_by_label("Positions")).to_contain_text("AAPL")

    # Close Swing: pick it, close it, and Individual is shown again.
    name.tap()
    rows.nth(1).tap()
    expect(name).to_have_text(re.compile("Swing"))
    name.tap()
    accounts.get_by_role("button", name="Close Account…").tap()
    page.get_by_role("alertdialog").get_by_role("button", name="Close Account").tap()
    expect(accounts).to_have_count(0)
    expect(name).to_have_text(re.compile("Individual"))
    name.tap()
    expect(rows).to_have_count(1)
    expect(accounts).to_contain_text("Closed")
    phone.shot("accounts-closed")

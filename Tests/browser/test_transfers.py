"""Deposits and withdrawals in the web app (issue 35), on a phone: History lists each with
its amount and time, never as a link to a stock, and the portfolio's cash follows."""

from __future__ import annotations

from playwright.sync_api import expect

from test_walkthrough import Person


def test_transfers_in_history(browser, base_url, shots):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="en-US"
    )
    context.set_default_timeout(10_000)
    person = Person(context, context.new_page(), base_url, "phone", shots)
    page = person.page
    person.buy("KO", "2")
    person.api("POST", "/portfolio/transfers", {"amount": "1000.00", "direction": "deposit"})
    person.api("POST", "/portfolio/transfers", {"amount": "250.50", "direction": "withdrawal"})

    page.goto(f"{base_url}/#/history")
    deposit = page.locator("div.action-row[data-kind=deposit]")
    expect(deposit).to_contain_text("Deposit")
    expect(deposit.locator(".price")).to_have_text("+$1,000.00")
    withdrawal = page.locator("div.action-row[data-kind=withdrawal]")
    expect(withdrawal).to_contain_text("Withdrawal")
    expect(withdrawal.locator(".price")).to_have_text("−$250.50")
    # A transfer opens no stock; the buy still does.
    expect(page.locator("a.action-row")).to_have_count(0)
    expect(page.locator("a.trade-row")).to_have_count(1)
    person.shot("transfers-01-history")
    context.close()
    assert person.errors == [], f"JavaScript errors: {person.errors}"

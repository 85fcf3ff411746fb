"""Performance (issue 35) on a phone: Home's net worth leads to it; the account's return and the
market's on one chart, scrubbed with a finger; ranges; the figures in plain words; and cash
added and withdrawn in Settings, which the figures count as money moved, never as gain."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from test_walkthrough import Person


def finger_down_across(page, cdp, box, fraction: float):
    """A finger pressed on the chart and dragged to `fraction` of its width (not lifted)."""
    y = box["y"] + box["height"] / 2
    x0 = box["x"] + box["width"] * 0.5
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y}]})
    for i in range(1, 6):
        x = x0 + (box["width"] * fraction - box["width"] * 0.5) * i / 5
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
        page.wait_for_timeout(16)


def test_home_to_performance_ranges_scrub_and_cash(browser, base_url, shots):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="en-US"
    )
    context.set_default_timeout(10_000)
    person = Person(context, context.new_page(), base_url, "phone", shots)
    page = person.page
    person.buy("KO", "20")
    person.buy("AAPL", "5")
    person.api("POST", "/portfolio/transfers", {"amount": "2000.00", "direction": "deposit"})

    # Home → Performance, from under the net worth.
    person.home()
    link = page.get_by_test_id("performance-link")
    expect(link).to_contain_text("Performance")
    link.tap()
    expect(page.locator("h1.large-title:visible")).to_have_text("Performance")
    headline = page.get_by_test_id("perf-headline")
    expect(headline).to_have_text(re.compile(r"^You're (up|down) \d+\.\d\d% over the past year$|^You're even"))
    expect(page.locator(".perf-versus")).to_have_text(
        re.compile(r"^The S&P 500 is (up|down|even).*: you're .*(ahead of|behind|level with) it\.$")
    )
    chart = page.get_by_test_id("perf-chart")
    expect(chart.locator("path.line").first).to_be_visible()
    expect(chart.locator("path.compare")).to_have_count(1)
    # The deposit is money added, not gain: the figures say so.
    figures = page.locator(".view:visible .section")
    expect(figures.filter(has_text="Return")).to_contain_text("Added$2,000.00")
    expect(figures.filter(has_text="Risk")).to_contain_text("Sharpe ratio")
    expect(page.locator(".legend:visible")).to_contain_text("SPY")
    person.shot("performance-01-1y")

    # Ranges: each its own sentence.
    for name, words in [("1D", "today"), ("1W", "over the past week"), ("ALL", "since you started")]:
        page.locator(".perf-hero .ranges button", has_text=name).tap()
        expect(page.locator(".perf-hero .ranges button", has_text=name)).to_have_attribute("aria-pressed", "true")
        expect(headline).to_contain_text(words)
    person.shot("performance-02-all")

    # A finger on the chart reads both lines at that instant; lifted, the sentence is back.
    cdp = context.new_cdp_session(page)
    box = chart.bounding_box()
    finger_down_across(page, cdp, box, 0.3)
    expect(headline).to_have_text(re.compile(r"^You [+−]?\d+\.\d\d%$"))
    expect(page.locator(".perf-versus")).to_contain_text(re.compile(r"ET|, 20\d\d"))
    expect(page.locator(".perf-versus")).to_contain_text("SPY")
    expect(chart.locator("g.scrub")).to_have_attribute("visibility", "visible")
    person.shot("performance-03-scrub")
    first = headline.inner_text()
    finger_down_across(page, cdp, box, 0.9)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    # A tap that follows at once would only stop the browser's fling, as on a phone.
    page.wait_for_timeout(500)
    expect(headline).to_contain_text("since you started")
    assert first

    # Back to Home.
    page.locator(".view:visible .nav-btn.back").tap()
    expect(page.locator("h1.large-title:visible")).to_have_text("Stocks")

    # Settings: add cash, then try to withdraw more than there is.
    page.get_by_role("button", name=re.compile("^Account")).tap()
    settings = page.locator("dialog[open]")
    cash = settings.get_by_role("region", name="Cash")
    expect(cash).to_be_visible()
    cash.get_by_test_id("cash-amount").fill("1,000")
    cash.get_by_role("button", name="Add Cash").tap()
    expect(settings.locator(".toast")).to_have_text(re.compile(r"^Added \$1,000\.00\. Cash is now \$[\d,]+\.\d\d\.$"))
    expect(cash.get_by_test_id("cash-amount")).to_have_value("")
    cash.get_by_test_id("cash-amount").fill("500000")
    cash.get_by_role("button", name="Withdraw").tap()
    expect(cash.locator("[role=alert]")).to_have_text("You can withdraw only the cash that open orders do not hold")
    person.shot("performance-04-cash")
    transfers = person.api("GET", "/portfolio/transfers")["transfers"]
    assert sorted(t["amount"] for t in transfers) == ["1000.00", "2000.00"], transfers
    context.close()
    assert person.errors == [], f"JavaScript errors: {person.errors}"

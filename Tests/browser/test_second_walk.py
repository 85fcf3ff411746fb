"""The second walk-through's defects (issue 31), each as a phone with touch meets it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from conftest import raven_server
from test_walkthrough import MONEY, PASSWORD, Person, sheet


@pytest.fixture
def phone(browser, base_url, shots):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="en-US"
    )
    context.set_default_timeout(10_000)
    person = Person(context, context.new_page(), base_url, "phone", shots)
    yield person
    context.close()
    assert person.errors == [], f"JavaScript errors: {person.errors}"


def live_frames(person: Person, symbol: str) -> list[str]:
    """The quote stream's messages about `symbol`, as they arrive (register before opening)."""
    frames: list[str] = []

    def watch(socket):
        socket.on(
            "framereceived",
            lambda payload: frames.append(payload)
            if isinstance(payload, str) and f'"{symbol}"' in payload
            else None,
        )

    person.page.on("websocket", watch)
    return frames


def wait_for_ticks(page, frames: list[str], count: int = 2):
    """Waits (up to 10 s) until `count` more stream messages have arrived."""
    seen = len(frames)
    for _ in range(50):
        if len(frames) >= seen + count:
            break
        page.wait_for_timeout(200)
    assert len(frames) >= seen + count, "live ticks arrived while the finger was down"


def touch(plot, kind: str, x: float, y: float):
    plot.dispatch_event(
        kind,
        {"pointerType": "touch", "pointerId": 7, "isPrimary": True, "clientX": x, "clientY": y, "bubbles": True},
    )


# 1. While a finger is on the chart, live ticks never move the header off its point.
def test_the_scrub_header_stays_on_the_point_while_live_ticks_arrive(phone: Person):
    page = phone.page
    frames = live_frames(phone, "AAPL")
    phone.open_stock("AAPL")
    label = page.get_by_test_id("range-label")
    page.locator(".ranges button", has_text=re.compile("^1Y$")).tap()
    expect(label).to_have_text("Past year")
    plot = page.get_by_test_id("plot")
    expect(plot).not_to_have_attribute("aria-busy", "true")
    price = page.locator(".detail-head .price")
    change = page.locator(".detail-head .change")
    box = plot.bounding_box()
    x, y = box["x"] + box["width"] * 0.3, box["y"] + box["height"] / 2
    touch(plot, "pointerdown", x, y)
    expect(plot).to_have_attribute("data-scrub", re.compile(r"^\d+$"))
    held_price, held_change, held_date = (
        price.text_content(),
        change.text_content(),
        plot.locator("text.scrub-date").text_content(),
    )
    # The finger stays down while the market moves and its ticks arrive.
    wait_for_ticks(page, frames)
    expect(price).to_have_text(held_price)
    expect(change).to_have_text(held_change)
    expect(label).to_have_text("Past year")
    expect(plot.locator("text.scrub-date")).to_have_text(held_date)
    phone.shot("31-01-scrub-held")
    # Lifting the finger shows the live figures again.
    touch(plot, "pointerup", x, y)
    expect(plot).not_to_have_attribute("data-scrub", re.compile(".*"))
    expect(price).to_have_text(MONEY)
    expect(price).not_to_have_text(held_price)
    expect(label).to_have_text("Past year")


# 1. The home hero does the same: the net worth under the finger stays while ticks arrive.
def test_the_home_hero_keeps_the_point_under_the_finger(phone: Person):
    page = phone.page
    phone.buy("AAPL", "20")
    frames = live_frames(phone, "AAPL")
    phone.home()
    hero = page.locator(".hero")
    chart = hero.locator(".chart")
    expect(chart.locator("svg path").first).to_be_attached()
    # A minute of history is needed for a line: wait until the hero has one to scrub.
    box = chart.bounding_box()
    x, y = box["x"] + box["width"] * 0.2, box["y"] + box["height"] / 2
    touch(chart, "pointerdown", x, y)
    expect(chart).to_have_attribute("data-scrub", re.compile(r"^\d+$"))
    worth = hero.locator(".big")
    when = hero.locator(".when")
    held_worth, held_when = worth.text_content(), when.text_content()
    assert held_when != "Today"
    wait_for_ticks(page, frames)
    expect(worth).to_have_text(held_worth)
    expect(when).to_have_text(held_when)
    touch(chart, "pointerup", x, y)
    expect(when).to_have_text("Today")


def favorites_and_holdings(phone: Person, symbols: list[str]):
    for symbol in symbols:
        phone.api("PUT", f"/watchlist/{symbol}")
    for symbol in symbols[:4]:
        phone.buy(symbol, "1")


# 4. Edit mode leaves the sparkline's place empty, never the word "null".
def test_editing_favorites_shows_no_null(phone: Person):
    page = phone.page
    favorites_and_holdings(phone, ["AAPL", "MSFT"])
    phone.home()
    favorites = page.locator("[data-list=favorites]")
    expect(favorites.locator("li[data-symbol]")).to_have_count(2)
    page.get_by_role("button", name="Edit").tap()
    expect(page.get_by_role("button", name="Done")).to_be_visible()
    expect(favorites.locator(".grip").first).to_be_visible()
    assert "null" not in favorites.inner_text()
    phone.shot("31-04-editing")


# 9. Edit and Done keep Home where it was scrolled.
def test_edit_and_done_keep_the_scroll_position(phone: Person):
    page = phone.page
    favorites_and_holdings(phone, ["AAPL", "MSFT", "KO", "PEP", "NVDA", "AMZN", "GOOGL", "META"])
    phone.home()
    expect(page.locator("[data-list=favorites] li[data-symbol]")).to_have_count(8)
    page.evaluate("scrollTo(0, 194)")
    page.wait_for_function("scrollY === 194")
    # A finger where the button is (Playwright's own tap would first scroll it "into view").
    for name, then in [("Edit", "Done"), ("Done", "Edit")]:
        box = page.get_by_role("button", name=name).bounding_box()
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        expect(page.get_by_role("button", name=then)).to_be_visible()
        assert abs(page.evaluate("scrollY") - 194) <= 1


# 11. In Dollars mode, a wrong amount is refused in HW9's words, as in Shares mode.
def test_dollar_amount_errors_read_as_hw9s(phone: Person):
    page = phone.page
    phone.buy("AAPL", "1")
    phone.open_stock("AAPL")
    page.get_by_role("button", name="Trade", exact=True).tap()
    sheet = page.locator("dialog.sheet.trade")
    sheet.get_by_role("button", name="Buy in dollars").tap()
    amount = sheet.locator(".qty input")
    toast = sheet.locator(".toast").last
    for typed, side, words in [
        ("", "Buy", "Please enter a valid amount"),
        ("abc", "Buy", "Please enter a valid amount"),
        ("0", "Buy", "Cannot buy non-positive shares"),
        ("-5", "Sell", "Cannot sell non-positive shares"),
    ]:
        amount.fill(typed)
        sheet.get_by_role("button", name=side, exact=True).tap()
        expect(toast).to_have_text(words)
        page.wait_for_timeout(100)
    phone.shot("31-11-dollar-errors")


# 7. A slow first load shows HW9's splash (the icon and the name), never a blank page.
def test_a_slow_first_load_shows_the_splash(browser, base_url, shots):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="en-US"
    )
    page = context.new_page()
    held = []
    page.route("**/js/app.js", lambda route: held.append(route))
    page.goto(base_url + "/", wait_until="commit")
    for _ in range(50):
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the app's script was asked for"
    splash = page.locator("#boot")
    expect(splash).to_be_visible()
    expect(splash).to_contain_text("Raven")
    expect(splash.locator("img")).to_be_visible()
    page.screenshot(path=str(shots / "walk-phone-31-07-splash.png"))
    held[0].continue_()
    expect(page.get_by_role("button", name="Sign In", exact=True).first).to_be_visible()
    expect(splash).to_have_count(0)
    context.close()


# 10. Back follows the way the user came: from a peer back to the stock, then Home.
def test_back_from_a_peer_returns_to_the_stock(phone: Person):
    page = phone.page
    phone.home()
    page.goto(f"{phone.base}/#/stock/AAPL")
    expect(page.locator("h1.sym")).to_have_text("AAPL")
    chip = page.locator("a.chip").first
    expect(chip).to_be_visible()
    peer = chip.inner_text()
    chip.tap()
    expect(page.locator("h1.sym")).to_have_text(peer)
    back = page.locator(".nav-btn.back:visible")
    expect(back).to_have_text("AAPL")
    back.tap()
    expect(page.locator("h1.sym")).to_have_text("AAPL")
    expect(page.locator(".nav-btn.back:visible")).to_have_text("Stocks")
    page.locator(".nav-btn.back:visible").tap()
    expect(page.locator("h1.large-title:visible")).to_have_text("Stocks")
    # A stock opened straight from its address has Home behind it.
    page.goto(f"{phone.base}/#/stock/MSFT")
    expect(page.locator("h1.sym")).to_have_text("MSFT")
    page.locator(".nav-btn.back:visible").tap()
    expect(page.locator("h1.large-title:visible")).to_have_text("Stocks")


# 6. History offline says so once, with Try Again, and loads when the connection is back.
def test_history_offline_says_so_with_try_again(phone: Person):
    page = phone.page
    phone.buy("KO", "1")
    phone.home()
    phone.context.set_offline(True)
    page.locator(".tabbar a", has_text="History").tap()
    expect(page.get_by_text(re.compile("Cannot reach Raven")).first).to_be_visible()
    expect(page.get_by_text("Fetching Data...")).to_have_count(0)
    retry = page.get_by_role("button", name="Try Again")
    expect(retry).to_be_visible()
    phone.shot("31-06-history-offline")
    phone.context.set_offline(False)
    retry.tap()
    expect(page.get_by_text(re.compile("Cannot reach Raven"))).to_have_count(0)
    expect(page.get_by_test_id("trades").first).to_contain_text("KO")


def drag_down(page, locator, distance: int = 220):
    """A real finger (Chromium's touch input, so touch-action applies) dragging down."""
    box = locator.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 12):
        cdp.send(
            "Input.dispatchTouchEvent",
            {"type": "touchMove", "touchPoints": [{"x": x, "y": y + distance * step / 11}]},
        )
        page.wait_for_timeout(16)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()


# 8. Dragging a sheet's grabber or title down dismisses it, as on iOS.
def test_swiping_down_dismisses_the_trade_and_news_sheets(phone: Person):
    page = phone.page
    phone.open_stock("AAPL")
    sheet = page.locator("dialog.sheet")
    page.get_by_role("button", name="Trade", exact=True).tap()
    expect(sheet).to_have_count(1)
    page.wait_for_timeout(400)  # at rest
    drag_down(page, sheet.locator(".grabber"))
    expect(sheet).to_have_count(0)
    page.locator("[data-testid=news-item]:visible").first.tap()
    expect(sheet).to_have_count(1)
    page.wait_for_timeout(400)
    drag_down(page, sheet.locator("h2").first)
    expect(sheet).to_have_count(0)


@pytest.fixture(scope="module")
def saturday_url():
    """A second server whose simulated market is closed: a Saturday, after Friday's session."""
    with raven_server("2026-11-21T15:00:00Z") as url:
        yield url


# 12. A closed market says so, names the last session's day, and warns before a market order.
def test_a_closed_market_says_so_on_the_stock_and_trade_screens(browser, saturday_url, shots):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="en-US"
    )
    context.set_default_timeout(10_000)
    person = Person(context, context.new_page(), saturday_url, "phone", shots)
    page = person.page
    person.open_stock("AAPL")
    expect(page.get_by_test_id("range-label")).to_have_text("Friday")
    closed = page.locator(".detail-head").get_by_test_id("market-closed")
    expect(closed).to_have_text("Market closed · Opens Monday 9:30 AM ET")
    person.shot("31-12-closed-stock")
    page.get_by_role("button", name="Trade", exact=True).tap()
    sheet = page.locator("dialog.sheet.trade")
    note = sheet.get_by_test_id("market-closed")
    expect(note).to_have_text(
        "Market closed · Opens Monday 9:30 AM ET: a market order fills when it opens."
    )
    # A limit order is not a market order: the note is for market orders only.
    sheet.get_by_label("Order type").select_option("limit")
    expect(note).to_be_hidden()
    sheet.get_by_label("Order type").select_option("market")
    expect(note).to_be_visible()
    person.shot("31-12-closed-trade")
    context.close()
    assert person.errors == [], f"JavaScript errors: {person.errors}"


# Orders in plain words: "Open", not "NEW"; the cancel alert's "Keep Order" / "Cancel Order";
# History's order line whole on a phone.
def test_orders_read_in_plain_words(phone: Person):
    page = phone.page
    phone.api(
        "POST",
        "/orders",
        {"symbol": "AAPL", "side": "buy", "type": "limit", "qty": "1", "limitPrice": "1.00", "timeInForce": "gtc"},
    )
    phone.open_stock("AAPL")
    page.get_by_role("button", name=re.compile("^Cancel .* order$")).tap()
    alert = page.get_by_role("alertdialog")
    expect(alert.get_by_role("button", name="Cancel Order")).to_be_visible()
    alert.get_by_role("button", name="Keep Order").tap()
    expect(alert).to_have_count(0)
    expect(page.get_by_test_id("open-orders").locator("li")).to_have_count(1)
    page.locator(".tabbar a", has_text="History").tap()
    page.get_by_role("tab", name="Orders").tap()
    row = page.locator("a.order-row").first
    expect(row.locator(".badge.status")).to_have_text("Open")
    line = row.locator(".sub.num").first
    expect(line).to_contain_text(re.compile(r"· \d{1,2}:\d\d [AP]M ET$"))
    assert line.evaluate("e => e.scrollWidth <= e.clientWidth"), "the order's line is cut off"
    phone.shot("31-orders-plain-words")


# 2. A dust order is refused, in the sheet, in the server's one sentence; nothing is charged.
def test_a_dust_order_is_refused_with_the_smallest_order(phone: Person):
    page = phone.page
    phone.open_stock("AAPL")
    page.get_by_role("button", name="Trade", exact=True).tap()
    sheet = page.locator("dialog.sheet.trade")
    sheet.locator(".qty input").fill("0.0000001")
    sheet.get_by_role("button", name="Buy", exact=True).tap()
    expect(sheet.locator(".toast").last).to_have_text("The smallest order is $1.00.")
    phone.shot("31-02-dust-refused")
    assert phone.api("GET", "/portfolio")["cash"] == "25000.00"


# 3. The sheet offers what open orders leave free: the buying power, and Sell All the shares
# open sales do not hold, which then sell.
def test_the_sheet_offers_what_open_orders_leave_free(phone: Person):
    page = phone.page
    phone.buy("AAPL", "3")
    for order in [
        {"symbol": "MSFT", "side": "buy", "type": "limit", "qty": "10000", "limitPrice": "1.00", "timeInForce": "gtc"},
        {"symbol": "AAPL", "side": "sell", "type": "limit", "qty": "2", "limitPrice": "99999.00", "timeInForce": "gtc"},
    ]:
        phone.api("POST", "/orders", order)
    portfolio = phone.api("GET", "/portfolio")
    power = float(portfolio["buyingPower"])
    assert abs(float(portfolio["cash"]) - 10_000 - power) < 0.005
    phone.open_stock("AAPL")
    page.get_by_role("button", name="Sell All").tap()
    sheet = page.locator("dialog.sheet.trade")
    expect(sheet.locator(".qty input")).to_have_value("1")
    expect(sheet.locator(".avail")).to_have_text(f"${power:,.2f} available to buy AAPL · 1 share to sell")
    phone.shot("31-03-buying-power")
    sheet.get_by_role("button", name="Sell", exact=True).tap()
    expect(sheet).to_contain_text("You have successfully sold 1 share of AAPL")


KEPT = "() => Object.keys(localStorage).filter((k) => k.startsWith('raven-kept:')).length"


# 5. Offline, a reload stays signed in with the last data and a notice; back online it carries
# on, and a session revoked meanwhile shows Sign In. Signing out deletes what was kept.
def test_an_offline_reload_stays_signed_in_with_the_last_data(phone: Person):
    page = phone.page
    phone.buy("KO", "2")
    phone.home()
    holdings = page.locator("li[data-symbol=KO]:visible").first
    expect(holdings).to_be_visible()
    page.evaluate("navigator.serviceWorker.ready")
    phone.context.set_offline(True)
    page.reload()
    notice = page.get_by_test_id("stale-data")
    expect(notice).to_have_text("You are offline: this is the last data Raven had.")
    expect(page.locator("h1.large-title:visible")).to_have_text("Stocks")
    expect(holdings).to_be_visible()
    phone.shot("31-05-offline-reload")
    phone.context.set_offline(False)
    expect(notice).to_be_hidden()
    expect(page.locator(".tabbar")).to_be_visible()

    # Revoked while offline (Sign Out Everywhere on another device): Sign In once back.
    phone.context.set_offline(True)
    page.reload()
    expect(notice).to_be_visible()
    other = page.context.browser.new_context()
    try:
        signed_in = other.request.post(
            f"{phone.base}/api/v1/auth/login", data={"username": phone.username, "password": PASSWORD}
        )
        csrf = next(c["value"] for c in other.cookies() if c["name"] == "raven_csrf")
        everywhere = other.request.post(
            f"{phone.base}/api/v1/auth/logout-everywhere", headers={"X-CSRF-Token": csrf}
        )
        assert signed_in.ok and everywhere.ok, everywhere.text()
    finally:
        other.close()
    phone.context.set_offline(False)
    expect(page.get_by_role("button", name="Sign In", exact=True).first).to_be_visible()
    assert page.evaluate(KEPT) == 0, "a revoked session's answers stayed on the device"


# 5. Signing out deletes every private answer the app kept on the device.
def test_signing_out_deletes_what_the_app_kept(phone: Person):
    page = phone.page
    phone.buy("KO", "1")
    phone.home()
    expect(page.locator("li[data-symbol=KO]:visible").first).to_be_visible()
    assert page.evaluate(KEPT) > 0
    page.get_by_role("button", name=re.compile("^Account")).tap()
    sheet(page).get_by_role("button", name="Sign Out", exact=True).tap()
    expect(page.get_by_role("button", name="Sign In", exact=True).first).to_be_visible()
    assert page.evaluate(KEPT) == 0


# Numbers: shares to 6 decimals (the same in the sheet and its confirmation, the 9 held all
# sold), two-decimal signed percentages, candle prices as money, every year on 5Y's axis.
def test_numbers_read_as_a_person_reads_them(phone: Person):
    page = phone.page
    phone.buy("KO", "0.123456789")
    symbols = ["AAPL", "MSFT", "NVDA", "AMZN", "GOOGL", "META", "TSLA", "JPM"]
    for symbol in symbols:
        phone.api("PUT", f"/watchlist/{symbol}")
    phone.home()
    expect(page.locator("li[data-symbol=KO]:visible").first).to_contain_text("0.123456 shares")
    changes = page.locator("li[data-symbol]:visible .change")
    expect(changes.first).to_be_visible()
    downs = 0
    for i in range(changes.count()):
        text, down = changes.nth(i).text_content(), "down" in changes.nth(i).get_attribute("class")
        assert re.search(r"\$[\d,]+\.\d\d \(-?[\d,]+\.\d\d%\)$", text), text
        assert ("-$" in text and "(-" in text) == down, text
        downs += down
    assert downs, "no stock was down to show a minus sign"

    phone.open_stock("AAPL")
    page.get_by_role("button", name="5Y", exact=True).tap()
    plot = page.get_by_test_id("plot")
    expect(plot).not_to_have_attribute("aria-busy", "true")
    years = [t for t in plot.locator("text.axis").all_text_contents() if re.fullmatch(r"\d{4}", t)]
    assert years == [str(y) for y in range(2022, 2027)], years
    page.get_by_role("tab", name="Historical").tap()
    candles = page.get_by_test_id("candles")
    expect(candles.locator("path.candle-up")).to_have_count(1)
    candles.focus()
    page.keyboard.press("ArrowLeft")
    expect(candles.locator("text.scrub-price")).to_have_text(
        re.compile(r"^O \$[\d,]+\.\d\d  H \$[\d,]+\.\d\d  L \$[\d,]+\.\d\d  C \$[\d,]+\.\d\d$")
    )
    phone.shot("31-numbers-candle")

    phone.open_stock("KO")
    page.get_by_role("button", name="Sell All").tap()
    sheet = page.locator("dialog.sheet.trade")
    expect(sheet.locator(".qty input")).to_have_value("0.123456")
    sheet.get_by_role("button", name="Sell", exact=True).tap()
    expect(sheet).to_contain_text("You have successfully sold 0.123456 shares of KO")
    assert all(p["symbol"] != "KO" for p in phone.api("GET", "/portfolio")["positions"])


# Home's chart takes Robinhood's portfolio ranges; the header says what each change is over.
def test_the_home_chart_has_the_portfolio_ranges(phone: Person):
    page = phone.page
    phone.buy("AAPL", "5")
    phone.home()
    hero = page.locator(".hero")
    buttons = hero.locator(".ranges button")
    expect(buttons).to_have_text(["1D", "1W", "1M", "3M", "YTD", "1Y", "ALL"])
    line = hero.locator(".chart path.line").first
    expect(line).to_be_attached()
    day = line.get_attribute("d")
    shown = day
    for name, words in [("1W", "Past week"), ("YTD", "Year to date"), ("ALL", "All time"), ("1D", "Today")]:
        button = buttons.filter(has_text=re.compile(f"^{name}$"))
        button.tap()
        expect(button).to_have_attribute("aria-pressed", "true")
        expect(hero.locator(".when")).to_have_text(words)
        # Each range draws a line of its own.
        expect(line).not_to_have_attribute("d", shown)
        shown = line.get_attribute("d")
        if name == "1W":
            phone.shot("31-home-ranges-1w")
    # Back on 1D: the day's line again, its points the same but for a minute that passed
    # meanwhile (one more point, and the scale it may move), so counted, not compared.
    assert day.count("L") <= shown.count("L") <= day.count("L") + 2


# Swipe-delete: with one row's Delete revealed, a tap elsewhere only hides it (nothing opens).
def test_a_tap_elsewhere_hides_a_revealed_delete(phone: Person):
    from test_devices import touch_swipe

    page = phone.page
    for symbol in ["MSFT", "KO"]:
        phone.api("PUT", f"/watchlist/{symbol}")
    phone.home()
    rows = page.locator("ul[data-list=favorites] li")
    msft, ko = rows.filter(has=page.locator("text=MSFT")), rows.filter(has=page.locator("text=KO"))
    cdp = page.context.new_cdp_session(page)
    touch_swipe(page, cdp, msft.locator("> :first-child"), -90)
    expect(msft).to_have_class(re.compile(r"\brevealed\b"))
    box = ko.bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 3, box["y"] + box["height"] / 2)
    expect(msft).not_to_have_class(re.compile(r"\brevealed\b"))
    expect(page.locator("h1.large-title:visible")).to_have_text("Stocks")
    # With nothing revealed, the same tap (not a double tap) opens the stock.
    page.wait_for_timeout(600)
    page.touchscreen.tap(box["x"] + box["width"] / 3, box["y"] + box["height"] / 2)
    expect(page.locator("h1.sym")).to_have_text("KO")


# Link Alpaca says what it waits for while Alpaca answers, then shows Alpaca's refusal.
def test_link_alpaca_shows_progress_while_alpaca_answers(phone: Person):
    page = phone.page
    held = []
    page.route(
        "**/api/v1/brokerage",
        lambda route: held.append(route) if route.request.method == "PUT" else route.continue_(),
    )
    phone.home()
    page.get_by_role("button", name=re.compile("^Account")).tap()
    settings = sheet(page)
    settings.get_by_label("Key ID").fill("PKWRONGKEY000001")
    settings.get_by_label("Secret Key").fill("not-the-secret")
    settings.get_by_role("button", name="Link Alpaca").tap()
    waiting = settings.get_by_role("button", name="Checking with Alpaca…")
    expect(waiting).to_be_disabled()
    phone.shot("31-link-alpaca-progress")
    held[0].continue_()
    expect(settings.get_by_role("button", name="Link Alpaca")).to_be_enabled()
    expect(settings.get_by_test_id("brokerage").locator("p.error")).not_to_be_empty()


# Home has the news of the holdings and favorites, newest first, each story opening its sheet.
def test_home_has_the_news_of_holdings_and_favorites(phone: Person):
    page = phone.page
    phone.buy("KO", "1")
    phone.api("PUT", "/watchlist/AAPL")
    phone.home()
    news = page.locator("section", has=page.get_by_role("heading", name="News"))
    stories = news.get_by_test_id("news-item")
    expect(stories.first).to_be_visible()
    assert 2 <= stories.count() <= 6
    logos = news.locator("img.mono").evaluate_all("els => els.map((e) => e.getAttribute('src'))")
    assert {src.split("/")[4] for src in logos} == {"KO", "AAPL"}, logos
    phone.shot("31-home-news")
    stories.first.tap()
    expect(page.locator("dialog.sheet.news .news-title")).not_to_be_empty()


# Goals: the form shows what other goals leave free; an over-allocation's toast leaves the
# sheet's buttons clear; a sale is "short" only for goals that take a number of shares.
def test_goals_show_free_shares_and_percentages_are_never_short(phone: Person):
    page = phone.page
    phone.buy("KO", "10")
    phone.api("POST", "/goals", {"title": "Trip", "target": "500", "allocations": [{"symbol": "KO", "shares": "6"}]})
    page.goto(phone.base + "/#/goals")
    page.get_by_role("button", name="New Goal").tap()
    form = sheet(page)
    expect(form.locator(".row.alloc")).to_contain_text("10 shares held, 4 free")
    form.get_by_label("Title", exact=True).fill("Car")
    form.get_by_label("Target value in dollars").fill("900")
    form.get_by_label("KO allocation", exact=True).fill("5")
    form.get_by_role("button", name="Add").tap()
    toast = form.locator(".toast").last
    expect(toast).to_be_visible()
    phone.shot("31-goal-over-allocated")
    below, button = toast.bounding_box(), form.get_by_role("button", name="Add").bounding_box()
    assert below["y"] >= button["y"] + button["height"], "the toast covers the sheet's buttons"
    form.get_by_role("button", name="Cancel").tap()

    # A goal taking half the holding shrinks with it: selling 8 of 10 asks nothing.
    for goal in phone.api("GET", "/goals")["goals"]:
        phone.api("DELETE", f"/goals/{goal['id']}")
    phone.api("POST", "/goals", {"title": "Half", "target": "500", "allocations": [{"symbol": "KO", "percent": "50"}]})
    phone.open_stock("KO")
    page.get_by_role("button", name="Trade", exact=True).tap()
    trade = page.locator("dialog.sheet.trade")
    expect(trade.get_by_test_id("goal-note")).to_contain_text("fund your goal “Half”")
    trade.locator(".qty input").fill("8")
    trade.get_by_role("button", name="Sell", exact=True).tap()
    expect(trade).to_contain_text("You have successfully sold 8 shares of KO")
    expect(page.get_by_role("alertdialog")).to_have_count(0)

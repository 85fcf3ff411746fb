"""What the walk-through in test_web_app.py does not reach: the narrowest and widest screens,
a finger on a touch screen, a closed WebSocket, the keyboard, the installed app's shell.

Each test signs up a person of its own through the API (the browser context keeps the
session cookie) and sets up what it needs there, so the tests do not depend on each other.
"""

from __future__ import annotations

import re
import secrets
import time

import pytest
from playwright.sync_api import BrowserContext, Page, expect

PASSWORD = "correct horse battery"

# Layout shift is recorded from the first paint, before the app's modules run.
RECORD_LAYOUT_SHIFT = """
window.__cls = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
}).observe({ type: 'layout-shift', buffered: true });
"""


def sign_up(context: BrowserContext, base: str, favorites=(), buys=()) -> str:
    """A new account signed in in `context`, with favorites and bought shares."""
    username = f"device-{secrets.token_hex(4)}"
    response = context.request.post(
        f"{base}/api/v1/auth/signup", data={"username": username, "password": PASSWORD}
    )
    assert response.status == 201, response.text()
    csrf = next(c["value"] for c in context.cookies() if c["name"] == "raven_csrf")
    headers = {"X-CSRF-Token": csrf}
    for symbol in favorites:
        r = context.request.put(f"{base}/api/v1/watchlist/{symbol}", headers=headers)
        assert r.ok, r.text()
    for symbol, shares in buys:
        r = context.request.post(
            f"{base}/api/v1/trades",
            headers=headers,
            data={"symbol": symbol, "side": "buy", "shares": str(shares)},
        )
        assert r.status == 201, r.text()
    return username


def favorites(page: Page) -> list[str]:
    return page.locator("ul[data-list=favorites] > li").evaluate_all(
        "els => els.map(e => e.dataset.symbol)"
    )


def open_home(page: Page, base: str):
    page.goto(base + "/")
    expect(page.locator("h1.large-title:visible")).to_have_text("Stocks")
    expect(page.locator(".loading")).to_have_count(0)


def overflow(page: Page) -> int:
    """How far the page is wider than the window (0: no sideways scrolling)."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


@pytest.mark.parametrize("width,height", [(320, 640), (1440, 900)])
def test_narrowest_and_widest_screens(browser, base_url, shots, width, height):
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
    context.add_init_script(RECORD_LAYOUT_SHIFT)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    sign_up(context, base_url, favorites=["AAPL", "BRK.B"], buys=[("MSFT", 2)])

    open_home(page, base_url)
    expect(page.locator("ul[data-list=portfolio] > li")).to_have_count(1)
    expect(page.locator("ul[data-list=favorites] > li")).to_have_count(2)
    page.wait_for_timeout(1500)  # live prices arrive; none of them may move the layout
    assert overflow(page) <= 0, f"Home scrolls sideways at {width} px"
    assert page.evaluate("window.__cls") < 0.1
    page.screenshot(path=str(shots / f"width-{width}-home.png"))

    page.goto(f"{base_url}/#/stock/AAPL")
    page.reload()  # a fresh document, so that the layout shift counts this screen alone
    expect(page.locator(".detail-head .price")).to_have_text(re.compile(r"^\$[\d,]+\.\d\d$"))
    expect(page.locator("[data-testid=news-item]:visible").first).to_be_visible()
    page.wait_for_timeout(1500)
    assert overflow(page) <= 0, f"the stock detail scrolls sideways at {width} px"
    assert page.evaluate("window.__cls") < 0.1
    page.screenshot(path=str(shots / f"width-{width}-stock.png"), full_page=True)
    context.close()
    assert errors == []


def touch_swipe(page: Page, cdp, row, distance: float):
    """A finger drags `row` sideways by `distance` px (negative: left), as Chromium's touch input."""
    # Touch input lands where the screen is: the row must be on it, clear of the bars.
    row.evaluate("(e) => e.scrollIntoView({ block: 'center' })")
    box = row.bounding_box()
    x0, y = box["x"] + box["width"] * 0.8, box["y"] + box["height"] / 2
    steps = 10
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y}]})
    for i in range(1, steps + 1):
        cdp.send(
            "Input.dispatchTouchEvent",
            {"type": "touchMove", "touchPoints": [{"x": x0 + distance * i / steps, "y": y}]},
        )
        page.wait_for_timeout(16)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    # A tap that follows at once would only stop the browser's fling, as on a phone.
    page.wait_for_timeout(500)


def test_swipe_to_delete_on_a_touch_screen(browser, base_url, shots):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="en-US"
    )
    page = context.new_page()
    sign_up(context, base_url, favorites=["AAPL", "MSFT", "KO"])
    open_home(page, base_url)
    assert favorites(page) == ["AAPL", "MSFT", "KO"]
    cdp = context.new_cdp_session(page)

    # A short swipe reveals Delete and opens nothing; a tap on Delete removes the row.
    msft = page.locator("ul[data-list=favorites] li[data-symbol=MSFT]")
    touch_swipe(page, cdp, msft.locator("> :first-child"), -90)
    expect(msft).to_have_class(re.compile(r"\brevealed\b"))
    expect(page.locator("h1.large-title:visible")).to_have_text("Stocks")
    page.screenshot(path=str(shots / "touch-swipe-revealed.png"))
    with page.expect_response(
        lambda r: r.url.endswith("/api/v1/watchlist/MSFT") and r.request.method == "DELETE"
    ) as deleted:
        msft.locator("button.swipe-del").tap()
    assert deleted.value.status == 204
    expect(msft).to_have_count(0)

    # A long swipe, past half the row, deletes at once.
    ko = page.locator("ul[data-list=favorites] li[data-symbol=KO]")
    with page.expect_response(
        lambda r: r.url.endswith("/api/v1/watchlist/KO") and r.request.method == "DELETE"
    ):
        touch_swipe(page, cdp, ko.locator("> :first-child"), -300)
    expect(ko).to_have_count(0)

    page.reload()
    expect(page.locator("ul[data-list=favorites] > li")).to_have_count(1)
    assert favorites(page) == ["AAPL"]
    context.close()


def test_prices_refresh_every_15_seconds_while_the_socket_is_down(browser, base_url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    page = context.new_page()
    sign_up(context, base_url, favorites=["AAPL", "MSFT", "NVDA", "KO"])
    # The stream refuses every connection: the server is there, its WebSocket is not.
    page.route_web_socket(re.compile(r"/api/v1/stream$"), lambda ws: ws.close())
    polls: list[float] = []
    page.on(
        "request",
        lambda r: polls.append(time.monotonic()) if "/api/v1/watchlist" in r.url else None,
    )
    open_home(page, base_url)
    expect(page.locator("html")).to_have_attribute("data-live", "polling")
    prices = page.locator("ul[data-list=favorites] .price")
    before = prices.all_inner_texts()
    loaded = time.monotonic()

    # The simulated market moves every second, so a refresh 15 s later shows new prices.
    deadline = loaded + 20
    while prices.all_inner_texts() == before and time.monotonic() < deadline:
        page.wait_for_timeout(250)
    assert prices.all_inner_texts() != before, "no refreshed price within 20 s"
    refreshes = [t for t in polls if t > loaded + 1]
    assert refreshes, "the watchlist was not fetched again"
    assert 13 <= refreshes[0] - loaded <= 18, "the first refresh is not about 15 s after loading"
    expect(page.locator(".loading")).to_have_count(0)  # no spinner on a refresh
    context.close()


def test_keyboard_only_and_every_control_named(browser, base_url):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    page = context.new_page()
    sign_up(context, base_url, favorites=["AAPL", "MSFT"])
    open_home(page, base_url)

    # Every control on Home and on a stock detail has a name a screen reader can read.
    def unnamed() -> list[str]:
        return page.evaluate(
            """() => [...document.querySelectorAll('button, a[href], input, select, textarea, [role=button], [role=tab]')]
                 .filter((el) => el.offsetParent !== null)
                 .filter((el) => !(el.getAttribute('aria-label') || el.getAttribute('aria-labelledby')
                   || el.getAttribute('title') || el.textContent.trim() || el.labels?.length
                   || el.getAttribute('placeholder')))
                 .map((el) => el.outerHTML.slice(0, 120))"""
        )

    assert unnamed() == []

    # Edit, then reorder Favorites with the arrow keys on a row's grip.
    edit = page.locator("header.navbar button.nav-btn", has_text=re.compile("^(Edit|Done)$"))
    edit.focus()
    page.keyboard.press("Enter")
    expect(edit).to_have_text("Done")
    grip = page.locator("ul[data-list=favorites] li[data-symbol=MSFT] button.grip")
    grip.focus()
    with page.expect_response(lambda r: "/api/v1/watchlist/order" in r.url) as saved:
        page.keyboard.press("ArrowUp")
    assert saved.value.status == 204
    assert favorites(page) == ["MSFT", "AAPL"]
    expect(page.locator("#announcer")).to_have_text("MSFT moved to position 1 of 2")
    expect(grip).to_be_focused()

    # Search by keyboard alone: type, arrow down, Enter opens the stock.
    page.reload()
    expect(page.locator("ul[data-list=favorites] > li")).to_have_count(2)
    assert favorites(page) == ["MSFT", "AAPL"]
    search = page.get_by_role("combobox")
    search.focus()
    page.keyboard.type("nvid", delay=50)
    expect(page.get_by_role("option").first).to_be_visible()
    page.keyboard.press("ArrowDown")
    page.keyboard.press("Enter")
    expect(page.locator("h1.sym")).to_have_text("NVDA")
    expect(page.locator(".detail-head .price")).to_be_visible()
    assert unnamed() == []
    context.close()


def test_installable_with_the_shell_cached_and_no_api_data(browser, base_url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    page = context.new_page()
    sign_up(context, base_url, favorites=["AAPL"])
    open_home(page, base_url)

    manifest = context.request.get(base_url + "/manifest.webmanifest").json()
    assert manifest["display"] == "standalone"
    for icon in manifest["icons"]:
        assert context.request.get(base_url + icon["src"]).ok, icon["src"]

    page.wait_for_function("navigator.serviceWorker.controller !== null || navigator.serviceWorker.ready")
    cached = page.evaluate(
        """async () => {
             await navigator.serviceWorker.ready;
             const urls = [];
             for (const name of await caches.keys())
               for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
             return urls;
           }"""
    )
    assert "/" in cached and "/js/app.js" in cached and "/css/app.css" in cached
    assert [u for u in cached if u.startswith("/api/")] == []
    context.close()

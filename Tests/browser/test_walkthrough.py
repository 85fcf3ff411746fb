"""Issue 14: what a demanding user met walking through the web app, each point as a test.

Each test signs up a person of its own through the API, at phone size (touch) and desktop
size, and saves a screenshot of what it checked. Every test here failed before its fix.
"""

from __future__ import annotations

import http.client
import json
import re
import secrets
from decimal import Decimal
from urllib.parse import quote, urlsplit

import pytest
from conftest import VIEWPORTS
from playwright.sync_api import BrowserContext, Page, expect

PASSWORD = "correct horse battery"
MONEY = re.compile(r"^-?\$[\d,]+\.\d\d$")


def sign_up(context: BrowserContext, base: str) -> str:
    """A new account, its session cookies put into `context`.

    The server allows 20 sign-ups per address in 15 minutes; this suite signs up more people
    than that, so each signs up from an address of its own on the loopback network.
    """
    url = urlsplit(base)
    source = f"127.{secrets.randbelow(250) + 1}.{secrets.randbelow(250) + 1}.{secrets.randbelow(250) + 2}"
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30, source_address=(source, 0))
    username = f"walk-{secrets.token_hex(4)}"
    body = json.dumps({"username": username, "password": PASSWORD})
    connection.request("POST", "/api/v1/auth/signup", body, {"Content-Type": "application/json"})
    response = connection.getresponse()
    assert response.status == 201, response.read()
    cookies = []
    for header in response.headers.get_all("Set-Cookie"):
        name, value = header.split(";")[0].split("=", 1)
        cookies.append({"name": name, "value": value, "url": base})
    connection.close()
    context.add_cookies(cookies)
    return username


class Person:
    """One person's browser tab at one viewport, signed up through the API."""

    def __init__(self, context: BrowserContext, page: Page, base: str, size: str, shots):
        self.context = context
        self.page = page
        self.base = base
        self.size = size
        self.shots = shots
        self.errors: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.username = sign_up(context, base)
        csrf = next(c["value"] for c in context.cookies() if c["name"] == "raven_csrf")
        self.headers = {"X-CSRF-Token": csrf}

    def api(self, method: str, path: str, data=None):
        r = self.context.request.fetch(
            f"{self.base}/api/v1{path}", method=method, headers=self.headers, data=data
        )
        assert r.ok, f"{method} {path}: {r.status} {r.text()}"
        return r.json() if r.status != 204 else None

    def buy(self, symbol: str, shares: str):
        self.api("POST", "/trades", {"symbol": symbol, "side": "buy", "shares": shares})

    def shot(self, name: str):
        self.page.wait_for_function(
            "() => document.getAnimations().every(a => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)",
            timeout=3000,
        )
        self.page.screenshot(path=str(self.shots / f"walk-{self.size}-{name}.png"))

    def home(self):
        self.page.goto(self.base + "/")
        expect(self.page.locator("h1.large-title:visible")).to_have_text("Stocks")
        expect(self.page.locator(".hero")).to_be_visible()

    def open_stock(self, symbol: str):
        self.page.goto(f"{self.base}/#/stock/{symbol}")
        expect(self.page.locator("h1.sym")).to_have_text(symbol)
        expect(self.page.locator(".detail-head .price")).to_have_text(MONEY)


@pytest.fixture(params=list(VIEWPORTS))
def person(request, browser, base_url, shots):
    width, height = VIEWPORTS[request.param]
    phone = request.param == "phone"
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone, locale="en-US"
    )
    context.set_default_timeout(10_000)
    page = context.new_page()
    p = Person(context, page, base_url, request.param, shots)
    yield p
    context.close()
    assert p.errors == [], f"JavaScript errors: {p.errors}"


def sheet(page: Page):
    return page.locator("dialog.sheet")


def tap(person: Person, locator):
    (locator.tap if person.size == "phone" else locator.click)()


# 1. A sheet belongs to its screen.
def test_back_closes_a_sheet_and_leaving_a_screen_closes_its_sheets(person: Person):
    page = person.page
    person.buy("AAPL", "2")
    person.home()
    person.open_stock("AAPL")
    tap(person, page.get_by_role("button", name="Trade", exact=True))
    expect(sheet(page)).to_be_visible()
    # Back closes the sheet first and stays on the stock, as on iOS.
    page.go_back()
    expect(sheet(page)).to_have_count(0)
    expect(page.locator("h1.sym")).to_have_text("AAPL")
    page.go_back()
    expect(page.locator("h1.large-title:visible")).to_have_text("Stocks")
    expect(sheet(page)).to_have_count(0)

    # A sale's "Congratulations!" does not follow the person to Goals.
    person.open_stock("AAPL")
    tap(person, page.get_by_role("button", name="Trade", exact=True))
    page.get_by_role("textbox", name="Shares").fill("1")
    tap(person, page.get_by_role("button", name="Sell", exact=True))
    expect(sheet(page).get_by_text("Congratulations!")).to_be_visible()
    page.evaluate("location.hash = '#/goals'")
    expect(page.locator("h1.large-title:visible")).to_have_text("Goals")
    expect(sheet(page)).to_have_count(0)
    person.shot("01-goals-after-a-sale")

    # Closed with its X, a sheet leaves no Back press behind it.
    person.open_stock("AAPL")
    tap(person, page.get_by_role("button", name="Trade", exact=True))
    sheet(page).get_by_role("button", name="Close").click()
    expect(sheet(page)).to_have_count(0)
    page.go_back()
    expect(page.locator("h1.large-title:visible")).to_have_text("Goals")

    # The news sheet too.
    person.open_stock("AAPL")
    tap(person, page.locator("[data-testid=news-item]:visible").first)
    expect(sheet(page)).to_be_visible()
    page.go_back()
    expect(sheet(page)).to_have_count(0)
    expect(page.locator("h1.sym")).to_have_text("AAPL")


# 2. The header says what the chart says.
def test_the_header_shows_the_change_over_the_chosen_range(person: Person):
    page = person.page
    person.open_stock("AAPL")
    label = page.get_by_test_id("range-label")
    expect(label).to_have_text("Today")
    for button, words in [("1Y", "Past year"), ("1W", "Past week"), ("MAX", "All time")]:
        page.locator(".ranges button", has_text=re.compile(f"^{button}$")).click()
        expect(label).to_have_text(words)
        plot = page.get_by_test_id("plot")
        expect(plot).not_to_have_attribute("aria-busy", "true")
        direction = plot.get_attribute("data-dir")
        expect(page.locator(".detail-head .change")).to_have_class(re.compile(rf"\b{direction}\b"))
    # The change from the range's start to the point under the finger: nothing at the start.
    page.locator(".ranges button", has_text="1Y").click()
    expect(label).to_have_text("Past year")
    page.get_by_test_id("plot").focus()
    page.keyboard.press("Home")
    expect(page.locator(".detail-head .change")).to_contain_text("$0.00 (0.00%)")
    person.shot("02-scrub-1y-start")
    page.keyboard.press("Escape")
    page.locator(".ranges button", has_text="1D").click()
    expect(label).to_have_text("Today")


# 4. A progress view while the stock loads.
def test_the_detail_screen_shows_progress_until_the_quote_arrives(person: Person):
    page = person.page
    person.home()
    held = []
    page.route("**/api/v1/stocks/MSFT/quote", lambda route: held.append(route))
    page.goto(f"{person.base}/#/stock/MSFT")
    progress = page.get_by_test_id("detail-loading")
    expect(progress).to_contain_text("Fetching Data")
    expect(progress.locator("svg.spinner")).to_be_visible()
    expect(page.locator(".detail-cols")).to_be_hidden()
    person.shot("04-fetching")
    for _ in range(50):
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the quote was asked for"
    page.wait_for_timeout(500)
    expect(progress).to_be_visible()
    for route in held:
        route.continue_()
    expect(progress).to_have_count(0)
    expect(page.locator(".detail-head .price")).to_have_text(MONEY)


# 5. Goal errors in plain words.
def test_the_goal_sheet_says_what_is_missing_in_plain_words(person: Person):
    page = person.page
    person.buy("KO", "3")
    person.home()
    page.goto(person.base + "/#/goals")
    expect(page.locator("h1.large-title:visible")).to_have_text("Goals")
    page.get_by_role("button", name="New Goal").click()
    page.get_by_label("Title", exact=True).fill("Trip")
    sent = []
    page.on("request", lambda r: sent.append(r) if r.url.endswith("/api/v1/goals") and r.method == "POST" else None)
    page.get_by_role("button", name="Add").click()
    problem = page.get_by_test_id("goal-problem")
    expect(problem).to_have_text("Enter a target amount")
    person.shot("05-enter-a-target")
    page.get_by_label("Target value in dollars").fill("2,000")
    page.get_by_label("KO allocation", exact=True).fill("lots")
    page.get_by_role("button", name="Add").click()
    expect(problem).to_have_text("Enter a number of shares of KO")
    assert sent == [], "nothing is sent while the sheet can tell what is wrong"
    # A refusal worded for programmers reads as a sentence.
    page.route(
        "**/api/v1/goals",
        lambda route: route.fulfill(
            status=400,
            content_type="application/json",
            body=json.dumps({"error": {"code": "invalid_body", "message": 'Invalid "target": Expected a decimal number in a string, got ""'}}),
        ),
    )
    page.get_by_label("KO allocation", exact=True).fill("1")
    page.get_by_role("button", name="Add").click()
    toast = page.locator(".toasts .toast").last
    expect(toast).to_have_text("Check the target amount: it is not something Raven can read.")
    expect(page.get_by_text("Expected a decimal")).to_have_count(0)


# 9. Gains and losses are colored in the stock's Portfolio section.
def test_the_position_colors_its_gain_or_loss(person: Person):
    page = person.page
    person.buy("AAPL", "1")

    def cheaper(route):
        body = route.fetch().json()
        for p in body["positions"]:
            p["changeFromCost"] = "12.34"
            p["changeFromCostPercent"] = "4.56"
        route.fulfill(json=body)

    page.route("**/api/v1/portfolio", cheaper)
    person.open_stock("AAPL")
    position = page.get_by_test_id("position")
    expect(position).to_be_visible()
    green = page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--up').trim() || getComputedStyle(document.documentElement).getPropertyValue('--green').trim()")
    change = position.locator(".kv").filter(has_text="Change").locator(".end")
    expect(change).to_have_class(re.compile(r"\bup\b"))
    color = change.evaluate("e => getComputedStyle(e).color")
    probe = page.evaluate(
        "c => { const d = document.createElement('i'); d.style.color = c; document.body.append(d); const v = getComputedStyle(d).color; d.remove(); return v; }",
        green,
    )
    assert color == probe, f"Change is {color}, green is {probe}"
    person.shot("09-position-colored")


# 11. An unknown symbol says so.
def test_an_unknown_symbol_says_so_with_a_way_back(person: Person):
    page = person.page
    person.home()
    page.goto(person.base + "/#/stock/ZZZZZ")
    screen = page.get_by_test_id("unknown-symbol")
    expect(screen).to_contain_text("No stock called ZZZZZ")
    expect(page.get_by_role("button", name="Trade")).to_have_count(0)
    expect(page.get_by_text("Start trading!")).to_have_count(0)
    person.shot("11-unknown-symbol")
    screen.get_by_role("button", name="Back to Stocks").click()
    expect(page.locator("h1.large-title:visible")).to_have_text("Stocks")


def finger(page: Page, cdp, x0: float, y0: float, dx: float, dy: float = 0):
    """A finger drags from (x0, y0) by (dx, dy), as Chromium's touch input."""
    steps = 10
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, steps + 1):
        point = {"x": x0 + dx * i / steps, "y": y0 + dy * i / steps}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
        page.wait_for_timeout(16)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_timeout(400)


# 3. A swipe moves between Stocks and Goals.
def test_a_swipe_moves_between_the_tabs(browser, base_url, shots):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="en-US"
    )
    person = Person(context, context.new_page(), base_url, "phone", shots)
    page = person.page
    person.api("PUT", "/watchlist/AAPL")
    person.home()
    cdp = context.new_cdp_session(page)
    title = page.locator("h1.large-title:visible")

    # On a row: the row's Delete, not Goals.
    row = page.locator("ul[data-list=favorites] li[data-symbol=AAPL] > :first-child")
    box = row.bounding_box()
    finger(page, cdp, box["x"] + box["width"] * 0.8, box["y"] + box["height"] / 2, -90)
    expect(title).to_have_text("Stocks")
    expect(page.locator("li[data-symbol=AAPL]")).to_have_class(re.compile(r"\brevealed\b"))
    finger(page, cdp, box["x"] + box["width"] * 0.5, box["y"] + box["height"] / 2, 90)

    # On the chart: scrubbing, not Goals.
    chart = page.locator(".hero .chart").bounding_box()
    finger(page, cdp, chart["x"] + chart["width"] * 0.7, chart["y"] + chart["height"] / 2, -120)
    expect(title).to_have_text("Stocks")

    # Mostly up and down, though far enough sideways to count if it were a swipe: a scroll.
    heading = title.bounding_box()
    finger(page, cdp, 300, heading["y"] + 10, -90, 240)
    expect(title).to_have_text("Stocks")

    # On the title: Goals, with the push transition; back with a swipe the other way.
    finger(page, cdp, 300, heading["y"] + heading["height"] / 2, -200)
    expect(title).to_have_text("Goals")
    page.screenshot(path=str(shots / "walk-phone-03-swiped-to-goals.png"))
    goals_title = title.bounding_box()
    finger(page, cdp, 60, goals_title["y"] + goals_title["height"] / 2, 200)
    expect(title).to_have_text("Stocks")
    expect(page.locator(".view:visible")).to_have_class(re.compile(r"\bback\b"))

    # From the screen's edge, level with a row (the edge strip is outside the rows).
    box = row.bounding_box()
    assert box["x"] + box["width"] <= 390 - 14
    finger(page, cdp, 388, box["y"] + box["height"] / 2, -200)
    expect(title).to_have_text("Goals")
    context.close()
    assert person.errors == []


# 6. A sale that takes from a goal says so first; the goal then shows the gap.
def test_selling_shares_that_fund_a_goal_warns_and_the_goal_shows_it(person: Person):
    page = person.page
    person.buy("TSLA", "1")
    person.api("POST", "/goals", {"title": "New car", "target": "5000", "allocations": [{"symbol": "TSLA", "shares": "1"}]})
    person.open_stock("TSLA")
    tap(person, page.get_by_role("button", name="Trade", exact=True))
    expect(page.get_by_test_id("goal-note")).to_have_text("1 share of TSLA funds your goal “New car”.")
    page.get_by_role("textbox", name="Shares").fill("1")
    tap(person, page.get_by_role("button", name="Sell", exact=True))
    alert = page.get_by_role("alertdialog")
    expect(alert).to_contain_text("Sell shares that fund your goals?")
    expect(alert).to_contain_text("“New car” (1 share) will be short")
    person.shot("06-sale-takes-from-a-goal")
    # Back dismisses the question with the sheet, and nothing is sold.
    page.go_back()
    expect(alert).to_have_count(0)
    expect(sheet(page)).to_have_count(0)
    assert [p["shares"] for p in person.api("GET", "/portfolio")["positions"]] == ["1"]
    # "Sell All", tapped at once: the question still comes (it waits for the goals).
    tap(person, page.get_by_role("button", name="Sell All"))
    tap(person, page.get_by_role("button", name="Sell", exact=True))
    expect(alert).to_contain_text("“New car” (1 share) will be short")
    alert.get_by_role("button", name="Sell").click()
    expect(sheet(page).get_by_text("Congratulations!")).to_be_visible()
    page.evaluate("location.hash = '#/goals'")
    goal = page.get_by_test_id("goal")
    expect(goal.get_by_test_id("unfunded")).to_have_text("Unfunded: TSLA sold. Tap to fix.")
    person.shot("06-goal-unfunded")
    goal.click()
    expect(page.get_by_test_id("sold-allocation")).to_contain_text("Saving removes it")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_test_id("goal")).to_be_visible()
    expect(page.get_by_test_id("unfunded")).to_have_count(0)


# 7. One definition of total progress: ring, caption and API agree.
def test_the_total_progress_ring_agrees_with_its_caption(person: Person):
    page = person.page
    person.buy("KO", "10")
    # KO's ten shares fund the small goal far past its target; the surplus funds nothing else.
    person.api("POST", "/goals", {"title": "Dinner", "target": "100", "allocations": [{"symbol": "KO", "shares": "10"}]})
    person.api("POST", "/goals", {"title": "House", "target": "10000"})
    body = person.api("GET", "/goals")
    page.goto(person.base + "/#/goals")
    hero = page.get_by_test_id("total-progress")
    caption = hero.locator(".muted")
    expect(caption).to_have_text(re.compile(r"^\$[\d,.]+ of \$[\d,.]+$"))
    funded, total = (Decimal(x.replace("$", "").replace(",", "")) for x in caption.inner_text().split(" of "))
    assert funded == Decimal("100.00") and total == Decimal("10100.00")
    ring_text = hero.locator(".ring-wrap > span").inner_text()
    assert ring_text == f"{round(funded / total * 100)}%"
    assert Decimal(body["totalProgress"]) == (funded / total).quantize(Decimal("0.0001"), rounding="ROUND_DOWN")
    assert Decimal(body["fundedValue"]) == funded and Decimal(body["totalTarget"]) == total
    person.shot("07-total-progress")


# 8. Who the data comes from, linking to its site.
def test_home_says_who_powers_the_data(person: Person):
    page = person.page
    person.home()
    credit = page.get_by_test_id("attribution")
    expect(credit).to_contain_text("Powered by Raven simulated market")
    link = credit.get_by_role("link", name="Raven simulated market")
    href = link.get_attribute("href")
    assert "/api/" not in href and href.endswith("/simulated-market"), href
    r = person.context.request.get(href if href.startswith("http") else person.base + href)
    assert r.status == 200 and "text/html" in r.headers["content-type"]
    assert "simulated" in r.text().lower()
    credit.scroll_into_view_if_needed()
    person.shot("08-powered-by")


# 10. A story has an address, the sheet links to it, and sharing shares it.
def test_the_news_sheet_links_to_the_story_and_shares_it(person: Person):
    page = person.page
    person.open_stock("AAPL")
    story = page.locator("[data-testid=news-item]:visible").first
    headline = story.locator(".headline").inner_text()
    tap(person, story)
    link = sheet(page).get_by_test_id("story-link")
    href = link.get_attribute("href")
    assert re.match(r"^http://127\.0\.0\.1:\d+/news/sim-AAPL-\d{8}-\d$", href), href
    x = sheet(page).get_by_role("link", name="Share on X").get_attribute("href")
    fb = sheet(page).get_by_role("link", name="Share on Facebook").get_attribute("href")
    assert quote(href, safe="") in x and quote(headline, safe="") in x.replace("%20", "%20"), x
    assert quote(href, safe="") in fb, fb
    person.shot("10-news-sheet")
    r = person.context.request.get(href)
    assert r.status == 200 and "text/html" in r.headers["content-type"]
    assert headline.replace("&", "&amp;").replace("'", "&#39;")[:20] in r.text() or headline[:20] in r.text()


# The look, measured: what the walk-through saw, each as a fact about the screen.
def test_home_rows_have_chevrons_and_favorites_a_sparkline(person: Person):
    page = person.page
    person.buy("AAPL", "1")
    person.api("PUT", "/watchlist/MSFT")
    person.home()
    rows = page.locator("ul[data-list] > li")
    expect(rows).to_have_count(2)
    for i in range(rows.count()):
        expect(rows.nth(i).locator("svg.i-chev")).to_be_visible()
    expect(page.locator("li[data-symbol=MSFT] [data-testid=sparkline] svg path")).to_be_visible()
    # Early in a session the hero is not an empty box: the previous close runs across it.
    expect(page.locator(".hero .chart .baseline-label")).to_contain_text("Previous close")
    person.shot("look-home")


def test_detail_layout_stats_peers_and_position(person: Person):
    page = person.page
    person.buy("AAPL", "1")
    person.open_stock("AAPL")
    # Each stat on one line, label and value.
    stats = page.get_by_test_id("stats").locator("span")
    expect(stats).to_have_count(4)
    for i in range(4):
        assert stats.nth(i).evaluate("e => e.getClientRects().length === 1 && e.getBoundingClientRect().height < 26")
    # Peers: one row that scrolls sideways.
    chips = page.locator(".peers .chip")
    expect(chips.first).to_be_visible()
    tops = chips.evaluate_all("els => els.map(e => Math.round(e.getBoundingClientRect().top))")
    assert len(set(tops)) == 1, tops
    assert page.locator(".peers").evaluate("e => getComputedStyle(e).overflowX") == "auto"
    # The position's figures left, the Trade button right.
    figures = page.get_by_test_id("position").bounding_box()
    trade = page.locator(".trade-btn").bounding_box()
    assert trade["x"] >= figures["x"] + figures["width"] - 1, (figures, trade)
    assert trade["y"] < figures["y"] + figures["height"]
    page.get_by_test_id("position").scroll_into_view_if_needed()
    person.shot("look-position-stats")
    if person.size == "desktop":
        # The floating tab pill crowds nothing, and Insights follows the chart closely.
        pill = page.locator(".tabbar").bounding_box()
        heads = page.locator(".section-head").evaluate_all("els => els.map(e => e.getBoundingClientRect().top)")
        assert min(heads) >= pill["y"] + pill["height"] + 4, (pill, heads)
        chart = page.locator(".chart-card").bounding_box()
        insights = page.locator("section.section", has=page.get_by_role("heading", name="Insights")).bounding_box()
        assert 0 <= insights["y"] - (chart["y"] + chart["height"]) < 60


def test_chart_labels_dot_and_axes(person: Person):
    page = person.page
    person.open_stock("AAPL")
    plot = page.get_by_test_id("plot")
    expect(plot.locator("path.line")).not_to_have_count(0)
    clear = """el => {
      const svg = el.querySelector('svg');
      const w = svg.viewBox.baseVal.width;
      const labels = [...svg.querySelectorAll('text.axis[text-anchor=end]')].map(t => t.getBBox().x);
      const right = Math.max(...[...svg.querySelectorAll('path.line')].map(p => { const b = p.getBBox(); return b.x + b.width; }));
      const dot = svg.querySelector('circle.live-dot');
      return { w, labels: Math.min(...labels), right, dot: dot ? +dot.getAttribute('cx') : null };
    }"""
    on_1d = plot.evaluate(clear)
    assert on_1d["right"] < on_1d["labels"], on_1d
    if on_1d["dot"] is not None:
        assert on_1d["dot"] + 14 < on_1d["labels"] and on_1d["dot"] + 14 < on_1d["w"], on_1d
    # 1D is labelled with the session's hours, from its open.
    hours = plot.locator("text.axis:not([text-anchor=end])").evaluate_all("els => els.map(e => e.textContent)")
    assert hours[:2] == ["9:30", "11 AM"], hours
    page.locator(".ranges button", has_text="1Y").click()
    expect(page.get_by_test_id("range-label")).to_have_text("Past year")
    on_1y = plot.evaluate(clear)
    assert on_1y["right"] < on_1y["labels"], on_1y
    person.shot("look-chart-1y")
    # Candles have a date axis.
    page.get_by_role("tab", name="Historical").click()
    axis = page.get_by_test_id("candles").locator("g.date-axis text")
    expect(axis.first).to_be_visible(timeout=30_000)
    assert axis.count() >= 3
    person.shot("look-candles")


def test_a_toast_in_the_trade_sheet_leaves_the_cash_line_readable(person: Person):
    page = person.page
    person.open_stock("AAPL")
    tap(person, page.get_by_role("button", name="Trade", exact=True))
    page.get_by_role("textbox", name="Shares").fill("abc")
    tap(person, page.get_by_role("button", name="Buy", exact=True))
    toast = sheet(page).locator(".toast").last
    expect(toast).to_have_text("Please enter a valid amount")
    t = toast.bounding_box()
    for part in [".avail", ".qty", ".trade-actions"]:
        b = sheet(page).locator(part).bounding_box()
        assert t["y"] + t["height"] <= b["y"] or b["y"] + b["height"] <= t["y"], (part, t, b)
    person.shot("look-trade-toast")


def test_goal_and_history_text_is_whole(person: Person):
    page = person.page
    person.buy("AAPL", "3.5")
    person.api("POST", "/goals", {"title": "A very long goal title for a house down payment in the city by the sea", "target": "10000", "allocations": [{"symbol": "AAPL", "shares": "3.5"}]})
    page.goto(person.base + "/#/goals")
    title = page.get_by_test_id("goal").locator(".title")
    expect(title).to_be_visible()
    lines = title.evaluate("e => Math.round(e.getBoundingClientRect().height / parseFloat(getComputedStyle(e).lineHeight || 20))")
    assert lines <= 2, lines
    page.get_by_test_id("goal").click()
    held = sheet(page).locator(".alloc .sub").first
    expect(held).to_have_text("3.5 shares held")
    assert held.evaluate("e => e.scrollWidth <= e.clientWidth")
    person.shot("look-goal-sheet")
    page.go_back()
    page.goto(person.base + "/#/history")
    when = page.get_by_test_id("trade-time").first
    expect(when).to_have_text(re.compile(r"^\d{1,2}:\d\d [AP]M ET$"))
    assert when.evaluate("e => e.scrollWidth <= e.clientWidth")
    person.shot("look-history")


def test_a_search_result_can_be_starred(person: Person):
    page = person.page
    person.api("PUT", "/watchlist/AAPL")
    person.home()
    page.get_by_role("combobox").fill("app")
    aapl = page.locator(".suggest li[data-symbol=AAPL]")
    expect(aapl.locator(".result-star")).to_have_attribute("aria-pressed", "true")
    star = page.locator(".suggest li[data-symbol=AMAT] .result-star")
    expect(star).to_have_attribute("aria-pressed", "false")
    person.shot("look-search-stars")
    star.click()
    expect(star).to_have_attribute("aria-pressed", "true")
    expect(page.locator("ul[data-list=favorites] li[data-symbol=AMAT]")).to_be_visible()


def test_a_symbol_without_a_company_profile_still_opens(person: Person):
    # Finnhub has no profile for ETFs: that is not an unknown symbol.
    page = person.page
    page.route(
        "**/api/v1/stocks/MSFT/profile",
        lambda route: route.fulfill(
            status=404,
            content_type="application/json",
            body=json.dumps({"error": {"code": "no_data", "message": "No profile for MSFT"}}),
        ),
    )
    person.open_stock("MSFT")
    expect(page.get_by_test_id("unknown-symbol")).to_have_count(0)
    expect(page.get_by_text("No company profile for this symbol.")).to_be_visible()
    expect(page.get_by_role("button", name="Trade", exact=True)).to_be_visible()


def test_a_fund_is_found_charted_and_bought(person: Person):
    # Issue 33: most first trades are an index fund; SPY is in the simulated market.
    page = person.page
    person.home()
    page.get_by_role("combobox").fill("s&p 500")
    spy = page.locator(".suggest li[data-symbol=SPY]")
    expect(spy).to_be_visible()
    spy.click()
    expect(page.locator("h1.sym")).to_have_text("SPY")
    expect(page.locator("text=SPDR S&P 500 ETF Trust >> visible=true").first).to_be_visible()
    expect(page.locator("text=Exchange Traded Fund >> visible=true").first).to_be_visible()
    expect(page.get_by_text("No earnings reported.")).to_be_visible()
    person.shot("look-fund")
    person.api("POST", "/trades", {"symbol": "SPY", "side": "buy", "shares": "1"})
    person.home()
    expect(page.locator("[data-list=portfolio] li[data-symbol=SPY]")).to_be_visible()

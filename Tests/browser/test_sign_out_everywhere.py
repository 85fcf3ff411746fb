"""Settings › Sign Out Everywhere: an older session does not outlive it (issue 16, point 11)."""

from __future__ import annotations

import re

from conftest import VIEWPORTS
from playwright.sync_api import expect
from test_walkthrough import PASSWORD, Person, person, sheet, tap  # noqa: F401  (the fixture)


def test_sign_out_everywhere_in_settings(person: Person, browser, shots):
    page = person.page
    # The same person on another device: a browser of its own, signed in with the password.
    width, height = VIEWPORTS[person.size]
    phone = person.size == "phone"
    other = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=phone, is_mobile=phone, locale="en-US"
    )
    other.set_default_timeout(10_000)
    errors: list[str] = []
    try:
        signed_in = other.request.post(
            f"{person.base}/api/v1/auth/login",
            data={"username": person.username, "password": PASSWORD},
        )
        assert signed_in.status == 200, signed_in.text()
        other_page = other.new_page()
        other_page.on("pageerror", lambda e: errors.append(str(e)))
        other_page.goto(person.base + "/")
        expect(other_page.locator("h1.large-title:visible")).to_have_text("Stocks")

        # A personal token (the CLI's) and an API key (a bot's), to see which outlive it.
        token = person.api(
            "POST", "/auth/tokens", {"username": person.username, "password": PASSWORD, "name": "cli"}
        )["token"]
        key = person.api("POST", "/auth/api-keys", {"name": "bot", "readOnly": False})

        person.home()
        tap(person, page.get_by_role("button", name=re.compile("^Account")))
        settings = sheet(page)
        tap(person, settings.get_by_role("button", name="Sign Out Everywhere"))
        alert = page.locator("dialog.alert")
        expect(alert.get_by_role("heading")).to_have_text("Sign out on every device?")
        expect(alert).to_contain_text("Your personal API tokens stop working too. API keys stay.")
        person.shot("sign-out-everywhere-confirm")
        tap(person, alert.get_by_role("button", name="Sign Out"))

        # This browser is signed out, its cookie gone, as with Sign Out.
        expect(page.get_by_role("heading", name="Raven")).to_be_visible()
        expect(page.get_by_role("button", name="Sign In", exact=True).first).to_be_visible()
        assert "raven_session" not in {c["name"] for c in person.context.cookies()}

        # The other device finds out at its next API call: opening Goals shows sign-in.
        other_page.evaluate("location.hash = '#/goals'")
        expect(other_page.get_by_role("heading", name="Raven")).to_be_visible()
        expect(other_page.get_by_role("button", name="Sign In", exact=True).first).to_be_visible()
        other_page.wait_for_timeout(350)  # the screen at rest
        other_page.screenshot(path=str(shots / f"walk-{person.size}-sign-out-everywhere-other.png"))

        bearer = other.request.get(
            f"{person.base}/api/v1/me", headers={"Authorization": f"Bearer {token}"}
        )
        assert bearer.status == 401, bearer.text()
        bot = other.request.get(
            f"{person.base}/v2/account",
            headers={"APCA-API-KEY-ID": key["keyId"], "APCA-API-SECRET-KEY": key["secret"]},
        )
        assert bot.status == 200, bot.text()
    finally:
        other.close()
    assert errors == [], f"JavaScript errors on the other device: {errors}"

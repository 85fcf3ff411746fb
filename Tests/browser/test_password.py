"""Settings › Password: a person changes their password in the web app (issue 16, point 12)."""

from __future__ import annotations

import re

from playwright.sync_api import expect
from test_walkthrough import PASSWORD, Person, person  # noqa: F401  (the fixture)


def test_change_password_in_settings(person: Person):
    page = person.page
    person.home()
    page.get_by_role("button", name=re.compile("^Account")).click()
    settings = page.locator("dialog.sheet")
    expect(settings.get_by_role("button", name="Change Password")).to_be_visible()
    settings.get_by_label("Current").fill("not my password")
    settings.get_by_label("New", exact=True).fill("a brand new phrase")
    settings.get_by_label("New again").fill("a brand new phrase")
    settings.get_by_role("button", name="Change Password").click()
    expect(settings.get_by_test_id("password-error")).to_have_text("The current password is wrong")
    settings.get_by_label("Current").fill(PASSWORD)
    settings.get_by_label("New", exact=True).fill("password")
    settings.get_by_label("New again").fill("password")
    settings.get_by_role("button", name="Change Password").click()
    expect(settings.get_by_test_id("password-error")).to_have_text(
        "That password is one of the most common ones; choose another"
    )
    settings.get_by_label("Current").fill(PASSWORD)
    settings.get_by_label("New", exact=True).fill("a brand new phrase")
    settings.get_by_label("New again").fill("a brand new phrase")
    settings.get_by_role("button", name="Change Password").click()
    expect(settings.locator(".toast").last).to_have_text("Password changed")
    settings.get_by_role("button", name="Change Password").scroll_into_view_if_needed()
    person.shot("settings-password-changed")
    r = person.context.request.post(
        f"{person.base}/api/v1/auth/login",
        data={"username": person.username, "password": "a brand new phrase"},
        headers=person.headers,
    )
    assert r.status == 200, r.text()

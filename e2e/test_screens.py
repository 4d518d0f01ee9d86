"""The sign-in, registration, dashboards and the session-expiry dialog in each of the five themes,
saved to e2e/artifacts/ to be looked at (every other screen: test_accessibility.py)."""

import re

import pytest
from bank_ui import choose_theme, path_is, sign_in
from playwright.sync_api import Page, expect
from screens import THEMES

from conftest import (
    ADMIN_PASSWORD,
    ADMIN_USERNAME,
    DEMO_PASSWORD,
    SHORT_WARNING_AFTER_MS,
    Server,
)


@pytest.mark.parametrize("theme", THEMES)
def test_sign_in_register_and_dashboards(page: Page, server: Server, shoot, theme: str):
    page.goto(server.url("/"))
    if theme != "Dark":
        choose_theme(page, theme)
    expect(page.locator("html")).to_have_attribute("data-theme", theme.lower())

    page.get_by_role("button", name=f"Theme: {theme}").click()
    expect(page.get_by_role("menu", name="Choose a theme")).to_be_visible()
    shoot(page, "sign-in-theme-menu")
    page.keyboard.press("Escape")

    page.get_by_role("button", name="Sign In", exact=True).click()
    expect(page.get_by_role("alert")).to_have_text("Please fill in all fields")
    shoot(page, "sign-in-error")

    page.get_by_role("link", name="Create an account").click()
    page.get_by_label("Player Nickname").fill("X")
    page.get_by_label("Discord Username").fill("x.guild")
    page.get_by_label("Password").fill("a-good-password")
    page.get_by_role("button", name="Create Player Account").click()
    expect(page.get_by_role("alert")).to_have_text("Player name must be at least 2 characters")
    shoot(page, "register-error")

    page.get_by_role("link", name="Sign in").click()
    sign_in(page, "Aria", DEMO_PASSWORD)
    expect(page).to_have_url(path_is("/dashboard"))
    expect(page.get_by_role("heading", name="Solo Dividends")).to_be_visible()
    expect(page.get_by_role("article").filter(has_text="Solo Dividends")).to_contain_text("€")
    shoot(page, "dashboard-overview")
    page.get_by_role("tab", name="My Loans").click()
    expect(page.get_by_role("tabpanel").get_by_role("heading", name="My Loans")).to_be_visible()
    charts = page.get_by_role("img", name=re.compile(r"^Loan #\d+ chart over"))
    expect(charts.first).to_be_visible()  # the lazily loaded charts, drawn before the shot
    expect(page.get_by_text("Loading chart...")).to_have_count(0)
    shoot(page, "dashboard-my-loans")
    page.get_by_role("button", name="Logout", exact=True).click()
    expect(page).to_have_url(path_is("/"))

    sign_in(page, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    page.get_by_role("tab", name="Pending Loans").click()
    expect(page.get_by_role("tabpanel").get_by_role("heading", name="Pending Loans")).to_be_visible()
    shoot(page, "admin-panel")


@pytest.mark.parametrize("theme", ["Dark", "Sunset"])
def test_session_expiry_modal(page: Page, short_session_server: Server, shoot, theme: str):
    page.clock.install()  # Playwright's clock, flowing like real time: the test jumps to the warning
    page.goto(short_session_server.url("/"))
    if theme != "Dark":
        choose_theme(page, theme)
    sign_in(page, "Borin", DEMO_PASSWORD)
    expect(page).to_have_url(path_is("/dashboard"))
    page.clock.fast_forward(SHORT_WARNING_AFTER_MS)
    expect(page.get_by_role("dialog", name="Session Expiring Soon")).to_be_visible()
    shoot(page, "expiry-modal")
    page.get_by_role("button", name="Logout Now").click()
    expect(page).to_have_url(path_is("/"))

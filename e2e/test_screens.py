"""Every screen in each of the five themes, saved to e2e/artifacts/ to be looked at."""

import re
from collections.abc import Iterator

import pytest
from bank_ui import PHONE_VIEWPORT, PHONE_WIDTH, choose_theme, path_is, sign_in
from playwright.sync_api import Browser, Page, expect
from screens import SCREENS, THEMES, ScreenVisitor

from conftest import (
    ADMIN_PASSWORD,
    ADMIN_USERNAME,
    ARTIFACTS,
    DEMO_PASSWORD,
    SHORT_WARNING_AFTER_MS,
    Server,
    _artifact_name,
)

# The screens issue 22 changed (a missed week undone, the player's card as a teller's desk, loan
# rates with their daily equivalent, messages per attempt, the pearl refusals, the polish, the
# statement's range), in the order one admin and then one player sign in to see them.
CHANGED_SCREENS = [
    "admin-check-savings",
    "admin-check-savings-history",
    "admin-change-savings-week-dialog",
    "admin-player-products",
    "admin-check-loans",
    "admin-pending-loans",
    "admin-report",
    "admin-add-product-message",
    "admin-pearl-exchange-settings",
    "admin-player-statement",
    "player-my-loans",
    "player-my-savings",
    "player-request-withdrawal",
    "player-exchange-pearls-refused",
]
WIDTHS = {1280: {"width": 1280, "height": 800}, PHONE_WIDTH: PHONE_VIEWPORT}


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


@pytest.fixture(scope="module")
def visitor(browser: Browser, server: Server, short_session_server: Server) -> Iterator[ScreenVisitor]:
    visitor = ScreenVisitor(browser, server.base_url, short_session_server.base_url)
    yield visitor
    visitor.close()


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("theme", THEMES)
def test_changed_screens(visitor: ScreenVisitor, request: pytest.FixtureRequest, theme: str, width: int):
    """Issue 22's screens in every theme on a desktop and on a phone: one sign-in per person for
    each theme and width, e2e/artifacts/test_changed_screens-<theme>-<width>--<screen>.png each."""
    screens = {screen.name: screen for screen in SCREENS}
    for name in CHANGED_SCREENS:
        page = visitor.open(screens[name], theme, WIDTHS[width])
        shot = ARTIFACTS / f"{_artifact_name(f'{request.node.name}--{name}')}.png"
        page.screenshot(path=str(shot), full_page=True, animations="disabled")

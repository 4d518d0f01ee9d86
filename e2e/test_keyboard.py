"""The keyboard alone: sign in, switch tabs, answer the session-expiry dialog, always seeing where
the focus is."""

import re

import pytest
from bank_ui import choose_theme, path_is, sign_in
from playwright.sync_api import Page, expect
from screens import THEMES

from conftest import DEMO_PASSWORD, SHORT_WARNING_AFTER_MS, Server

FOCUS_RING = """() => {
    const el = document.activeElement;
    const style = getComputedStyle(el);
    return {
        what: `${el.tagName.toLowerCase()} ${el.getAttribute('aria-label') || el.textContent.trim().slice(0, 30)}`,
        style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor,
        accent: getComputedStyle(document.documentElement).getPropertyValue('--accent').trim(),
    };
}"""


def press_tab_until(page: Page, locator, limit: int = 40) -> list[dict]:
    """Presses Tab until `locator` has the focus, answering the focus ring of each stop on the way."""
    rings = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        rings.append(page.evaluate(FOCUS_RING))
        if locator.evaluate("(el) => el === document.activeElement"):
            return rings
    raise AssertionError(
        f"Tab never reached {locator} in {limit} presses; it went through {[r['what'] for r in rings]}"
    )


def assert_rings_visible(rings: list[dict]) -> None:
    hidden = [ring for ring in rings if ring["style"] in ("none", "hidden") or ring["width"] < 2]
    assert not hidden, f"focus without a visible ring: {hidden}"


def test_sign_in_and_switch_tabs_with_the_keyboard_alone(page: Page, server: Server, shoot):
    page.goto(server.url("/"))
    expect(page.get_by_role("heading", name="Sign In")).to_be_visible()

    name = page.get_by_label("Name", exact=True)
    rings = press_tab_until(page, name)
    page.keyboard.type("Aria")
    page.keyboard.press("Tab")
    expect(page.get_by_label("Password", exact=True)).to_be_focused()
    page.keyboard.type(DEMO_PASSWORD)
    rings += press_tab_until(page, page.get_by_role("button", name="Sign In", exact=True))
    assert_rings_visible(rings)
    shoot(page, "sign-in-button-focused")
    page.keyboard.press("Enter")
    expect(page).to_have_url(path_is("/dashboard"))

    overview = page.get_by_role("tab", name="Overview")
    expect(overview).to_have_attribute("aria-selected", "true")
    rings = press_tab_until(page, overview)
    assert_rings_visible(rings)
    page.keyboard.press("ArrowRight")
    credit = page.get_by_role("tab", name="Credit Score")
    expect(credit).to_be_focused()
    expect(credit).to_have_attribute("aria-selected", "true")
    expect(
        page.get_by_role("tabpanel").get_by_role("heading", name="Credit Score", exact=True, level=2)
    ).to_be_visible()
    page.keyboard.press("End")  # the last tab: Security (issue 34)
    expect(page.get_by_role("tab", name="Security")).to_have_attribute("aria-selected", "true")
    page.keyboard.press("Home")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    request_loan = page.get_by_role("tab", name="Request Loan")
    expect(request_loan).to_be_focused()
    expect(request_loan).to_have_attribute("aria-selected", "true")

    # from the tab into its panel and its form, every stop with a ring
    amount_chip = page.get_by_role("tabpanel").get_by_role("button", name="100k")
    rings = press_tab_until(page, amount_chip)
    assert_rings_visible(rings)
    page.keyboard.press("Enter")
    expect(page.get_by_role("tabpanel").get_by_role("button", name="100k")).to_have_attribute("aria-pressed", "true")
    shoot(page, "request-loan-chip-focused")


@pytest.mark.parametrize("theme", THEMES)
def test_focus_ring_is_the_theme_accent(page: Page, server: Server, theme: str):
    page.goto(server.url("/"))
    # Tab before the page has drawn would leave the focus on <body>, which draws no ring
    expect(page.get_by_role("link", name="Create an account")).to_be_visible()
    if theme != "Dark":
        choose_theme(page, theme)
    rings = press_tab_until(page, page.get_by_role("link", name="Create an account"))
    assert_rings_visible(rings)
    # the accent is at least 4.5:1 on the page and the card in every theme (see themes.css)
    accent = rings[0]["accent"].lstrip("#")
    expected = "rgb({}, {}, {})".format(*(int(accent[i : i + 2], 16) for i in (0, 2, 4)))
    assert {ring["color"] for ring in rings} == {expected}


def test_session_expiry_dialog_traps_the_keyboard(page: Page, short_session_server: Server, shoot):
    page.clock.install()  # Playwright's clock, flowing like real time: the test jumps to the warning
    page.goto(short_session_server.url("/"))
    sign_in(page, "Borin", DEMO_PASSWORD)
    expect(page).to_have_url(path_is("/dashboard"))
    my_loans = page.get_by_role("tab", name="My Loans")
    my_loans.focus()
    page.keyboard.press("Enter")
    expect(my_loans).to_be_focused()

    dialog = page.get_by_role("dialog", name="Session Expiring Soon")
    page.clock.fast_forward(SHORT_WARNING_AFTER_MS)
    expect(dialog).to_be_visible()
    extend = dialog.get_by_role("button", name="Extend Session")
    logout = dialog.get_by_role("button", name="Logout Now")
    expect(extend).to_be_focused()
    expect(dialog.get_by_role("status")).to_have_text(re.compile(r"^Your session will expire within \d+ seconds\.$"))
    page.keyboard.press("Tab")
    expect(logout).to_be_focused()
    page.keyboard.press("Tab")
    expect(extend).to_be_focused()
    page.keyboard.press("Shift+Tab")
    expect(logout).to_be_focused()
    page.keyboard.press("Escape")
    expect(dialog).to_be_visible()
    shoot(page, "dialog-logout-focused")
    page.keyboard.press("Shift+Tab")
    expect(extend).to_be_focused()
    page.keyboard.press("Enter")
    expect(dialog).to_be_hidden()
    expect(my_loans).to_be_focused()
    expect(page).to_have_url(path_is("/dashboard"))

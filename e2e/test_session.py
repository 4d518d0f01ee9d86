"""Session expiry (spec player-side §4) against a server whose session lasts 14 s: the warning
modal shows 6 s after sign-in and counts down 8 s.

The page runs on Playwright's clock (installed before the app loads, flowing like real time) and the
tests jump it forward instead of waiting: the app's timers fire as they would, the server's tokens
keep their real 14 s."""

import re

from bank_ui import open_and_sign_in, path_is, wait_until_page_clock_passes
from playwright.sync_api import Browser, Page, expect

from conftest import DEMO_PASSWORD, SHORT_SESSION_SECONDS, SHORT_WARNING_AFTER_MS, SHORT_WARNING_SECONDS, Server


def _sign_in_aria(page: Page, server: Server, *, install_clock: bool = True) -> None:
    if install_clock:
        page.clock.install()  # the context's clock: every tab of the context runs on it
    open_and_sign_in(page, server.base_url, "Aria", DEMO_PASSWORD)
    expect(page).to_have_url(path_is("/dashboard"))
    expect(page.get_by_text("Welcome back, Aria!")).to_be_visible()


def test_the_page_carries_the_shortened_session_config(page: Page, short_session_server: Server):
    page.goto(short_session_server.url("/"))
    config = page.evaluate("JSON.parse(document.getElementById('bank-config').textContent)")
    assert config["sessionMs"] == SHORT_SESSION_SECONDS * 1000
    assert config["warningMs"] == 6_000
    assert config["countdownSeconds"] == 8


def test_extend_session_keeps_the_user_signed_in(page: Page, short_session_server: Server, shoot):
    _sign_in_aria(page, short_session_server)
    old_token = page.evaluate("localStorage.getItem('access_token')")
    old_login_time = page.evaluate("Number(localStorage.getItem('login_time'))")

    dialog = page.get_by_role("dialog", name="Session Expiring Soon")
    expect(dialog).to_be_hidden()
    page.clock.fast_forward(SHORT_WARNING_AFTER_MS)
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("seconds")
    shoot(page, "expiry-modal")
    dialog.get_by_role("button", name="Extend Session").click()
    expect(dialog).to_be_hidden()

    new_token = page.evaluate("localStorage.getItem('access_token')")
    assert new_token and new_token != old_token
    assert page.evaluate("Number(localStorage.getItem('login_time'))") > old_login_time
    # The old token was replaced on the server; the new one works.
    assert short_session_server.api("GET", "/api/me", token=old_token)[0] == 401
    assert short_session_server.api("GET", "/api/me", token=new_token)[0] == 200

    # The extended session warns again 6 s after the extension, which came at least 6 s after
    # sign-in. Once its countdown shows 4 seconds or less, at least 16 s have passed since sign-in:
    # the first session (14 s) is over, and the user is still signed in, on the dashboard.
    page.clock.fast_forward(SHORT_WARNING_AFTER_MS)
    expect(dialog).to_be_visible()
    page.clock.fast_forward(4_500)
    expect(dialog.get_by_text(re.compile(r"^[1-4] seconds?$"))).to_be_visible()
    expect(page).to_have_url(path_is("/dashboard"))
    expect(page.get_by_role("button", name="Logout", exact=True)).to_be_visible()
    assert page.evaluate("localStorage.getItem('access_token')") == new_token


def test_the_countdown_reaching_zero_logs_the_user_out(page: Page, short_session_server: Server, shoot):
    _sign_in_aria(page, short_session_server)
    dialog = page.get_by_role("dialog", name="Session Expiring Soon")
    page.clock.fast_forward(SHORT_WARNING_AFTER_MS)
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("button", name="Logout Now")).to_be_visible()
    shoot(page, "counting-down")
    page.clock.fast_forward(SHORT_WARNING_SECONDS * 1000)
    expect(page).to_have_url(path_is("/"))
    expect(page.get_by_role("heading", name="Sign In")).to_be_visible()
    expect(dialog).to_be_hidden()
    assert page.evaluate("localStorage.getItem('access_token')") is None
    assert page.evaluate("localStorage.getItem('login_time')") is None
    # A logout is not a visit to remember: signing in again goes to the home page.
    assert page.evaluate("sessionStorage.getItem('redirectAfterLogin')") is None


def test_logout_now_in_the_modal_logs_out_at_once(page: Page, short_session_server: Server):
    _sign_in_aria(page, short_session_server)
    dialog = page.get_by_role("dialog", name="Session Expiring Soon")
    page.clock.fast_forward(SHORT_WARNING_AFTER_MS)
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Logout Now").click()
    expect(page).to_have_url(path_is("/"))
    expect(page.get_by_role("heading", name="Sign In")).to_be_visible()
    assert page.evaluate("localStorage.getItem('access_token')") is None


def test_tabs_of_one_browser_share_one_session(browser: Browser, short_session_server: Server, shoot):
    """Extend in one tab: the other's modal closes and it stays signed in. Logout in one: both go."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    first, second = context.new_page(), context.new_page()
    for tab in (first, second):
        tab.on("pageerror", lambda error: errors.append(str(error)))
    context.clock.install()  # one clock for both tabs
    try:
        _sign_in_aria(first, short_session_server, install_clock=False)
        second.goto(short_session_server.url("/dashboard"))
        expect(second.get_by_text("Welcome back, Aria!")).to_be_visible()
        old_login_time = first.evaluate("Number(localStorage.getItem('login_time'))")

        # one session, one clock: both tabs warn together
        first_dialog = first.get_by_role("dialog", name="Session Expiring Soon")
        second_dialog = second.get_by_role("dialog", name="Session Expiring Soon")
        context.clock.fast_forward(SHORT_WARNING_AFTER_MS)
        expect(first_dialog).to_be_visible()
        expect(second_dialog).to_be_visible()
        shoot(second, "both-tabs-warned")
        first_dialog.get_by_role("button", name="Extend Session").click()
        expect(first_dialog).to_be_hidden()
        expect(second_dialog).to_be_hidden()

        # past the first clock's end both tabs are still signed in, on the one new token
        first_session_end = old_login_time + SHORT_SESSION_SECONDS * 1000
        context.clock.fast_forward(max(0, first_session_end + 1_000 - second.evaluate("Date.now()")))
        wait_until_page_clock_passes(second, first_session_end + 1_000)
        for tab in (first, second):
            expect(tab).to_have_url(path_is("/dashboard"))
            expect(tab.get_by_text("Welcome back, Aria!")).to_be_visible()
        token = first.evaluate("localStorage.getItem('access_token')")
        assert second.evaluate("localStorage.getItem('access_token')") == token
        assert short_session_server.api("GET", "/api/me", token=token)[0] == 200

        # the extended session warns in both tabs again; Logout Now in one: the other goes too
        expect(first_dialog).to_be_visible()
        expect(second_dialog).to_be_visible()
        first_dialog.get_by_role("button", name="Logout Now").click()
        expect(first.get_by_role("heading", name="Sign In")).to_be_visible()
        expect(second).to_have_url(path_is("/"))
        expect(second.get_by_role("heading", name="Sign In")).to_be_visible()
        shoot(second, "signed-out-with-the-other-tab")
        assert short_session_server.api("GET", "/api/me", token=token)[0] == 401
    finally:
        context.close()
    assert not errors, f"JavaScript errors on the pages: {errors}"

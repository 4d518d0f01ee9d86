"""Live refresh: a change made through the API while the dashboard is open shows without a reload."""

from bank_ui import open_and_sign_in, path_is, wait_until_live
from playwright.sync_api import Page, expect

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, DEMO_PASSWORD, Server


def test_granting_solo_access_shows_the_solo_dividends_card_without_a_reload(page: Page, server: Server, shoot):
    admin_token = server.login_token(ADMIN_USERNAME, ADMIN_PASSWORD)
    aria_token = server.login_token("Aria", DEMO_PASSWORD)
    status, me = server.api("GET", "/api/me", token=aria_token)
    assert status == 200, me
    aria_id = me["player"]["id"]
    # The demo data gives Aria solo access; start without it.
    status, answer = server.api("PUT", f"/api/players/{aria_id}", {"has_solo_access": False}, token=admin_token)
    assert status == 200, answer

    open_and_sign_in(page, server.base_url, "Aria", DEMO_PASSWORD)
    expect(page).to_have_url(path_is("/dashboard"))
    expect(page.get_by_text("Welcome back, Aria!")).to_be_visible()
    solo_heading = page.get_by_role("heading", name="Solo Dividends")
    expect(solo_heading).to_have_count(0)
    # Mark this document: a reload would lose the mark.
    page.evaluate("window.__stillTheSamePage = true")
    # The change must come after the live socket has joined its groups.
    wait_until_live(page)

    try:
        status, answer = server.api("PUT", f"/api/players/{aria_id}", {"has_solo_access": True}, token=admin_token)
        assert status == 200, answer
        expect(solo_heading).to_be_visible(timeout=10_000)
        card = page.get_by_role("article").filter(has=solo_heading)
        expect(card).to_contain_text("35% Loan Interest from paid loans")
        expect(card).to_contain_text("Authorized / Solo Access Granted")
        expect(card).to_contain_text("€")
        assert page.evaluate("window.__stillTheSamePage === true")
        shoot(page, "solo-card-arrived")

        # And back: taking the access away hides the card, again without a reload.
        status, answer = server.api("PUT", f"/api/players/{aria_id}", {"has_solo_access": False}, token=admin_token)
        assert status == 200, answer
        expect(solo_heading).to_have_count(0, timeout=10_000)
        assert page.evaluate("window.__stillTheSamePage === true")
    finally:
        server.api("PUT", f"/api/players/{aria_id}", {"has_solo_access": True}, token=admin_token)

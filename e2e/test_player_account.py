"""A player's own account: cancelling a pending request, and changing their password."""

from __future__ import annotations

import urllib.parse
from collections.abc import Iterator

import pytest
from bank_ui import open_and_sign_in, open_tab, path_is, scroll_to_top, sign_in, wait_until_live
from playwright.sync_api import Browser, Page, expect
from test_loans import PASSWORD, admin_token, new_player

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, Server, watch_for_errors


def file_loan_request(server: Server, token: str, *, value: int = 100_000) -> int:
    status, answer = server.api(
        "POST", "/api/pending-loans", {"value": value, "total_days": 7, "request_reason": "E2E cancel"}, token=token
    )
    assert status == 201, answer
    return answer["id"]


def test_a_player_cancels_a_pending_loan_request_and_no_longer_once_it_is_decided(page: Page, server: Server, shoot):
    _player_id, name = new_player(server, "Cana", score=60)
    own = server.login_token(name, PASSWORD)
    first = file_loan_request(server, own)
    second = file_loan_request(server, own, value=150_000)

    open_and_sign_in(page, server.base_url, name, PASSWORD)
    expect(page).to_have_url(path_is("/dashboard"))
    open_tab(page, "Pending Loans")
    wait_until_live(page)

    card = page.get_by_role("article").filter(has=page.get_by_role("heading", name=f"Request #{first}", exact=True))
    card.get_by_role("button", name="Cancel request").click()
    dialog = page.get_by_role("dialog", name="Cancel this request?")
    expect(dialog).to_contain_text(f"Your loan request #{first} will be withdrawn")
    scroll_to_top(page)
    shoot(page, "cancel-request-dialog")
    dialog.get_by_role("button", name="Yes, cancel request").click()
    expect(dialog).to_be_hidden()
    expect(card.get_by_text("Cancelled", exact=True)).to_be_visible()
    expect(card.get_by_text("You cancelled this request")).to_be_visible()
    expect(card.get_by_role("button", name="Cancel request")).to_have_count(0)

    # an officer decides the other request while the player's dialog is open: its notice tells the dialog
    other = page.get_by_role("article").filter(has=page.get_by_role("heading", name=f"Request #{second}", exact=True))
    other.get_by_role("button", name="Cancel request").click()
    dialog = page.get_by_role("dialog", name="Cancel this request?")
    notes = urllib.parse.quote("Not this week.")
    status, answer = server.api(
        "PUT", f"/api/pending-loans/{second}/deny?admin_notes={notes}", token=admin_token(server)
    )
    assert status == 200, answer
    expect(dialog.get_by_role("alert")).to_have_text(
        "An officer has decided this request meanwhile: it can no longer be cancelled.", timeout=10_000
    )
    expect(dialog.get_by_role("button", name="Yes, cancel request")).to_be_disabled()
    scroll_to_top(page)
    shoot(page, "cancel-request-decided-meanwhile")

    # and the server refuses a cancel once it is decided, whatever a screen sends
    status, answer = server.api("PUT", f"/api/pending-loans/{second}/cancel", token=own)
    assert (status, answer["detail"]) == (409, "This loan request was already processed."), answer
    dialog.get_by_role("button", name="Close").click()
    expect(other.get_by_text("Denied", exact=True)).to_be_visible()
    scroll_to_top(page)
    shoot(page, "cancelled-and-denied")


def test_a_player_changes_their_password_and_their_other_sessions_end(page: Page, server: Server, shoot):
    _player_id, name = new_player(server, "Pasco")
    elsewhere = server.login_token(name, PASSWORD)

    open_and_sign_in(page, server.base_url, name, PASSWORD)
    expect(page).to_have_url(path_is("/dashboard"))
    page.get_by_role("button", name="Change password").click()
    dialog = page.get_by_role("dialog", name="Change password")
    dialog.get_by_label("Current password").fill("not-my-password")
    dialog.get_by_label("New password", exact=True).fill("a-new-secret-9")
    dialog.get_by_label("Confirm new password").fill("a-new-secret-9")
    dialog.get_by_role("button", name="Change password").click()
    current = dialog.get_by_label("Current password")
    expect(current).to_have_attribute("aria-invalid", "true")
    expect(dialog.get_by_text("Your current password is not right")).to_be_visible()
    scroll_to_top(page)
    shoot(page, "change-password-wrong-current")

    current.fill(PASSWORD)
    dialog.get_by_role("button", name="Change password").click()
    expect(dialog.get_by_role("status")).to_have_text("Password changed. Your other sessions were signed out.")
    scroll_to_top(page)
    shoot(page, "change-password-done")
    dialog.get_by_role("button", name="Done").click()
    expect(dialog).to_be_hidden()

    # the other session is over; this one goes on, and the new password signs in
    status, _ = server.api("GET", "/api/me", token=elsewhere)
    assert status == 401
    open_tab(page, "Pending Loans")
    expect(page.get_by_text("You have no pending loan requests")).to_be_visible()
    page.get_by_role("button", name="Logout").click()
    expect(page).to_have_url(path_is("/"))
    sign_in(page, name, "a-new-secret-9")
    expect(page).to_have_url(path_is("/dashboard"))


@pytest.fixture
def officer_page(browser: Browser) -> Iterator[Page]:
    """The admin's own browser (its own context and session) beside the player's `page`."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    officer = context.new_page()
    errors = watch_for_errors(officer)
    yield officer
    context.close()
    assert not errors, f"JavaScript or CSP errors on the officer's page: {errors}"


def test_an_officer_watching_pending_loans_sees_a_players_cancellation_at_once(
    page: Page, officer_page: Page, server: Server, shoot
):
    """Issue 30: the admin screens update live when a player cancels their own request."""
    _player_id, name = new_player(server, "Wato", score=60)
    request_id = file_loan_request(server, server.login_token(name, PASSWORD))

    open_and_sign_in(officer_page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(officer_page).to_have_url(path_is("/admin-panel"))
    open_tab(officer_page, "Pending Loans")
    wait_until_live(officer_page)
    watched = officer_page.get_by_test_id(f"pending-loan-{request_id}")
    expect(watched).to_contain_text(name)

    open_and_sign_in(page, server.base_url, name, PASSWORD)
    open_tab(page, "Pending Loans")
    card = page.get_by_role("article").filter(
        has=page.get_by_role("heading", name=f"Request #{request_id}", exact=True)
    )
    card.get_by_role("button", name="Cancel request").click()
    page.get_by_role("dialog", name="Cancel this request?").get_by_role("button", name="Yes, cancel request").click()
    expect(card.get_by_text("You cancelled this request")).to_be_visible()

    # the officer's open list drops it by itself: nothing to decide any more
    expect(watched).to_have_count(0, timeout=10_000)
    scroll_to_top(officer_page)
    shoot(officer_page, "officer-sees-the-cancellation")

"""Passkeys and step-up in the browser (issue 34): Chromium's virtual authenticator (the DevTools protocol's
WebAuthn domain) stands in for a laptop's screen lock. An officer adds a passkey on the Security screen, signs
out, signs in with the password and the passkey, and approves a withdrawal above the four-eyes threshold after
the step-up dialog asks for the passkey again.

Passkeys belong to a site name, not an address: the page is opened at http://localhost:<port> (a browser
refuses an IP address as the relying party's id; localhost counts as a secure origin)."""

from __future__ import annotations

import re
import uuid

from bank_ui import assert_accessible, open_tab, path_is, scroll_to_top, sign_in
from playwright.sync_api import Page, expect
from test_officers import FOUR_EYES_ABOVE, ask_withdrawal, new_player_with_savings

from conftest import Server

PASSWORD = "officer-pass-1"


def virtual_authenticator(page: Page) -> None:
    """A platform authenticator with user verification (a laptop's fingerprint reader), for this page."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    cdp.send(
        "WebAuthn.addVirtualAuthenticator",
        {
            "options": {
                "protocol": "ctap2",
                "transport": "internal",
                "hasResidentKey": True,
                "hasUserVerification": True,
                "isUserVerified": True,
            }
        },
    )


def test_an_officer_adds_a_passkey_signs_in_with_it_and_approves_a_large_withdrawal_after_a_step_up(
    page: Page, server: Server, shoot
):
    officer = f"Pia{uuid.uuid4().hex[:6]}"
    server.add_officer(
        username=officer, display_name=f"Pia the Lender {uuid.uuid4().hex[:4]}", password=PASSWORD, role="loan_officer"
    )
    amount = FOUR_EYES_ABOVE + 200_000
    player_id, player = new_player_with_savings(server, "Cora", 1_500_000)
    request_id = ask_withdrawal(server, player_id, player, amount)
    site = server.base_url.replace("127.0.0.1", "localhost")
    virtual_authenticator(page)

    # --- the Security screen: a named passkey, the first factor, with its recovery codes -----------------
    page.goto(site + "/admin-panel")
    sign_in(page, officer, PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    open_tab(page, "Security")
    page.get_by_label("Name of this passkey").fill("My laptop")
    page.get_by_role("button", name="Add Passkey").click()
    codes = page.get_by_test_id("recovery-codes")
    expect(codes).to_be_visible()
    expect(codes.get_by_role("listitem")).to_have_count(10)
    shoot(page, "recovery-codes")
    codes.get_by_role("button", name="I have saved my recovery codes").click()
    factors = page.get_by_role("list", name="Your second factors")
    expect(factors).to_contain_text("My laptop")
    expect(factors).to_contain_text("Passkey")
    scroll_to_top(page)
    shoot(page, "security-with-passkey")
    assert_accessible(page, "the Security screen with a passkey")

    # --- signed out, the password alone is not enough: the passkey is the second step -----------------------
    page.get_by_role("button", name="Logout").click()
    sign_in(page, officer, PASSWORD)
    use_passkey = page.get_by_role("button", name="Use My Passkey")
    expect(use_passkey).to_be_visible()
    shoot(page, "passkey-step")
    assert_accessible(page, "the sign-in's passkey step")
    use_passkey.click()
    expect(page).to_have_url(path_is("/admin-panel"))

    # --- minutes later, a withdrawal above the four-eyes threshold: the factor is asked again, in place ---------
    server.age_page_factor(page, minutes=6)
    open_tab(page, "Withdrawal Requests")
    card = page.get_by_test_id(f"withdrawal-request-{request_id}")
    expect(card).to_contain_text(f"€{amount:,}")
    card.get_by_role("button", name=f"Approve {player}'s withdrawal #{request_id}").click()
    dialog = page.get_by_role("dialog", name="Approve withdrawal request")
    dialog.get_by_label("Approval notes (optional)").fill("Checked in game")
    dialog.get_by_role("button", name="Approve", exact=True).click()
    step_up = page.get_by_role("dialog", name="Confirm it is you")
    expect(step_up).to_contain_text("To approve a decision that needs two officers")
    shoot(page, "step-up")
    assert_accessible(page, "the step-up dialog")
    step_up.get_by_role("button", name="Use My Passkey").click()
    expect(step_up).to_be_hidden()
    # the approval went on by itself, its notes as typed: the first of two
    expect(page.get_by_role("status").filter(has_text="second officer")).to_have_text(
        re.compile(r"^Your approval is recorded; a second officer must approve before the money moves: ")
    )
    shoot(page, "approved-first-of-two")
    status, requests = server.api("GET", "/api/admin/withdrawal-requests", token=server.second_officer_token())
    assert status == 200
    mine = next(row for row in requests["withdrawal_requests"] if row["id"] == request_id)
    assert [(a["notes"]) for a in mine["approvals"]] == ["Checked in game"]

    # the second officer carries it out: the money moves
    status, answer = server.api(
        "PUT", f"/api/admin/withdrawal-requests/{request_id}/approve", token=server.second_officer_token()
    )
    assert status == 200, answer
    assert answer["withdrawal_request"]["status"] == "approved"

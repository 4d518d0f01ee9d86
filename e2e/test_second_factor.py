"""An officer's second factor in the browser (issue 34, part 1): the officer adds an authenticator app on
the Security screen (the test is the phone: it computes the codes from the key shown on screen, with
django-otp's TOTP), signs out, signs in with the password and a code, and once with a recovery code."""

from __future__ import annotations

import base64
import time
import uuid

from bank_ui import axe_violations, open_and_sign_in, open_tab, sign_in
from django_otp.oath import TOTP
from playwright.sync_api import Page, expect

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, Server

PASSWORD = "officer-pass-1"


def authenticator_code(secret: str, *, steps_ahead: int = 0) -> str:
    """What an authenticator app shows for this key now (or `steps_ahead` 30 s steps later)."""
    totp = TOTP(base64.b32decode(secret), step=30, t0=0, digits=6)
    totp.time = time.time() + 30 * steps_ahead
    return f"{totp.token():06d}"


def sign_out(page: Page) -> None:
    page.get_by_role("button", name="Logout").click()
    expect(page.get_by_role("heading", name="Sign In")).to_be_visible()


def test_an_officer_enrols_an_authenticator_and_signs_in_with_a_code_then_a_recovery_code(
    page: Page, server: Server, shoot
):
    name = f"Tova{uuid.uuid4().hex[:6]}"
    server.add_officer(
        username=name, display_name=f"Tova the Clerk {uuid.uuid4().hex[:4]}", password=PASSWORD, role="teller"
    )
    open_and_sign_in(page, server.base_url, name, PASSWORD, "/admin-panel")
    open_tab(page, "Security")
    page.get_by_label("Name of this app or phone").fill("My phone")
    page.get_by_role("button", name="Add Authenticator App").click()
    expect(page.get_by_role("img", name="QR code to scan with your authenticator app")).to_be_visible()
    secret = page.get_by_test_id("authenticator-secret").inner_text().strip()
    shoot(page, "qr-code")
    assert axe_violations(page) == []
    page.get_by_label("Code from the app").fill(authenticator_code(secret))
    page.get_by_role("button", name="Confirm").click()
    codes_card = page.get_by_test_id("recovery-codes")
    expect(codes_card).to_be_visible()
    recovery_codes = [code.strip() for code in codes_card.get_by_role("listitem").all_inner_texts()]
    assert len(recovery_codes) == 10
    shoot(page, "recovery-codes")
    assert axe_violations(page) == []
    codes_card.get_by_role("button", name="I have saved my recovery codes").click()
    expect(page.get_by_test_id("recovery-codes-left")).to_contain_text("You have 10 unused recovery codes.")
    sign_out(page)

    # the password alone is not enough now: the code of the next 30 s step (the enrolment used this one's)
    sign_in(page, name, PASSWORD)
    code_field = page.get_by_label("Code from your authenticator app")
    expect(code_field).to_be_visible()
    shoot(page, "code-step")
    assert axe_violations(page) == []
    code_field.fill(authenticator_code(secret, steps_ahead=1))
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_role("tab", name="Security")).to_be_visible()
    sign_out(page)

    # the phone is lost: a recovery code, once
    sign_in(page, name, PASSWORD)
    page.get_by_role("button", name="Use a recovery code").click()
    page.get_by_label("Recovery code").fill(recovery_codes[0])
    page.get_by_role("button", name="Continue").click()
    open_tab(page, "Security")
    expect(page.get_by_test_id("recovery-codes-left")).to_contain_text("You have 9 unused recovery codes.")
    sign_out(page)
    sign_in(page, name, PASSWORD)
    page.get_by_role("button", name="Use a recovery code").click()
    page.get_by_label("Recovery code").fill(recovery_codes[0])
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_role("alert")).to_contain_text("That code is not right")

    # and the bank's admin can see, from the API, that the officer now has a factor
    status, officers = server.api(
        "GET", "/api/admin/officers", token=server.login_token(ADMIN_USERNAME, ADMIN_PASSWORD)
    )
    assert status == 200
    assert next(row for row in officers["results"] if row["username"] == name)["has_factor"] is True

"""Loans in the browser: a player asks, the admin decides and marks days, the player watches it live."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator

import pytest
from bank_ui import (
    choose_theme,
    money,
    open_and_sign_in,
    open_tab,
    path_is,
    scroll_to_top,
    sign_in,
    wait_until_live,
)
from playwright.sync_api import Browser, Page, expect

from conftest import ADMIN_PASSWORD, ADMIN_SHOWN, ADMIN_USERNAME, Server, watch_for_errors

PASSWORD = "loans-pass-1"


def new_player(server: Server, prefix: str, *, score: int = 0) -> tuple[int, str]:
    """Registers a player through the API and gives them credit points as the admin."""
    name = f"{prefix}{uuid.uuid4().hex[:6]}"
    status, answer = server.api(
        "POST", "/api/register", {"name": name, "discord": f"{name.lower()}.dc", "password": PASSWORD}
    )
    assert status == 201, answer
    player_id = answer["id"]
    if score:
        status, answer = server.api(
            "POST",
            "/api/admin/credit-score/adjust",
            {"player_id": player_id, "points_change": score, "reason": "E2E loans set-up"},
            token=admin_token(server),
        )
        assert status == 200, answer
    return player_id, name


def admin_token(server: Server) -> str:
    return server.login_token(ADMIN_USERNAME, ADMIN_PASSWORD)


@pytest.fixture
def admin_page(browser: Browser) -> Iterator[Page]:
    """A second browser (its own context) for the admin, while `page` is the player."""
    # taller than the player's window, so dialogs open without scrolling in its screenshots
    context = browser.new_context(viewport={"width": 1280, "height": 1200})
    admin = context.new_page()
    errors = watch_for_errors(admin)
    yield admin
    context.close()
    assert not errors, f"JavaScript or CSP errors on the admin page: {errors}"


def test_a_loan_from_request_to_pay_off_seen_live_by_the_player(page: Page, admin_page: Page, server: Server, shoot):
    _player_id, name = new_player(server, "Lena", score=60)
    player_token = server.login_token(name, PASSWORD)

    # --- the player asks for 500k over 10 days -------------------------------------------------
    open_and_sign_in(page, server.base_url, name, PASSWORD)
    expect(page).to_have_url(path_is("/dashboard"))
    open_tab(page, "Request Loan")
    page.get_by_role("button", name="Submit Loan Request").click()
    expect(page.get_by_role("alert")).to_have_text("Please fill in all required fields")
    page.get_by_role("group", name="Quick values").get_by_role("button", name="500k").click()
    expect(page.get_by_label("Loan Amount")).to_have_value("500k")
    page.get_by_label("Loan Duration (Days)").fill("10")
    page.get_by_label("Reason (optional)").fill("A boat for the guild's fishing trips")
    # the preview is the server's quote: asked once typing pauses, priced by the request's rules
    preview = page.get_by_role("region", name="Your loan preview")
    expect(page.get_by_test_id("preview-rate")).to_have_text("35%")
    expect(page.get_by_test_id("preview-total")).to_have_text("€675,000")
    expect(page.get_by_test_id("preview-daily")).to_have_text("€67,500")
    expect(preview).to_contain_text("Base rate 35% for €500,000.")
    expect(preview).to_contain_text("for 10 days")
    expect(preview).to_have_attribute("aria-busy", "false")
    rates = page.get_by_role("table", name="Base interest for the whole loan").get_by_role("row")
    expect(rates).to_have_text(
        ["Exactly €100,000 50%", "Exactly €500,000 35%", "Any other amount 30%"], use_inner_text=True
    )
    expect(page.get_by_test_id("tier-terms")).to_have_text("Basic tier: standard rates, loans up to €1,000,000.")
    scroll_to_top(page)
    shoot(page, "request-loan")
    page.get_by_role("button", name="Submit Loan Request").click()
    expect(page.get_by_role("status").filter(has_text="Loan request submitted")).to_have_text(
        "Loan request submitted successfully! Please wait for admin approval."
    )
    status, bank = server.api("GET", "/api/me/bank-data", token=player_token)
    assert status == 200 and len(bank["pending_loans"]) == 1, bank
    request_id = bank["pending_loans"][0]["id"]

    open_tab(page, "Pending Loans")
    request_card = page.get_by_role("article").filter(has=page.get_by_role("heading", name=f"Request #{request_id}"))
    expect(request_card).to_contain_text("Pending approval")
    expect(request_card).to_contain_text("€500,000")
    expect(request_card).to_contain_text("10 days")
    expect(request_card).to_contain_text("35%")
    expect(request_card).to_contain_text("€675,000")
    expect(request_card).to_contain_text("A boat for the guild's fishing trips")
    scroll_to_top(page)
    shoot(page, "pending-loans")

    # the player now waits on My Loans: nothing there yet
    open_tab(page, "My Loans")
    expect(page.get_by_text("You have no loans")).to_be_visible()
    page.evaluate("window.__samePage = true")
    wait_until_live(page)

    # --- the admin sees the badge and approves ---------------------------------------------------
    status, waiting = server.api("GET", "/api/admin/pending-loans", token=admin_token(server))
    assert status == 200
    open_and_sign_in(admin_page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(admin_page).to_have_url(path_is("/admin-panel"))
    server.give_page_fresh_factor(admin_page)  # not what this test tests: its session gave a second factor (step-up)
    pending_tab = admin_page.get_by_role("tab", name=re.compile(r"^Pending Loans"))
    expect(pending_tab.get_by_label(f"{waiting['count']} pending")).to_be_visible()
    open_tab(admin_page, "Pending Loans")
    card = admin_page.get_by_test_id(f"pending-loan-{request_id}")
    expect(card).to_contain_text(name)
    expect(card).to_contain_text("€675,000")
    expect(card).to_contain_text("A boat for the guild's fishing trips")
    scroll_to_top(admin_page)
    shoot(admin_page, "admin-pending-loans")
    card.get_by_role("button", name=f"Approve {name}'s request #{request_id}").click()
    dialog = admin_page.get_by_role("dialog", name="Approve loan request")
    dialog.get_by_label("Approval notes (optional)").fill("Welcome aboard")
    shoot(admin_page, "admin-approve-modal")
    dialog.get_by_role("button", name="Approve", exact=True).click()
    expect(admin_page.get_by_role("status").filter(has_text="approved")).to_have_text(
        "Pending loan approved and converted to active loan!"
    )
    expect(card).to_have_count(0)
    if waiting["count"] > 1:
        expect(pending_tab.get_by_label(f"{waiting['count'] - 1} pending")).to_be_visible()
    else:
        expect(pending_tab.get_by_label(re.compile(r"pending$"))).to_have_count(0)

    # --- the player's My Loans shows it, without a reload ---------------------------------------
    status, bank = server.api("GET", "/api/me/bank-data", token=player_token)
    assert status == 200 and len(bank["loans"]) == 1, bank
    loan_id = bank["loans"][0]["id"]
    loan_card = page.get_by_test_id(f"loan-card-{loan_id}")
    expect(loan_card).to_be_visible(timeout=10_000)
    expect(loan_card.get_by_role("heading", name=f"Loan #{loan_id}")).to_be_visible()
    expect(loan_card.locator(".badge")).to_have_text("Active")
    progress = loan_card.get_by_role("progressbar", name=f"Loan #{loan_id} paid")
    expect(progress).to_have_attribute("aria-valuenow", "0")
    expect(loan_card).to_contain_text("0 payments made")
    expect(loan_card).to_contain_text("for 10 days")
    expect(loan_card.locator("canvas")).to_be_visible()  # the lazily loaded chart
    assert page.evaluate("window.__samePage === true")

    # --- the admin marks today paid; the player's progress moves --------------------------------
    open_tab(admin_page, "Check Loans")
    check_card = admin_page.get_by_test_id(f"check-loan-{loan_id}")
    expect(check_card).to_contain_text("€67,500")
    expect(check_card.get_by_test_id("listing-status")).to_contain_text("Starts today")
    check_card.get_by_role("button", name="Mark Paid", exact=True).click()
    expect(check_card.get_by_role("status")).to_have_text("Loan payment marked as Paid")
    expect(check_card.get_by_test_id("listing-status")).to_have_text("Paid today (€67,500)")
    check_card.get_by_role("button", name="History").click()
    expect(check_card.get_by_role("region", name=f"Payment history of loan #{loan_id}")).to_contain_text("Paid")
    scroll_to_top(admin_page)
    shoot(admin_page, "admin-check-loans")

    expect(progress).to_have_attribute("aria-valuenow", "10")
    expect(loan_card).to_contain_text("1 payment made")
    expect(loan_card).to_contain_text("€607,500")  # remaining
    assert page.evaluate("window.__samePage === true")
    scroll_to_top(page)
    shoot(page, "my-loans")

    # --- pay-off: the Report's dividends grow by 35% of the interest ----------------------------
    open_tab(admin_page, "Report")
    dividends = admin_page.get_by_test_id("dividends-value")
    expect(dividends).to_have_text(re.compile(r"^€[\d,]+$"))
    before = money(dividends.inner_text())
    report_row = admin_page.get_by_test_id(f"report-loan-{loan_id}")
    expect(report_row).to_contain_text(name)
    expect(report_row).to_contain_text("Active")

    open_tab(admin_page, "Check Loans")
    check_card.get_by_role("button", name="Mark Paid Off").click()
    confirm = admin_page.get_by_role("dialog", name=f"Mark loan #{loan_id} as paid off?")
    expect(confirm).to_contain_text("€61,250")  # the loan's payoff_solo_gain, from the server
    confirm.get_by_role("button", name="Mark Paid Off").click()
    # with the €500,000 loan the admin approved alone for this player today, the €607,500 still owed is
    # above the four-eyes threshold (issue 29): the pay-off waits for a second officer, said in the dialog
    expect(confirm.get_by_role("status")).to_have_text(re.compile(r"^Waits for a second officer: "))
    shoot(admin_page, "admin-pay-off-waits")
    confirm.get_by_role("button", name="Close").click()
    status, waiting = server.api("GET", "/api/admin/proposals?status=pending", token=admin_token(server))
    assert status == 200, waiting
    proposal = next(row for row in waiting["results"] if row["object_id"] == loan_id and row["object_type"] == "loan")
    status, decided = server.api(
        "PUT", f"/api/admin/proposals/{proposal['id']}/approve", token=server.second_officer_token()
    )
    assert status == 200 and decided["proposal"]["status"] == "carried_out", decided
    expect(check_card).to_have_count(0)  # live: the second officer's pay-off reaches the admin's screen

    open_tab(admin_page, "Report")
    expect(dividends).to_have_text(f"€{before + 61_250:,}")  # 35% of 175,000 interest
    expect(report_row).to_contain_text("Paid-Off")  # the Report lists every loan, paid off too
    scroll_to_top(admin_page)
    shoot(admin_page, "admin-report")

    # and the player sees it paid off, still without a reload
    expect(loan_card.locator(".badge")).to_have_text("Paid-Off")
    expect(progress).to_have_attribute("aria-valuenow", "100")
    open_tab(page, "Pending Loans")
    expect(request_card).to_contain_text("Accepted")
    expect(request_card).to_contain_text(f"converted to loan #{loan_id}")
    expect(request_card).to_contain_text("Note: Welcome aboard")
    assert page.evaluate("window.__samePage === true")
    open_tab(page, "Overview")
    loans_summary = page.get_by_role("article").filter(has=page.get_by_role("heading", name="My Loans"))
    expect(loans_summary).to_contain_text("0 active")


def test_a_denied_request_shows_the_reason_to_the_player(page: Page, admin_page: Page, server: Server, shoot):
    _player_id, name = new_player(server, "Nils", score=60)
    open_and_sign_in(page, server.base_url, name, PASSWORD)
    open_tab(page, "Request Loan")
    page.get_by_label("Loan Amount").fill("2m")
    page.get_by_label("Loan Duration (Days)").fill("30")
    # the quote says so before the player sends anything, in the server's words
    expect(page.get_by_test_id("preview-rate")).to_have_text("30%")
    expect(page.get_by_test_id("quote-reason")).to_have_text("The maximum loan amount for your tier is €1,000,000")
    scroll_to_top(page)
    shoot(page, "request-loan-over-the-maximum")
    page.get_by_label("Loan Amount").fill("lots")
    expect(page.get_by_role("region", name="Your loan preview")).to_contain_text("Please enter a valid amount")
    scroll_to_top(page)
    shoot(page, "request-loan-refused-by-quote")
    page.get_by_label("Loan Amount").fill("2m")
    page.get_by_role("button", name="Submit Loan Request").click()
    # a Basic-tier player may borrow at most 1,000,000: the server says so
    expect(page.get_by_role("alert")).to_have_text(
        "Error submitting loan request: The maximum loan amount for your tier is €1,000,000"
    )
    page.get_by_label("Loan Amount").fill("250k")
    page.get_by_role("button", name="Submit Loan Request").click()
    expect(page.get_by_role("status").filter(has_text="submitted")).to_be_visible()
    open_tab(page, "Pending Loans")
    expect(page.get_by_text("Pending approval")).to_be_visible()
    wait_until_live(page)

    open_and_sign_in(admin_page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    open_tab(admin_page, "Pending Loans")
    card = admin_page.get_by_role("article").filter(has=admin_page.get_by_role("heading", name=name))
    card.get_by_role("button", name=re.compile(rf"^Deny {name}")).click()
    dialog = admin_page.get_by_role("dialog", name="Deny loan request")
    deny = dialog.get_by_role("button", name="Deny", exact=True)
    expect(deny).to_be_disabled()
    dialog.get_by_label("Reason for denial").fill("Pay back your current loan first.")
    shoot(admin_page, "admin-deny-modal")
    deny.click()
    expect(admin_page.get_by_role("status").filter(has_text="denied")).to_have_text("Pending loan denied.")

    # the player's request turns Denied with the reason, who and when, live
    expect(page.get_by_text("Denied", exact=True)).to_be_visible(timeout=10_000)
    expect(page.get_by_text(re.compile(rf"^Denied by {ADMIN_SHOWN} on "))).to_be_visible()
    expect(page.get_by_text("Reason: Pay back your current loan first.")).to_be_visible()
    scroll_to_top(page)
    shoot(page, "player-sees-denial")


def test_admin_cannot_add_a_product_for_a_bad_payer(page: Page, server: Server, shoot):
    player_id, name = new_player(server, "Badd")
    token = admin_token(server)
    status, answer = server.api("PUT", f"/api/players/{player_id}", {"bad_payer": True}, token=token)
    assert status == 200, answer

    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    open_tab(page, "Add Product")
    page.get_by_role("button", name="Add Product", exact=True).click()
    expect(page.get_by_role("alert")).to_have_text("Please search and select a player first")

    page.get_by_label("Search player by name or ID").fill(name)
    page.get_by_role("button", name="Search", exact=True).click()
    page.get_by_role("button", name=f"Select {name}").click()
    details = page.get_by_role("article").filter(has=page.get_by_role("heading", name=f"{name}'s details and products"))
    expect(details).to_contain_text("Bad payer")
    page.get_by_label("Value", exact=True).fill("1m")
    page.get_by_label("Loan Duration (Days)").fill("30")
    page.get_by_role("button", name="Add Product", exact=True).click()
    expect(page.get_by_role("alert").filter(has_text="Cannot")).to_have_text("Cannot create products for bad payers")
    scroll_to_top(page)
    shoot(page, "bad-payer-refused")

    # the server refuses it as well, whatever the client does
    status, answer = server.api(
        "POST", "/api/loans", {"player_id": player_id, "value": "1m", "total_days": 30}, token=token
    )
    assert status == 400 and answer["detail"] == "Cannot create products for bad payers", answer
    status, products = server.api("GET", f"/api/players/{player_id}/products", token=token)
    assert status == 200 and products["loans"] == []


def test_admin_adds_a_loan_and_edits_it_inline_in_the_light_theme(page: Page, server: Server, shoot):
    player_id, name = new_player(server, "Ines")
    page.goto(server.url("/"))
    choose_theme(page, "Light")
    sign_in(page, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    open_tab(page, "Add Product")

    page.get_by_label("Search player by name or ID").fill(str(player_id))
    page.get_by_role("button", name="Search", exact=True).click()
    page.get_by_role("button", name=f"Select {name}").click()
    page.get_by_role("radio", name="Saving").check()
    page.get_by_label("Value", exact=True).fill("100k")
    # a saving has no days; the server prices it at the player's weekly rate
    expect(page.get_by_label("Loan Duration (Days)")).to_have_count(0)
    expect(page.get_by_test_id("savings-quote-note")).to_contain_text(f"7% a week for {name}: €7,000 a week.")
    page.get_by_role("radio", name="Loan").check()
    page.get_by_label("Value", exact=True).fill("100k")
    page.get_by_role("button", name="Add Product", exact=True).click()
    expect(page.get_by_role("alert")).to_have_text("Please enter loan duration in days")
    page.get_by_label("Loan Duration (Days)").fill("7")
    expect(page.get_by_test_id("quote-note")).to_have_text(
        f"50% for {name}: €150,000 to pay, €21,429 a day. The loan starts today."
    )
    # a score of 0 could not ask for it: the admin sees why, in the server's words
    expect(page.get_by_text(f"{name}'s own request would be refused: ")).to_contain_text("credit score points")
    scroll_to_top(page)
    shoot(page, "add-product-quote")
    page.get_by_role("button", name="Add Product", exact=True).click()
    expect(page.get_by_role("status").filter(has_text="created")).to_contain_text(
        f"created for {name}: €100,000 at 50% over 7 days"
    )

    loans = page.get_by_role("list", name="Loans")
    row = loans.get_by_role("listitem").first
    expect(row).to_contain_text("€100,000 at 50% over 7 days · 7.14% a day · €150,000 to pay, €21,429 a day")
    row.get_by_role("button", name=re.compile(r"^Edit loan #")).click()
    form = row.get_by_role("form")
    expect(form.get_by_label("Interest rate (%)")).to_have_value("50")
    form.get_by_label("Interest rate (%)").fill("40")
    form.get_by_label("Total days").fill("10")
    form.get_by_label("Admin notes").fill("Friend of the guild")
    scroll_to_top(page)
    shoot(page, "add-product-edit-form")
    form.get_by_role("button", name="Save Changes").click()
    expect(row.get_by_role("status")).to_have_text("Loan updated successfully!")
    expect(row).to_contain_text("€100,000 at 40% over 10 days · 4.00% a day · €140,000 to pay, €14,000 a day")
    expect(row).to_contain_text("Notes: Friend of the guild")
    scroll_to_top(page)
    shoot(page, "add-product-light")

    # Check Loans in the light theme, with the change-date form and its format rule
    open_tab(page, "Check Loans")
    status, products = server.api("GET", f"/api/players/{player_id}/products", token=admin_token(server))
    assert status == 200, products
    loan_id = products["loans"][0]["id"]
    card = page.get_by_test_id(f"check-loan-{loan_id}")
    card.get_by_role("button", name="Change Date").click()
    card.get_by_label("New start date (YYYY-MM-DD)").fill("")
    card.get_by_role("button", name="Save Date").click()
    expect(card.get_by_role("alert")).to_have_text("Invalid date format. Please use YYYY-MM-DD")
    scroll_to_top(page)
    shoot(page, "check-loans-light")
    card.get_by_role("button", name="Auto Payments").click()
    expect(card.get_by_text(re.compile(r"^Automatic payments are informational only"))).to_be_visible()
    scroll_to_top(page)

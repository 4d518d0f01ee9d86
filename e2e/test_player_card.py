"""The player's details card as a teller's desk (issue 22, item 2; admin spec, Search Player, the
dashboard variant): View Products shows each active loan and savings account with Paid / Not Paid
for today's day or the week due, and Mark Paid Off on loans, with the confirmations of Check Loans
and Check Savings; another admin's open Check Loans follows live."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from bank_ui import open_and_sign_in, open_tab, path_is, scroll_to_top, wait_until_live
from playwright.sync_api import Browser, Page, expect
from test_loans import new_player
from test_savings_weeks import savings_due_today

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, Server, watch_for_errors


def admin_token(server: Server) -> str:
    return server.login_token(ADMIN_USERNAME, ADMIN_PASSWORD)


def give_loan(server: Server, player_id: int, *, value: int, days: int) -> dict:
    status, loan = server.api(
        "POST", "/api/loans", {"player_id": player_id, "value": value, "total_days": days}, token=admin_token(server)
    )
    assert status == 201, loan
    return loan


@pytest.fixture
def second_admin(browser: Browser) -> Iterator[Page]:
    """Another admin's browser, with Check Loans open while the first serves the player."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    other = context.new_page()
    errors = watch_for_errors(other)
    yield other
    context.close()
    assert not errors, f"JavaScript or CSP errors on the second admin's page: {errors}"


def open_products(page: Page, name: str, player_id: int):
    open_tab(page, "Search Player")
    page.get_by_label("Search by name or ID").fill(name)
    page.get_by_role("button", name="Search", exact=True).click()
    page.get_by_role("button", name=f"View Details of {name}").click()
    details = page.get_by_role("article").filter(has=page.get_by_role("heading", name=f"{name} · Player #{player_id}"))
    details.get_by_role("button", name="View Products").click()
    return details


def test_an_admin_marks_a_players_day_and_week_and_pays_off_the_loan_from_the_card(
    page: Page, second_admin: Page, server: Server, shoot
):
    savings_id, name = savings_due_today(server, "Tella", 300_000)
    status, products = server.api("GET", f"/api/admin/savings/check?search={name}", token=admin_token(server))
    assert status == 200 and products["count"] == 1, products
    player_id = products["savings"][0]["player_id"]
    loan = give_loan(server, player_id, value=200_000, days=10)  # 260,000 to pay, 26,000 a day

    # a second admin keeps Check Loans open on this player's loan
    open_and_sign_in(second_admin, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(second_admin).to_have_url(path_is("/admin-panel"))
    open_tab(second_admin, "Check Loans")
    second_admin.get_by_label("Search player or loan").fill(name)
    watched = second_admin.get_by_test_id(f"check-loan-{loan['id']}")
    expect(watched.get_by_test_id("listing-status")).to_have_text("Starts today: day 1 of 10, €26,000 due")
    wait_until_live(second_admin)

    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    details = open_products(page, name, player_id)
    loan_row = details.get_by_test_id(f"product-loan-{loan['id']}")
    savings_row = details.get_by_test_id(f"product-savings-{savings_id}")
    expect(loan_row.get_by_test_id("listing-status")).to_have_text("Starts today: day 1 of 10, €26,000 due")
    expect(savings_row.get_by_test_id("listing-status")).to_have_text("Week 1 due today")
    scroll_to_top(page)
    shoot(page, "teller-desk")

    # today's day of the loan, marked Paid from the card: the card and the other admin's list follow
    loan_payments = loan_row.get_by_role("group", name=f"Payments of loan #{loan['id']}")
    loan_payments.get_by_role("button", name="Mark Paid", exact=True).click()
    expect(loan_row.get_by_role("status")).to_have_text("Loan payment marked as Paid")
    expect(loan_row.get_by_test_id("listing-status")).to_have_text("Paid today (€26,000)")
    expect(loan_row).to_contain_text("€26,000 paid, €234,000 remaining")
    expect(watched.get_by_test_id("listing-status")).to_have_text("Paid today (€26,000)")

    # the savings week due, marked Not Paid: its interest compounds, and the mistake can be undone here too
    savings_payments = savings_row.get_by_role("group", name=f"Payments of savings #{savings_id}")
    savings_payments.get_by_role("button", name="Mark Not Paid").click()
    expect(savings_row.get_by_role("status")).to_have_text("Savings payment processed as Not Paid. Solo gained €0")
    expect(savings_row).to_contain_text("€321,000 at 7% a week")
    savings_row.get_by_role("button", name="Change to Paid").click()
    page.get_by_role("dialog", name=f"Change week 1 of savings #{savings_id} to Paid?").get_by_role(
        "button", name="Change to Paid"
    ).click()
    expect(savings_row.get_by_role("status")).to_have_text(
        "Week 1 changed to Paid: the €21,000 of interest it had added was taken back out of the balance."
    )
    expect(savings_row).to_contain_text("€300,000 at 7% a week")

    # Mark Paid Off asks first, with what the pay-off gives the solo dividends (35% of 60,000)
    loan_payments.get_by_role("button", name="Mark Paid Off").click()
    dialog = page.get_by_role("dialog", name=f"Mark loan #{loan['id']} as paid off?")
    expect(dialog).to_contain_text("€21,000 of its interest goes to the solo dividends")
    shoot(page, "pay-off-dialog")
    dialog.get_by_role("button", name="Mark Paid Off").click()
    expect(loan_row.get_by_role("status")).to_have_text(
        f"Loan #{loan['id']} of {name} marked as paid off. Solo dividends +€21,000"
    )
    expect(loan_row.get_by_text("Paid-Off", exact=True)).to_be_visible()
    expect(loan_row.get_by_role("button", name=re.compile("^Mark "))).to_have_count(0)
    # Check Loans lists active loans only: the other admin's list lets it go by itself
    expect(watched).to_have_count(0)
    expect(second_admin.get_by_text("No loans match")).to_be_visible()
    scroll_to_top(page)
    shoot(page, "teller-desk-after")


def test_a_loan_day_marked_not_paid_from_the_card(page: Page, server: Server, shoot):
    player_id, name = new_player(server, "Nopa")
    loan = give_loan(server, player_id, value=200_000, days=10)  # 260,000 to pay, 26,000 a day

    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    details = open_products(page, name, player_id)
    loan_row = details.get_by_test_id(f"product-loan-{loan['id']}")
    expect(loan_row.get_by_test_id("listing-status")).to_have_text("Starts today: day 1 of 10, €26,000 due")

    loan_payments = loan_row.get_by_role("group", name=f"Payments of loan #{loan['id']}")
    loan_payments.get_by_role("button", name="Mark Not Paid").click()
    expect(loan_row.get_by_role("status")).to_have_text("Loan payment marked as Not Paid")
    expect(loan_row.get_by_test_id("listing-status")).to_have_text("Marked Not Paid today")
    expect(loan_row).to_contain_text("€0 paid, €260,000 remaining")
    # the server recorded the day as missed, as Check Loans would have
    status, checked = server.api("GET", f"/api/admin/loans/check?search={name}", token=admin_token(server))
    assert status == 200 and [row["listing_status"] for row in checked["loans"]] == ["not_paid_today"], checked
    scroll_to_top(page)
    shoot(page, "loan-not-paid")

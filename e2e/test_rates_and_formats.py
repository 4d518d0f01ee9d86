"""How rates, dates, counts and products read on the admin screens (issue 22, items 7, 9 and 10):
a loan's whole-term rate with its daily equivalent from the server, one format for dates and
percentages, plurals that agree, and Report rows that name their kind."""

from __future__ import annotations

import re
from datetime import date, timedelta

from bank_ui import open_and_sign_in, open_tab, path_is, scroll_to_top
from playwright.sync_api import Page, expect
from test_loans import PASSWORD, admin_token, new_player

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, Server

# a whole-term rate written with the decimals of its list (30%, 30.0% or 30.00%), then the daily one
THIRTY_OVER_14_DAYS = re.compile(r"^30(\.0{1,2})?% over 14 days · 2\.14% a day$")
# a day as the screens write it, its spaces non-breaking ("21 Nov 2026"), or as the server does
DAY_IN_TEXT = r"\d{1,2}\s(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\s\d{4}"


def give_loan(server: Server, player_id: int, *, value: int, days: int) -> int:
    status, loan = server.api(
        "POST", "/api/loans", {"player_id": player_id, "value": value, "total_days": days}, token=admin_token(server)
    )
    assert status == 201, loan
    return loan["id"]


def give_savings(server: Server, player_id: int, amount: int) -> int:
    status, savings = server.api(
        "POST", "/api/savings", {"player_id": player_id, "invested_value": amount}, token=admin_token(server)
    )
    assert status == 201, savings
    return savings["id"]


def test_loan_rates_read_whole_term_with_the_daily_equivalent_on_check_loans_report_and_requests(
    page: Page, server: Server, shoot
):
    player_id, name = new_player(server, "Rata", score=60)
    # €400,000 twice: a basic player owes at most €1,000,000 in all (issue 29); any amount but
    # exactly €100,000 or €500,000 costs 30%
    loan_id = give_loan(server, player_id, value=400_000, days=14)  # 30% for the whole 14 days
    status, request = server.api(
        "POST",
        "/api/pending-loans",
        {"value": 400_000, "total_days": 14, "request_reason": "Rates on screen"},
        token=server.login_token(name, PASSWORD),
    )
    assert status == 201, request
    assert (request["interest_rate"], request["daily_rate"]) == (0.3, 0.0214)  # the server's figures

    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    open_tab(page, "Check Loans")
    page.get_by_label("Search player or loan").fill(name)
    card = page.get_by_test_id(f"check-loan-{loan_id}")
    expect(card.get_by_test_id("loan-rate")).to_have_text("30% over 14 days · 2.14% a day")
    scroll_to_top(page)
    shoot(page, "check-loans-rate")

    open_tab(page, "Pending Loans")
    request_card = page.get_by_test_id(f"pending-loan-{request['id']}")
    expect(request_card.get_by_test_id("loan-rate")).to_have_text(THIRTY_OVER_14_DAYS)

    open_tab(page, "Report")
    row = page.get_by_test_id(f"report-loan-{loan_id}")
    expect(row.get_by_role("cell").nth(3)).to_have_text(THIRTY_OVER_14_DAYS)


def test_report_rows_name_their_kind_as_loans_and_savings_are_numbered_apart(page: Page, server: Server, shoot):
    player_id, name = new_player(server, "Kinda")
    loan_id = give_loan(server, player_id, value=200_000, days=7)
    savings_id = give_savings(server, player_id, 150_000)

    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    open_tab(page, "Report")
    loan_row = page.get_by_test_id(f"report-loan-{loan_id}")
    savings_row = page.get_by_test_id(f"report-saving-{savings_id}")
    expect(loan_row.get_by_role("cell").first).to_have_text(f"Loan #{loan_id}")
    expect(savings_row.get_by_role("cell").first).to_have_text(f"Savings #{savings_id}")
    expect(loan_row).to_contain_text(name)
    expect(savings_row).to_contain_text("€150,000")
    scroll_to_top(page)
    shoot(page, "report-kinds")


def test_dates_percentages_and_counts_read_one_way_on_a_players_products(page: Page, server: Server, shoot):
    player_id, name = new_player(server, "Forma")
    plain = give_loan(server, player_id, value=200_000, days=1)
    tuned = give_loan(server, player_id, value=300_000, days=10)
    status, answer = server.api(
        "PUT", f"/api/admin/loans/{tuned}/edit", {"interest_rate": 0.295}, token=admin_token(server)
    )
    assert status == 200, answer
    savings_id = give_savings(server, player_id, 100_000)
    # opened a week ago, its week 1 recorded Paid: week 2 falls due in a week
    status, limits = server.api("GET", "/api/loans/limits", token=admin_token(server))
    week_ago = (date.fromisoformat(limits["today"]) - timedelta(days=7)).isoformat()
    for method, path in (
        ("PUT", f"/api/admin/savings/{savings_id}/change-date?new_date={week_ago}"),
        ("POST", f"/api/savings/{savings_id}/payment?payment_status=Paid"),
    ):
        status, answer = server.api(method, path, token=admin_token(server))
        assert status == 200, answer

    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    open_tab(page, "Search Player")
    page.get_by_label("Search by name or ID").fill(name)
    page.get_by_role("button", name="Search", exact=True).click()
    page.get_by_role("button", name=f"View Details of {name}").click()
    details = page.get_by_role("article").filter(has=page.get_by_role("heading", name=f"{name} · Player #{player_id}"))
    details.get_by_role("button", name="View Products").click()

    # one list, one format: 30.0% beside 29.5%; and a count of one in the singular
    expect(details.get_by_test_id(f"product-loan-{plain}")).to_contain_text(
        "€200,000 at 30.0% over 1 day · 30.00% a day"
    )
    expect(details.get_by_test_id(f"product-loan-{tuned}")).to_contain_text("€300,000 at 29.5% over 10 days")
    savings_row = details.get_by_test_id(f"product-savings-{savings_id}")
    expect(savings_row).to_contain_text("1 week recorded")
    # a day in a badge and in the server's own words reads "1 Dec 2026", never "2026-12-01"
    expect(savings_row.get_by_test_id("listing-status")).to_have_text(re.compile(rf"^Week 2 due on {DAY_IN_TEXT}$"))
    savings_row.get_by_role("button", name="Mark Paid").click()
    expect(savings_row.get_by_role("alert")).to_have_text(
        re.compile(rf"^Error processing payment: Week 2 is not due until {DAY_IN_TEXT}$")
    )
    scroll_to_top(page)
    shoot(page, "products-formats")


def test_a_count_of_one_reads_in_the_singular_on_the_admin_screens(page: Page, server: Server, shoot):
    _player_id, name = new_player(server, "Unia")
    status, answer = server.api("POST", "/api/login", {"username": name, "password": "not-the-password"})
    assert status == 401, answer  # one failed sign-in, counted on the player

    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    # a paged list narrowed to one player counts it in the singular
    open_tab(page, "Credit Score Overview")
    page.get_by_label("Search player").fill(name)
    scores = page.get_by_role("region", name="Credit scores")
    expect(scores.get_by_role("row").filter(has_text=name)).to_have_count(1)
    expect(page.get_by_text("Showing 1 of 1 player", exact=True)).to_be_visible()

    # the player's details card counts the failed sign-ins the same way
    open_tab(page, "Search Player")
    page.get_by_label("Search by name or ID").fill(name)
    page.get_by_role("button", name="Search", exact=True).click()
    page.get_by_role("button", name=f"View Details of {name}").click()
    account = page.get_by_label(f"Details of {name}").get_by_text(re.compile("failed sign-in"))
    expect(account).to_have_text("1 failed sign-in")
    scroll_to_top(page)
    shoot(page, "one-failed-sign-in")

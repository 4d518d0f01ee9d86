"""Savings and withdrawals in the browser: the admin opens savings, the player asks for a withdrawal,
the admin approves it, and the player's savings and history change on screen without a reload."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from datetime import date, timedelta

import pytest
from bank_ui import click_until_gone, open_and_sign_in, open_tab, path_is, scroll_to_top, wait_until_live
from playwright.sync_api import Browser, Page, expect

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, Server, watch_for_errors

PASSWORD = "savings-pass-1"


def admin_token(server: Server) -> str:
    return server.login_token(ADMIN_USERNAME, ADMIN_PASSWORD)


def new_player(server: Server, prefix: str) -> tuple[int, str]:
    name = f"{prefix}{uuid.uuid4().hex[:6]}"
    status, answer = server.api(
        "POST", "/api/register", {"name": name, "discord": f"{name.lower()}.dc", "password": PASSWORD}
    )
    assert status == 201, answer
    return answer["id"], name


def open_savings(server: Server, player_id: int, amount: int) -> int:
    status, answer = server.api(
        "POST", "/api/savings", {"player_id": player_id, "invested_value": amount}, token=admin_token(server)
    )
    if status == 202:  # above the four-eyes threshold (issue 29): the set-up's second officer carries it out
        server.carry_out(status, answer)
        status, products = server.api("GET", f"/api/players/{player_id}/products", token=admin_token(server))
        assert status == 200, products
        return max(savings["id"] for savings in products["savings"])
    assert status == 201, answer
    return answer["id"]


@pytest.fixture
def admin_page(browser: Browser) -> Iterator[Page]:
    """A second browser (its own context) for the admin, while `page` is the player."""
    context = browser.new_context(viewport={"width": 1280, "height": 1200})
    admin = context.new_page()
    errors = watch_for_errors(admin)
    yield admin
    context.close()
    assert not errors, f"JavaScript or CSP errors on the admin page: {errors}"


def savings_card(page: Page, savings_id: int):
    return page.get_by_role("article").filter(
        has=page.get_by_role("heading", name=f"Savings #{savings_id}", exact=True)
    )


def test_a_withdrawal_from_request_to_approval_seen_live_by_the_player(
    page: Page, admin_page: Page, server: Server, shoot
):
    player_id, name = new_player(server, "Sela")
    older = open_savings(server, player_id, 500_000)
    newer = open_savings(server, player_id, 200_000)
    player_token = server.login_token(name, PASSWORD)
    status, total = server.api("GET", f"/api/players/{player_id}/total-savings", token=player_token)
    assert status == 200 and total["total_available"] == 700_000, total

    # --- the player sees their savings ---------------------------------------------------------
    open_and_sign_in(page, server.base_url, name, PASSWORD)
    expect(page).to_have_url(path_is("/dashboard"))
    summary = page.get_by_role("article").filter(has=page.get_by_role("heading", name="My Savings", exact=True))
    expect(summary).to_contain_text("2 active")
    expect(summary).to_contain_text("€700,000")
    shoot(page, "overview")

    open_tab(page, "My Savings")
    expect(savings_card(page, older)).to_contain_text("€500,000")
    expect(savings_card(page, older)).to_contain_text("Active")
    expect(savings_card(page, newer)).to_contain_text("€200,000")
    status, quote = server.api("GET", "/api/savings/quote", token=player_token)
    assert status == 200, quote
    expect(page.get_by_test_id("current-weekly-earnings")).to_have_text(f"€{quote['current_weekly_earnings']:,}")
    rows = page.get_by_role("table", name="Compounding projections").get_by_role("row")
    expect(rows).to_have_count(4)
    for row, projection in zip([rows.nth(1), rows.nth(2), rows.nth(3)], quote["projections"], strict=True):
        expect(row).to_have_text(
            f"{projection['weeks']} weeks €{projection['final_amount']:,} €{projection['total_earnings']:,}",
            use_inner_text=True,
        )
    expect(page.get_by_role("img", name=re.compile(r"^Weekly earnings over 12 weeks"))).to_be_visible()
    scroll_to_top(page)
    shoot(page, "my-savings")

    # --- the player asks for 600,000: more than the older account holds -------------------------
    open_tab(page, "Request Withdrawal")
    expect(page.get_by_test_id("maximum-withdrawal")).to_have_text("€700,000")
    breakdown = page.get_by_role("list", name="Savings breakdown").get_by_role("listitem")
    expect(breakdown).to_have_count(2)
    expect(breakdown.first).to_contain_text(f"Savings #{older}")
    date_input = page.get_by_label("Withdrawal Date")
    expect(date_input).to_have_attribute("min", total["withdrawal_date_min"])
    expect(date_input).to_have_attribute("max", total["withdrawal_date_max"])
    timezone = page.get_by_label("Your Timezone")
    expect(timezone).to_have_value("1")
    page.get_by_role("button", name="Submit Withdrawal Request").click()
    expect(page.get_by_role("alert")).to_have_text("Please fill in all required fields")
    page.get_by_label("Amount to Withdraw").fill("900000")
    date_input.fill(total["withdrawal_date_min"])
    page.get_by_label("Withdrawal Time").fill("18:30")
    timezone.select_option("2")
    page.get_by_role("button", name="Submit Withdrawal Request").click()
    expect(page.get_by_role("alert")).to_contain_text("Failed to submit withdrawal request: ")
    page.get_by_label("Amount to Withdraw").fill("600000")
    scroll_to_top(page)
    shoot(page, "request-withdrawal")
    page.get_by_role("button", name="Submit Withdrawal Request").click()
    expect(page.get_by_role("status").filter(has_text="Withdrawal request")).to_have_text(
        "Withdrawal request submitted successfully! You will be contacted when it is processed."
    )
    assert page.evaluate("localStorage.getItem('playerTimezone')") == "+2"
    status, history = server.api("GET", f"/api/players/{player_id}/withdrawal-history", token=player_token)
    assert status == 200 and len(history["withdrawal_history"]) == 1, history
    request_id = history["withdrawal_history"][0]["id"]

    open_tab(page, "Withdrawal History")
    history_card = page.get_by_test_id(f"withdrawal-{request_id}")
    expect(history_card).to_contain_text("Pending")
    expect(history_card).to_contain_text("€600,000")
    expect(history_card).to_contain_text("18:30 GMT+2")
    shoot(page, "withdrawal-history-pending")

    # the player now waits on My Savings, in this same page
    open_tab(page, "My Savings")
    expect(savings_card(page, older)).to_contain_text("€500,000")
    page.evaluate("window.__samePage = true")
    wait_until_live(page)

    # --- the admin sees the badge and approves ----------------------------------------------------
    status, waiting = server.api("GET", "/api/admin/withdrawal-requests", token=admin_token(server))
    assert status == 200 and waiting["pending_count"] >= 1, waiting
    open_and_sign_in(admin_page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(admin_page).to_have_url(path_is("/admin-panel"))
    server.give_page_fresh_factor(admin_page)  # not what this test tests: its session gave a second factor (step-up)
    withdrawals_tab = admin_page.get_by_role("tab", name=re.compile(r"^Withdrawal Requests"))
    expect(withdrawals_tab.get_by_label(f"{waiting['pending_count']} pending")).to_be_visible()
    open_tab(admin_page, "Withdrawal Requests")
    card = admin_page.get_by_test_id(f"withdrawal-request-{request_id}")
    expect(card).to_contain_text(name)
    expect(card).to_contain_text("€600,000")
    expect(card).to_contain_text("Pending")
    scroll_to_top(admin_page)
    shoot(admin_page, "admin-withdrawal-requests")
    card.get_by_role("button", name=f"Approve {name}'s withdrawal #{request_id}").click()
    dialog = admin_page.get_by_role("dialog", name="Approve withdrawal request")
    dialog.get_by_label("Approval notes (optional)").fill("Meet at the bank at 18:30")
    shoot(admin_page, "admin-approve-withdrawal")
    dialog.get_by_role("button", name="Approve", exact=True).click()
    # the admin opened the player's €700,000 alone today: with this €600,000 it is above the four-eyes
    # threshold (issue 29), so the admin's approval is the first of two
    expect(admin_page.get_by_role("status").filter(has_text="second officer")).to_have_text(
        re.compile(r"^Your approval is recorded; a second officer must approve before the money moves: .+")
    )
    expect(card).to_contain_text("Pending")
    status, decided = server.api(
        "PUT",
        f"/api/admin/withdrawal-requests/{request_id}/approve?admin_notes=Meet+at+the+bank+at+18:30",
        token=server.second_officer_token(),
    )
    assert status == 200, decided
    expect(card).to_contain_text("Approved")
    expect(card.get_by_role("button", name=re.compile("^(Approve|Deny) "))).to_have_count(0)

    # --- the player's savings changed on screen, oldest first, without a reload -------------------
    expect(savings_card(page, older)).to_contain_text("Withdrawn")
    expect(savings_card(page, older)).to_contain_text("€0")
    expect(savings_card(page, newer)).to_contain_text("€100,000")
    assert page.evaluate("window.__samePage") is True
    scroll_to_top(page)
    shoot(page, "my-savings-after-withdrawal")
    open_tab(page, "Withdrawal History")
    expect(history_card).to_contain_text("Approved")
    expect(history_card).to_contain_text("Meet at the bank at 18:30")
    shoot(page, "withdrawal-history-approved")
    open_tab(page, "Request Withdrawal")
    expect(page.get_by_test_id("maximum-withdrawal")).to_have_text("€100,000")
    assert page.evaluate("window.__samePage") is True
    shoot(page, "request-withdrawal-after-approval")


def test_the_admin_runs_savings_and_denies_a_withdrawal(page: Page, server: Server, shoot):
    player_id, name = new_player(server, "Tova")
    savings_id = open_savings(server, player_id, 300_000)
    player_token = server.login_token(name, PASSWORD)
    status, total = server.api("GET", f"/api/players/{player_id}/total-savings", token=player_token)
    assert status == 200, total
    status, request = server.api(
        "POST",
        "/api/withdrawal-requests",
        {
            "amount": 50_000,
            "withdrawal_date": total["withdrawal_date_min"],
            "withdrawal_time": "09:15",
            "player_timezone": -5,
        },
        token=player_token,
    )
    assert status == 201, request

    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))

    # Check Savings: the counters, a card, Mark Not Paid compounds the week, History shows it
    open_tab(page, "Check Savings")
    page.get_by_label("Search player or savings").fill(name)
    card = page.get_by_test_id(f"check-savings-{savings_id}")
    expect(card).to_contain_text(f"{name} · Savings #{savings_id}")
    expect(card).to_contain_text("€21,000")  # 7% of 300,000 a week
    status, check = server.api("GET", "/api/admin/savings/check", token=admin_token(server))
    assert status == 200, check
    expect(page.get_by_test_id("counter-upcoming")).to_have_text(str(check["counters"]["upcoming"]))
    expect(page.get_by_test_id("counter-overdue")).to_have_text(str(check["counters"]["overdue"]))
    scroll_to_top(page)
    shoot(page, "check-savings")
    # opened a week ago, its first week falls due today
    card.get_by_role("button", name="Change Date").click()
    week_ago = (date.fromisoformat(total["withdrawal_date_min"]) - timedelta(days=7)).isoformat()
    card.get_by_label("New start date (YYYY-MM-DD)").fill(week_ago)
    card.get_by_role("button", name="Save Date").click()
    expect(card.get_by_role("status")).to_have_text(
        f"Start date changed to {date.fromisoformat(week_ago).strftime('%-d %b %Y')}"
    )
    expect(card.get_by_test_id("listing-status")).to_contain_text("due")
    card.get_by_role("button", name="Mark Not Paid").click()
    expect(card.get_by_role("status")).to_have_text("Savings payment processed as Not Paid. Solo gained €0")
    expect(card).to_contain_text("Balance €321,000")
    card.get_by_role("button", name="History").click()
    history = card.get_by_role("region", name=f"Payment history of savings #{savings_id}")
    expect(history).to_contain_text("Week 1")
    expect(history).to_contain_text("Not Paid")
    expect(history).to_contain_text("+€21,000 compounded")
    scroll_to_top(page)
    shoot(page, "check-savings-history")
    # Auto-Process Overdue asks first, naming the server's overdue count; with none overdue it is off
    auto_process = page.get_by_role("button", name="Auto-Process Overdue")
    if page.get_by_test_id("counter-overdue").inner_text() == "0":
        expect(auto_process).to_be_disabled()
        expect(page.locator("#auto-process-none")).to_have_text(
            "Auto-Process Overdue is off: no savings account has an overdue week."
        )
    else:
        auto_process.click()
        dialog = page.get_by_role("dialog", name="Auto-process overdue savings?")
        expect(dialog).to_contain_text("savings account")
        dialog.get_by_role("button", name="Process Overdue Weeks").click()
        expect(page.get_by_role("status").filter(has_text="overdue weeks")).to_contain_text("Processed ")

    # Savings Management: the player is a new client with 1 of 3 accounts (searched: the lists page)
    open_tab(page, "Savings Management")
    page.get_by_label("Search clients").fill(name)
    expect(page.get_by_text("Showing 1 of 1 new client", exact=True)).to_be_visible()
    row = page.get_by_test_id(f"client-{player_id}")
    expect(row).to_contain_text("1 / 3")
    expect(row).to_contain_text("€321,000")
    expect(row).to_contain_text("Within Limit")
    scroll_to_top(page)
    shoot(page, "savings-management")
    row.get_by_role("button", name=f"Make Old: {name} becomes an old client").click()
    expect(page.get_by_role("status")).to_have_text("Client type updated to old")
    expect(page.get_by_role("table", name="Old Clients").get_by_test_id(f"client-{player_id}")).to_contain_text(
        "€321,000"
    )
    page.get_by_role("button", name="Mark Existing as Old Clients").click()
    expect(page.get_by_role("dialog", name="Mark every existing player as an old client?")).to_be_visible()
    shoot(page, "mark-existing-confirmation")
    page.get_by_role("button", name="Cancel").click()

    # Withdrawal Requests: a denial needs a reason
    open_tab(page, "Withdrawal Requests")
    request_card = page.get_by_test_id(f"withdrawal-request-{request['id']}")
    expect(request_card).to_contain_text("09:15 GMT-5")
    request_card.get_by_role("button", name=f"Deny {name}'s withdrawal #{request['id']}").click()
    dialog = page.get_by_role("dialog", name="Deny withdrawal request")
    expect(dialog.get_by_role("button", name="Deny", exact=True)).to_be_disabled()
    dialog.get_by_label("Reason for denial").fill("No admin online at that hour")
    dialog.get_by_role("button", name="Deny", exact=True).click()
    expect(page.get_by_role("status").filter(has_text="denied")).to_have_text("Withdrawal request denied.")
    expect(request_card).to_contain_text("Denied")
    expect(request_card).to_contain_text("No admin online at that hour")

    # Add Product: a saving that would pass the old client's 4,000,000 is refused by the server
    open_tab(page, "Add Product")
    page.get_by_role("radio", name="Saving").click()
    page.get_by_label("Search player by name or ID").fill(name)
    page.get_by_role("button", name="Search").click()
    page.get_by_role("button", name=f"Select {name}").click()
    page.get_by_label("Value", exact=True).fill("4m")
    expect(page.get_by_test_id("savings-quote-reason")).to_be_visible()
    page.get_by_role("button", name="Add Product").click()
    expect(page.get_by_role("alert").filter(has_text="Error creating savings")).to_contain_text(
        "Error creating savings: "
    )
    page.get_by_label("Value", exact=True).fill("100k")
    expect(page.get_by_test_id("savings-quote-note")).to_contain_text(f"for {name}")
    scroll_to_top(page)
    shoot(page, "add-product-saving")
    page.get_by_role("button", name="Add Product").click()
    expect(page.get_by_role("status").filter(has_text="created")).to_contain_text(f"created for {name}: €100,000")
    status, products = server.api("GET", f"/api/players/{player_id}/products", token=player_token)
    assert status == 200, products
    assert sorted(account["invested_value"] for account in products["savings"]) == [100_000, 321_000], products


def test_savings_management_pages_each_table_with_load_more(page: Page, server: Server, shoot):
    """55 new clients of one search term: the table shows 50, Load more brings the last 5, and the
    summary stays the whole bank's."""
    token = admin_token(server)
    prefix = f"Pager{uuid.uuid4().hex[:5]}"
    ids = []
    for index in range(55):
        name = f"{prefix}{index:02d}"
        status, answer = server.api("POST", "/api/players", {"name": name, "discord": f"{name.lower()}.dc"}, token)
        assert status == 201, answer
        ids.append(answer["player"]["id"])
    # 1,700,000 saved as an old client, then made new again: over a new client's 1,500,000
    switch = f"/api/admin/players/{ids[0]}/client-type?client_type="
    assert server.api("PUT", switch + "old", token=token)[0] == 200
    open_savings(server, ids[0], 1_200_000)
    open_savings(server, ids[0], 500_000)
    assert server.api("PUT", switch + "new", token=token)[0] == 200
    status, whole = server.api("GET", "/api/admin/savings/client-overview", token=token)
    assert status == 200, whole

    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    open_tab(page, "Savings Management")
    summary = page.get_by_label("Clients summary")
    expect(summary).to_contain_text(f"{whole['summary']['new_clients_count']:,}")
    page.get_by_label("Search clients").fill(prefix)
    new_table = page.get_by_role("table", name="New Clients")
    expect(page.get_by_text("Showing 50 of 55 new clients", exact=True)).to_be_visible()
    expect(new_table.locator("tbody tr")).to_have_count(50)
    expect(page.get_by_text("No old clients match.", exact=True)).to_be_visible()
    first = page.get_by_test_id(f"client-{ids[0]}")
    expect(first).to_contain_text("2 / 3")
    expect(first).to_contain_text("€1,700,000")
    expect(first).to_contain_text("Over Limit")
    scroll_to_top(page)
    shoot(page, "first-page")

    click_until_gone(page.get_by_role("button", name="Load more"))
    expect(page.get_by_text("Showing 55 of 55 new clients", exact=True)).to_be_visible()
    expect(new_table.locator("tbody tr")).to_have_count(55)
    expect(page.get_by_test_id(f"client-{ids[-1]}")).to_contain_text(f"{prefix}54")
    expect(page.get_by_role("button", name="Load more")).to_have_count(0)
    # the summary is the bank's, not the search's
    expect(summary).to_contain_text(f"{whole['summary']['new_clients_count']:,}")

    page.get_by_label("Status", exact=True).select_option("over_limit")
    expect(page.get_by_text("Showing 1 of 1 new client", exact=True)).to_be_visible()
    expect(new_table.locator("tbody tr")).to_have_count(1)
    expect(page.get_by_test_id(f"client-{ids[0]}")).to_be_visible()

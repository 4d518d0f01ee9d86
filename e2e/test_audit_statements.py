"""The audit trail in the admin panel, and a player's statement download."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

from bank_ui import open_and_sign_in, open_tab, path_is, scroll_to_top
from playwright.sync_api import Browser, Page, expect
from test_loans import PASSWORD, admin_token, new_player

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, Server, watch_for_errors


def give_loan(server: Server, player_id: int, *, value: int = 200_000, days: int = 7) -> int:
    status, loan = server.api(
        "POST", "/api/loans", {"player_id": player_id, "value": value, "total_days": days}, token=admin_token(server)
    )
    assert status == 201, loan
    return loan["id"]


def test_the_admin_reads_and_filters_the_audit_trail(page: Page, browser: Browser, server: Server, shoot):
    player_id, name = new_player(server, "Audra", score=40)
    loan_id = give_loan(server, player_id)

    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    open_tab(page, "Audit")
    expect(page.get_by_role("heading", name="Audit", exact=True)).to_be_visible()

    page.get_by_label("Player ID").fill(str(player_id))
    loan_entry = page.get_by_role("article").filter(has=page.get_by_role("heading", name="Loan added"))
    expect(loan_entry).to_have_count(1)
    expect(loan_entry).to_contain_text(f"by {ADMIN_USERNAME}")
    # the record by its name and number: the player and the amounts are beside it
    expect(loan_entry.get_by_text(re.compile(rf"^by {ADMIN_USERNAME} · .+ · Loan #{loan_id}$"))).to_be_visible()
    expect(loan_entry.get_by_role("button", name=f"Show only {name}'s entries")).to_have_text(name)
    expect(loan_entry.get_by_role("row", name=re.compile(r"^value"))).to_have_text(
        re.compile(r"value\s*—\s*€200,000"), use_inner_text=True
    )
    expect(loan_entry.get_by_role("row", name=re.compile(r"^interest rate"))).to_have_text(
        re.compile(r"interest rate\s*—\s*30%"), use_inner_text=True
    )
    credit_entry = page.get_by_role("article").filter(has=page.get_by_role("heading", name="Credit adjusted"))
    expect(credit_entry).to_contain_text("E2E loans set-up")
    expect(page.get_by_text("Showing 2 of 2 entries")).to_be_visible()

    # a change made elsewhere shows up by itself (the loans notice refreshes the trail)
    status, answer = server.api(
        "PUT", f"/api/admin/loans/{loan_id}/change-days", {"new_days": 14}, token=admin_token(server)
    )
    assert status == 200, answer
    days_entry = page.get_by_role("article").filter(has=page.get_by_role("heading", name="Loan days changed"))
    expect(days_entry).to_have_count(1, timeout=10_000)
    expect(days_entry.get_by_role("row", name=re.compile(r"^total days"))).to_have_text(
        re.compile(r"total days\s*7\s*14"), use_inner_text=True
    )

    page.get_by_label("Action").select_option(label="Loan added")
    expect(page.get_by_role("article")).to_have_count(1)
    expect(page.get_by_role("article").get_by_role("heading")).to_have_text("Loan added")
    scroll_to_top(page)
    shoot(page, "admin-audit")

    # the officer picked from the list, the player by part of their name, and the CSV of what they select
    page.get_by_role("button", name="Clear filters").click()
    officer = page.get_by_label("Officer")
    expect(officer.locator(f"option[value='{ADMIN_USERNAME}']")).to_have_count(1)
    officer.select_option(value=ADMIN_USERNAME)
    page.get_by_label("Player name").fill(name[2:].lower())
    expect(page.get_by_text("Showing 3 of 3 entries")).to_be_visible()
    with page.expect_download() as download_info:
        page.get_by_role("button", name="Export CSV").click()
    download = download_info.value
    assert re.fullmatch(r"audit-\d{4}-\d{2}-\d{2}\.csv", download.suggested_filename), download.suggested_filename
    content = Path(download.path()).read_bytes()
    assert content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(content.decode("utf-8-sig"))))
    assert [row[2] for row in rows[1:]] == ["Loan days changed", "Loan added", "Credit adjusted"], rows
    assert {row[1] for row in rows[1:]} == {ADMIN_USERNAME} and {row[4] for row in rows[1:]} == {name}, rows
    expect(page.get_by_role("status").filter(has_text="Downloaded audit-")).to_have_text(
        re.compile(r"^Downloaded audit-[\d-]+\.csv: 3 entries\.$")
    )

    # on a phone the entries stay inside the screen
    phone = browser.new_context(viewport={"width": 375, "height": 800})
    small = phone.new_page()
    errors = watch_for_errors(small)
    open_and_sign_in(small, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    open_tab(small, "Audit")
    small.get_by_label("Player ID").fill(str(player_id))
    expect(small.get_by_text("Showing 3 of 3 entries")).to_be_visible()
    assert small.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    scroll_to_top(small)
    shoot(small, "admin-audit-phone")
    phone.close()
    assert not errors, errors


def test_a_player_downloads_a_statement_from_my_loans(page: Page, server: Server, shoot):
    player_id, name = new_player(server, "Stella")
    loan_id = give_loan(server, player_id, value=300_000, days=10)
    status, answer = server.api(
        "POST", f"/api/loans/{loan_id}/payment", {"payment_status": "Paid"}, token=admin_token(server)
    )
    assert status == 200, answer

    open_and_sign_in(page, server.base_url, name, PASSWORD)
    expect(page).to_have_url(path_is("/dashboard"))
    open_tab(page, "My Loans")
    statement = page.get_by_role("region", name="Statement")
    expect(statement).to_be_visible()

    # it opens with this year up to the bank's today: one click downloads it (issue 22, item 12)
    status, limits = server.api("GET", "/api/loans/limits", token=server.login_token(name, PASSWORD))
    assert status == 200, limits
    today = limits["today"]
    first = f"{today[:4]}-01-01"
    expect(statement.get_by_label("From")).to_have_value(first)
    expect(statement.get_by_label("To")).to_have_value(today)
    with page.expect_download() as download_info:
        statement.get_by_role("button", name="Download statement").click()
    download = download_info.value
    assert download.suggested_filename == f"statement-{name.lower()}-{first}-to-{today}.csv"
    content = Path(download.path()).read_bytes()
    assert content.startswith(b"\xef\xbb\xbf")
    lines = content.decode("utf-8-sig").splitlines()
    assert lines[0] == "date,type,reference,status,amount,details"
    assert any(line.startswith(f"{today},loan,Loan #{loan_id},Active,300000,") for line in lines), lines
    assert any(line.startswith(f"{today},loan_payment,Loan #{loan_id},Paid,") for line in lines), lines
    expect(statement.get_by_role("status")).to_have_text("Statement downloaded.")
    scroll_to_top(page)
    shoot(page, "my-loans-statement")

    # a date emptied by hand: the server says what is missing
    statement.get_by_label("From").fill("")
    statement.get_by_role("button", name="Download statement").click()
    expect(statement.get_by_role("alert")).to_have_text(
        "Error downloading statement: from is required (the statement's first day, YYYY-MM-DD)"
    )

"""The admin Overview and New Player in the browser: banners open the right tabs, the admin adds a player."""

from __future__ import annotations

import re
import uuid

from bank_ui import open_and_sign_in, open_tab, path_is, scroll_to_top, wait_until_live
from playwright.sync_api import Page, expect

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, Server

PASSWORD = "overview-pass-1"


def player_with_requests(server: Server) -> str:
    """A registered player with savings, and one pending request of each kind: a loan, a
    withdrawal and a pearl exchange (filed through the API as the player would)."""
    name = f"Ovi{uuid.uuid4().hex[:6]}"
    status, answer = server.api(
        "POST", "/api/register", {"name": name, "discord": f"{name.lower()}.dc", "password": PASSWORD}
    )
    assert status == 201, answer
    player_id = answer["id"]
    admin = server.login_token(ADMIN_USERNAME, ADMIN_PASSWORD)
    status, answer = server.api(
        "POST", "/api/admin/credit-score/adjust", {"player_id": player_id, "points_change": 60, "reason": "E2E"}, admin
    )
    assert status == 200, answer
    status, answer = server.api("POST", "/api/savings", {"player_id": player_id, "invested_value": 500_000}, admin)
    assert status == 201, answer
    own = server.login_token(name, PASSWORD)
    filed = [
        ("/api/pending-loans", {"value": 100_000, "total_days": 7, "request_reason": "E2E"}),
        (
            "/api/withdrawal-requests",
            {"amount": 50_000, "withdrawal_date": _tomorrow(), "withdrawal_time": "18:00", "player_timezone": 1},
        ),
        ("/api/pearl-exchange-requests", {"exchange_type": "sell", "pearls_amount": 10, "savings_option": "cashout"}),
    ]
    for path, body in filed:
        status, answer = server.api("POST", path, body, own)
        assert status == 201, (path, answer)
    return name


def _tomorrow() -> str:
    from datetime import date, timedelta

    return (date.today() + timedelta(days=1)).isoformat()


def figure(page: Page, test_id: str) -> str:
    return page.get_by_test_id(test_id).locator(".summary-tile__value").inner_text()


def test_the_overview_banners_review_now_buttons_open_the_right_tabs(page: Page, server: Server, shoot):
    player_with_requests(server)
    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    wait_until_live(page)
    expect(page.get_by_role("tab", name=re.compile(r"^Overview\b"))).to_have_attribute("aria-selected", "true")

    loans = page.get_by_test_id("banner-pending-loans")
    expect(loans).to_contain_text(re.compile(r"\d+ pending loan requests? waiting for review"))
    expect(page.get_by_test_id("banner-pending-withdrawals")).to_contain_text("waiting for review")
    expect(page.get_by_test_id("banner-pending-exchanges")).to_contain_text("waiting for review")
    expect(page.get_by_test_id("overview-players").locator(".summary-tile__label")).to_have_text("Total Players")
    assert int(figure(page, "overview-players").replace(",", "")) >= 5
    scroll_to_top(page)
    shoot(page, "overview")

    for button, tab in [
        ("Review Now: pending loans", "Pending Loans"),
        ("Review Now: pending withdrawals", "Withdrawal Requests"),
        ("Review Now: pending pearl exchanges", "Pearl Exchange Requests"),
    ]:
        page.get_by_role("button", name=button).click()
        expect(page.get_by_role("tab", name=re.compile(rf"^{re.escape(tab)}\b"))).to_have_attribute(
            "aria-selected", "true"
        )
        expect(page.get_by_role("tabpanel").get_by_role("heading", name=tab, exact=True)).to_be_visible()
        open_tab(page, "Overview")

    # the banner's count follows a decision made elsewhere, live
    banner = re.search(r"(\d+) pending loan", loans.inner_text())
    assert banner is not None
    before = int(banner.group(1))
    admin = server.login_token(ADMIN_USERNAME, ADMIN_PASSWORD)
    status, answer = server.api("GET", "/api/admin/pending-loans", token=admin)
    assert status == 200, answer
    request_id = answer["pending_loans"][0]["id"]
    status, answer = server.api("PUT", f"/api/pending-loans/{request_id}/approve", token=admin)
    if status == 202:  # above the four-eyes threshold (issue 29): a second officer approves it too
        status, answer = server.api(
            "PUT", f"/api/pending-loans/{request_id}/approve", token=server.second_officer_token()
        )
    assert status == 200, answer
    if before > 1:
        expect(loans).to_contain_text(f"{before - 1} pending loan")
    else:
        expect(loans).to_have_count(0)


def test_the_admin_creates_a_player_on_new_player(page: Page, server: Server, shoot):
    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    wait_until_live(page)
    players_before = int(figure(page, "overview-players").replace(",", ""))
    page.get_by_role("button", name="New Player", exact=True).click()
    expect(page.get_by_role("tab", name=re.compile(r"^New Player\b"))).to_have_attribute("aria-selected", "true")

    page.get_by_role("button", name="Create Player").click()
    expect(page.get_by_role("alert")).to_have_text("Please fill in all required fields")

    name = f"Nova{uuid.uuid4().hex[:5]}"
    page.get_by_label("Player Name").fill(name)
    page.get_by_label("Discord Username").fill(f"{name.lower()}.dc")
    page.get_by_label("Password (optional)").fill("nova-pass-123")
    page.get_by_role("button", name="Create Player").click()
    expect(page.get_by_role("status")).to_have_text("Player created successfully!")
    expect(page.get_by_label("Player Name")).to_have_value("")
    scroll_to_top(page)
    shoot(page, "created")

    # the same name again, in other letters' case: refused by the server, said on the form
    page.get_by_label("Player Name").fill(name.upper())
    page.get_by_label("Discord Username").fill("someone-else.dc")
    page.get_by_role("button", name="Create Player").click()
    expect(page.get_by_role("alert")).to_have_text(
        f"Error creating player: Player name '{name.upper()}' is already taken"
    )

    open_tab(page, "Overview")
    expect(page.get_by_test_id("overview-players").locator(".summary-tile__value")).to_have_text(
        f"{players_before + 1:,}"
    )
    # the new player signs in with the password the admin gave
    assert server.login_token(name, "nova-pass-123")


def _sqlite(database_url: str, sql: str, *params) -> None:
    import sqlite3

    with sqlite3.connect(database_url.removeprefix("sqlite:///"), timeout=30) as db:
        db.execute(sql, params)


def _reconcile(database_url: str) -> int:
    import subprocess

    from conftest import PYTHON, ROOT, _base_env

    done = subprocess.run(
        [str(PYTHON), "manage.py", "reconcile"],
        check=False,
        cwd=ROOT,
        env=_base_env(database_url),
        capture_output=True,
        timeout=120,
    )
    return done.returncode


def test_the_overview_shows_the_books_check_and_turns_red_when_a_balance_differs(
    page: Page, server: Server, database_url: str, shoot
) -> None:
    admin = server.login_token(ADMIN_USERNAME, ADMIN_PASSWORD)
    status, created = server.api(
        "POST", "/api/players", {"name": f"Bk{uuid.uuid4().hex[:6]}", "discord": f"bk{uuid.uuid4().hex[:6]}.dc"}, admin
    )
    assert status == 201, created
    status, savings = server.api(
        "POST", "/api/savings", {"player_id": created["player"]["id"], "invested_value": 300_000}, admin
    )
    assert status == 201, savings
    assert _reconcile(database_url) == 0

    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    wait_until_live(page)
    books = page.get_by_test_id("books-check")
    expect(books).to_contain_text(re.compile(r"The books balance: [\d,]+ accounts checked"))
    jobs = page.get_by_test_id("daily-jobs")
    expect(jobs).to_contain_text("Overdue savings run: last ran")
    expect(jobs).to_contain_text("Books check (reconcile): last ran")

    # a balance changed behind the bank's back: the next check (the command, in a process of its own
    # that the page's socket does not hear) names it, and the Overview turns red
    _sqlite(database_url, "UPDATE lending_savings SET invested_value = 999999999 WHERE id = ?", savings["id"])
    try:
        assert _reconcile(database_url) == 1
        page.reload()
        alert = page.get_by_role("alert").filter(has_text="The books do not balance")
        expect(alert).to_contain_text(f"Savings #{savings['id']}")
        expect(alert).to_contain_text("The balance is €999,999,999, its entries add up to €300,000.")
        # one books status: the red box and the Daily Jobs card say the reconcile job's outcome alike
        status_text = page.get_by_test_id("books-status-text").inner_text()
        outcome = status_text.removeprefix("The books do not balance. ")
        assert outcome.startswith("1 difference in "), status_text
        expect(page.get_by_test_id("job-reconcile")).to_contain_text(outcome)
        scroll_to_top(page)
        shoot(page, "overview-books-differ")

        # the difference opens that account's ledger entries
        alert.get_by_role("button", name=f"Ledger entries of Savings #{savings['id']}").click()
        ledger = page.get_by_role("dialog", name=f"Ledger: Savings #{savings['id']}")
        expect(ledger.get_by_test_id("ledger-balance")).to_have_text("Its entries add up to €300,000.")
        expect(ledger.get_by_role("row")).not_to_have_count(0)
        scroll_to_top(page)
        shoot(page, "overview-ledger-of-a-difference")
        ledger.get_by_role("button", name="Close").click()
        expect(ledger).to_be_hidden()
    finally:
        _sqlite(database_url, "UPDATE lending_savings SET invested_value = 300000 WHERE id = ?", savings["id"])
        assert _reconcile(database_url) == 0
    page.reload()
    expect(books).to_contain_text("The books balance")
    shoot(page, "overview-books-balance")


def test_a_treasurer_checks_the_books_now_and_the_overview_follows_the_run(page: Page, server: Server) -> None:
    """The scheduler runs an asked-for check within a minute; the run's `jobs` notice updates the page."""
    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    wait_until_live(page)
    books = page.get_by_test_id("books-check")
    books.get_by_role("button", name="Check the books now").click()
    expect(books.get_by_role("status").filter(has_text="within a minute")).to_have_count(2)
    expect(books.get_by_text(re.compile(r"^A check was asked for .+: it runs within a minute\.$"))).to_be_visible()
    expect(books.get_by_role("button", name="Check the books now")).to_be_disabled()
    try:
        expect(books.get_by_text(re.compile(r"^A check was asked for"))).to_have_count(0, timeout=90_000)
    except AssertionError as error:  # what the server's task worker said meanwhile, for whoever reads CI's log
        log = server.log_path.read_text() if server.log_path else ""
        said = [line for line in log.splitlines() if re.search(r"[Tt]ask|[Ss]cheduled job|locked|Traceback", line)]
        _, jobs = server.api("GET", "/api/admin/jobs", token=server.login_token(ADMIN_USERNAME, ADMIN_PASSWORD))
        raise AssertionError(f"{error}\njobs: {jobs}\nthe worker's lines:\n" + "\n".join(said[-40:])) from None
    expect(books.get_by_role("button", name="Check the books now")).to_be_enabled()
    outcome = page.get_by_test_id("books-status-text").inner_text()
    assert outcome.startswith("The books balance: "), outcome
    expect(page.get_by_test_id("job-reconcile")).to_contain_text(outcome)

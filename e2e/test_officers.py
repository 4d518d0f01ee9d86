"""Officers with roles and four eyes in the browser (issue 23): a teller reads every request and the
settings screens without the buttons of a higher role, which a loan officer has; a large withdrawal
needs two loan officers, and the player's screen follows live. Officers are named by their display
names, never their sign-in names, and an officer is told of wrong passwords given for them (issue 29)."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator

import pytest
from bank_ui import open_and_sign_in, open_tab, path_is, scroll_to_top, sign_in, wait_until_live
from playwright.sync_api import Browser, Page, expect

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, Server, watch_for_errors

PASSWORD = "officer-pass-1"
# the default four-eyes threshold (bank settings): a withdrawal above it needs two officers
FOUR_EYES_ABOVE = 1_000_000


def admin_token(server: Server) -> str:
    return server.login_token(ADMIN_USERNAME, ADMIN_PASSWORD)


# username -> the display name new_officer gave: what players and the cards show (never holding the username)
DISPLAY_NAMES: dict[str, str] = {}


def shown(username: str) -> str:
    return DISPLAY_NAMES[username]


def new_officer(server: Server, prefix: str, role: str) -> str:
    """An officer in the test's own database (adding one through the Officers API waits for a second
    treasurer: the treasurer's test below does that); answers the username (the display name is
    `shown(username)`)."""
    name = f"{prefix}{uuid.uuid4().hex[:6]}"
    DISPLAY_NAMES[name] = f"{prefix} the Clerk {uuid.uuid4().hex[:4]}"
    server.add_officer(username=name, display_name=shown(name), password=PASSWORD, role=role)
    return name


def new_player_with_savings(server: Server, prefix: str, amount: int) -> tuple[int, str]:
    name = f"{prefix}{uuid.uuid4().hex[:6]}"
    status, player = server.api(
        "POST", "/api/register", {"name": name, "discord": f"{name.lower()}.dc", "password": PASSWORD}
    )
    assert status == 201, player
    status, savings = server.api(
        "POST", "/api/savings", {"player_id": player["id"], "invested_value": amount}, token=admin_token(server)
    )
    if status == 202:  # above the four-eyes threshold (issue 29): the set-up's second officer carries it out
        status, savings = server.carry_out(status, savings)
        return player["id"], name
    assert status == 201, savings
    return player["id"], name


def ask_withdrawal(server: Server, player_id: int, name: str, amount: int) -> int:
    token = server.login_token(name, PASSWORD)
    status, total = server.api("GET", f"/api/players/{player_id}/total-savings", token=token)
    assert status == 200, total
    status, request = server.api(
        "POST",
        "/api/withdrawal-requests",
        {
            "amount": amount,
            "withdrawal_date": total["withdrawal_date_min"],
            "withdrawal_time": "18:30",
            "player_timezone": 0,
        },
        token=token,
    )
    assert status == 201, request
    return request["id"]


@pytest.fixture
def second_page(browser: Browser) -> Iterator[Page]:
    """Another browser (its own context, its own session) beside `page`."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    other = context.new_page()
    errors = watch_for_errors(other)
    yield other
    context.close()
    assert not errors, f"JavaScript or CSP errors on the second page: {errors}"


def player_with_pending_requests(server: Server) -> tuple[str, dict[str, str]]:
    """A player with savings and one pending request of each kind (a loan, a withdrawal, a pearl
    sale), filed through the API as the player would; answers the name and each request tab's card."""
    player_id, name = new_player_with_savings(server, "Ilsa", 300_000)
    status, answer = server.api(
        "POST",
        "/api/admin/credit-score/adjust",
        {"player_id": player_id, "points_change": 60, "reason": "E2E"},
        token=admin_token(server),
    )
    assert status == 200, answer
    own = server.login_token(name, PASSWORD)
    status, loan = server.api(
        "POST", "/api/pending-loans", {"value": 100_000, "total_days": 7, "request_reason": "E2E"}, token=own
    )
    assert status == 201, loan
    withdrawal_id = ask_withdrawal(server, player_id, name, 50_000)
    status, exchange = server.api(
        "POST",
        "/api/pearl-exchange-requests",
        {"exchange_type": "sell", "pearls_amount": 10, "savings_option": "cashout"},
        token=own,
    )
    assert status == 201, exchange
    return name, {
        "Pending Loans": f"pending-loan-{loan['id']}",
        "Withdrawal Requests": f"withdrawal-request-{withdrawal_id}",
        "Pearl Exchange Requests": f"pearl-request-{exchange['id']}",
    }


def blocked_player(server: Server) -> tuple[int, str]:
    """A player blocked by five wrong passwords."""
    name = f"Lock{uuid.uuid4().hex[:6]}"
    status, player = server.api(
        "POST", "/api/register", {"name": name, "discord": f"{name.lower()}.dc", "password": PASSWORD}
    )
    assert status == 201, player
    for _ in range(5):
        status, answer = server.api("POST", "/api/login", {"username": name, "password": "not-the-password"})
    assert status == 403, answer
    return player["id"], name


DECISION = re.compile(r"^(Approve|Deny) ")
TREASURERS_BLOCKED_BUTTONS = re.compile(r"^(Unblock|Reset Password)$")


def test_a_teller_reads_every_screen_without_the_buttons_of_a_higher_role(
    page: Page, second_page: Page, server: Server, shoot
):
    teller = new_officer(server, "Tel", "teller")
    lou = new_officer(server, "Lou", "loan_officer")
    name, cards = player_with_pending_requests(server)
    blocked_id, blocked_name = blocked_player(server)

    open_and_sign_in(page, server.base_url, teller, PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    expect(page.get_by_text("Admin Panel · Teller")).to_be_visible()
    panel = page.get_by_role("tabpanel")
    # the screens the server lets a teller read are offered; the treasurer's and loan officer's are not
    for tab in ("Officers", "Add Product"):
        expect(page.get_by_role("tab", name=re.compile(rf"^{re.escape(tab)}\b"))).to_have_count(0)

    # each pending request is shown, and no Approve or Deny
    for tab, card_id in cards.items():
        open_tab(page, tab)
        card = page.get_by_test_id(card_id)
        expect(card).to_contain_text(name)
        expect(card).to_contain_text("Pending")
        expect(panel.get_by_role("button", name=DECISION)).to_have_count(0)
        # the tab says who decides them
        expect(panel.get_by_role("note").first).to_have_text(
            "Loan officers and treasurers decide these requests; you can read them."
        )
        if tab == "Withdrawal Requests":
            scroll_to_top(page)
            shoot(page, "withdrawal-requests")

    # the blocked player is listed, with no Unblock nor Reset Password (a treasurer's)
    open_tab(page, "Blocked Accounts")
    blocked = page.get_by_test_id(f"blocked-{blocked_id}")
    expect(blocked.get_by_role("heading")).to_have_text(f"{blocked_name} · Player #{blocked_id}")
    expect(panel.get_by_role("button", name=TREASURERS_BLOCKED_BUTTONS)).to_have_count(0)

    # the treasurer's settings screens read-only: the figures, a note, none of the buttons
    open_tab(page, "Savings Management")
    panel.get_by_label("Search clients").fill(name)
    expect(panel.get_by_text("Showing 1 of 1 new client", exact=True)).to_be_visible()
    expect(panel.get_by_role("row").filter(has_text=name)).to_contain_text("€300,000")
    expect(panel.get_by_role("note")).to_have_text("Only a treasurer can change a player's client type.")
    expect(panel.get_by_role("button", name=re.compile(r"^(Make (Old|New)|Mark Existing)"))).to_have_count(0)
    expect(panel.get_by_role("columnheader", name="Client Type")).to_have_count(0)
    scroll_to_top(page)
    shoot(page, "savings-management")

    open_tab(page, "Credit Score Migration")
    panel.get_by_role("button", name="Preview Migration").click()
    expect(panel.get_by_text("Total players")).to_be_visible()
    expect(panel.get_by_role("row").nth(1)).to_be_visible()
    expect(panel.get_by_role("note")).to_have_text("Only a treasurer can execute the migration.")
    expect(panel.get_by_role("checkbox")).to_have_count(0)
    expect(
        panel.get_by_role("button", name=re.compile(r"^(Select All|Clear Selection|Execute Migration)"))
    ).to_have_count(0)
    scroll_to_top(page)
    shoot(page, "credit-migration")

    # the bank's controls are published to every officer (issue 29): a teller reads them, changes none
    open_tab(page, "Bank Settings")
    expect(panel.get_by_test_id("current-four-eyes")).to_have_text(f"€{FOUR_EYES_ABOVE:,}")
    expect(panel.get_by_role("note")).to_have_text("Only a treasurer can change these settings.")
    expect(panel.get_by_role("button", name="Save Settings")).to_have_count(0)

    open_tab(page, "Pearl Exchange Settings")
    expect(panel.get_by_test_id("current-sell-rate")).to_contain_text(re.compile(r"^€[\d,]+ per pearl$"))
    expect(panel.get_by_test_id("current-buy-rate")).to_contain_text(re.compile(r"^€[\d,]+ per pearl$"))
    expect(panel.get_by_role("note")).to_have_text("Only a treasurer can change these rates.")
    expect(panel.get_by_label("Sell Rate (bread per pearl)")).to_have_count(0)
    expect(panel.get_by_role("button", name="Update Exchange Rates")).to_have_count(0)
    scroll_to_top(page)
    shoot(page, "pearl-settings")

    # a loan officer, on the same requests, has Approve and Deny (and still no Unblock)
    open_and_sign_in(second_page, server.base_url, lou, PASSWORD)
    expect(second_page.get_by_text("Admin Panel · Loan Officer")).to_be_visible()
    for tab, card_id in cards.items():
        open_tab(second_page, tab)
        card = second_page.get_by_test_id(card_id)
        expect(card.get_by_role("button", name=re.compile(r"^Approve "))).to_have_count(1)
        expect(card.get_by_role("button", name=re.compile(r"^Deny "))).to_have_count(1)
    open_tab(second_page, "Blocked Accounts")
    expect(second_page.get_by_test_id(f"blocked-{blocked_id}")).to_be_visible()
    expect(second_page.get_by_role("tabpanel").get_by_role("button", name=TREASURERS_BLOCKED_BUTTONS)).to_have_count(0)


def test_a_large_withdrawal_needs_two_officers_and_the_player_sees_it_live(
    page: Page, second_page: Page, browser: Browser, server: Server, shoot
):
    lou = new_officer(server, "Lou", "loan_officer")
    mara = new_officer(server, "Mara", "loan_officer")
    amount = FOUR_EYES_ABOVE + 100_000
    player_id, name = new_player_with_savings(server, "Bryn", 1_200_000)
    request_id = ask_withdrawal(server, player_id, name, amount)

    # --- the player waits on My Savings (this page stays open: no reload) -----------------------
    open_and_sign_in(page, server.base_url, name, PASSWORD)
    expect(page).to_have_url(path_is("/dashboard"))
    open_tab(page, "Request Withdrawal")
    expect(page.get_by_test_id("maximum-withdrawal")).to_have_text("€1,200,000")
    page.evaluate("window.__samePage = true")
    wait_until_live(page)

    # --- the first loan officer approves: it waits for a second officer ---------------------------
    open_and_sign_in(second_page, server.base_url, lou, PASSWORD)
    expect(second_page).to_have_url(path_is("/admin-panel"))
    server.give_page_fresh_factor(second_page)  # not what this test tests: its session gave a second factor (step-up)
    open_tab(second_page, "Withdrawal Requests")
    card = second_page.get_by_test_id(f"withdrawal-request-{request_id}")
    expect(card).to_contain_text("€1,100,000")
    card.get_by_role("button", name=f"Approve {name}'s withdrawal #{request_id}").click()
    dialog = second_page.get_by_role("dialog", name="Approve withdrawal request")
    # before sending, the dialog says the approval will wait, and promises no money moving
    expect(dialog.get_by_test_id("approval-consequence")).to_have_text(
        f"Above the four-eyes threshold (€{FOUR_EYES_ABOVE:,}): your approval is recorded and a second officer "
        "must approve before the money moves."
    )
    expect(dialog).not_to_contain_text("leaves their savings")
    dialog.get_by_label("Approval notes (optional)").fill("Checked in game")
    dialog.get_by_role("button", name="Approve", exact=True).click()
    waiting = f"Approved by {shown(lou)}; a second officer must approve"
    expect(second_page.get_by_role("status").filter(has_text="second officer")).to_have_text(
        f"Your approval is recorded; a second officer must approve before the money moves: €{amount:,} is above "
        f"the four-eyes threshold (€{FOUR_EYES_ABOVE:,}). {waiting}."
    )
    expect(card.get_by_role("note").first).to_have_text(f"Four eyes{waiting}")
    expect(card).to_contain_text("Pending")
    # the officer who approved waits for another: no Approve, who approved and when, Deny still theirs
    expect(
        card.get_by_role("note", name=f"Waiting for a second officer on {name}'s withdrawal #{request_id}")
    ).to_have_text(
        re.compile(
            rf"^Waiting for a second officerApproved by you \({re.escape(shown(lou))}\) on .+; another officer "
            r"must approve before it is carried out\.$"
        )
    )
    expect(card.get_by_role("button", name=f"Approve {name}'s withdrawal #{request_id}")).to_have_count(0)
    expect(card.get_by_role("button", name=f"Deny {name}'s withdrawal #{request_id}")).to_be_visible()
    scroll_to_top(second_page)
    shoot(second_page, "first-approval")

    # the same officer again is refused by the server too (409), and no money moved
    status, refused = server.api(
        "PUT", f"/api/admin/withdrawal-requests/{request_id}/approve", token=server.login_token(lou, PASSWORD)
    )
    assert status == 409 and refused["code"] == "already_approved_by_you", refused
    expect(page.get_by_test_id("maximum-withdrawal")).to_have_text("€1,200,000")

    # --- a second officer, in a third browser, carries it out ------------------------------------
    context = browser.new_context(viewport={"width": 1280, "height": 1000})
    try:
        third = context.new_page()
        errors = watch_for_errors(third)
        open_and_sign_in(third, server.base_url, mara, PASSWORD)
        expect(third).to_have_url(path_is("/admin-panel"))
        server.give_page_fresh_factor(third)  # not what this test tests: its session gave a second factor (step-up)
        open_tab(third, "Withdrawal Requests")
        other_card = third.get_by_test_id(f"withdrawal-request-{request_id}")
        expect(other_card.get_by_role("note")).to_have_text(f"Four eyes{waiting}")
        other_card.get_by_role("button", name=f"Approve {name}'s withdrawal #{request_id}").click()
        other_dialog = third.get_by_role("dialog", name="Approve withdrawal request")
        # the second officer is told their approval carries it out
        expect(other_dialog.get_by_test_id("approval-consequence")).to_have_text(
            re.compile(
                rf"^{re.escape(shown(lou))} approved it on .+; your approval as the second officer carries it out\. "
                r"The amount leaves their savings, oldest first\.$"
            )
        )
        other_dialog.get_by_role("button", name="Approve", exact=True).click()
        expect(third.get_by_role("status").filter(has_text="approved")).to_have_text("Withdrawal request approved.")
        expect(other_card).to_contain_text("Approved")
        # the decided card lists both approvers, the first with their notes
        expect(other_card.get_by_test_id("approvers")).to_have_text(
            re.compile(
                rf"^ApproversApproved by {re.escape(shown(lou))} \(.+: 'Checked in game'\) and "
                rf"{re.escape(shown(mara))} \([^:]+:\d\d\)$"
            )
        )
        scroll_to_top(third)
        shoot(third, "second-approval")
        assert not errors, f"JavaScript or CSP errors on the third page: {errors}"
    finally:
        context.close()

    # --- the money moved, and the player's open screen shows it without a reload ---------------
    expect(page.get_by_test_id("maximum-withdrawal")).to_have_text("€100,000")
    assert page.evaluate("window.__samePage") is True
    # the first officer's screen follows live too: no buttons left on the decided card
    expect(card).to_contain_text("Approved")
    expect(card.get_by_role("button", name=re.compile(r"^(Approve|Deny) "))).to_have_count(0)
    status, audit = server.api("GET", "/api/admin/audit?officer=" + mara, token=admin_token(server))
    assert status == 200 and any(entry["kind"] == "withdrawal.approved" for entry in audit["entries"]), audit
    scroll_to_top(page)
    shoot(page, "player-after")
    # the player reads who decided it, by display name (the server names the officer who carried it out)
    open_tab(page, "Withdrawal History")
    expect(page.get_by_test_id(f"withdrawal-{request_id}").get_by_test_id("decided-by")).to_have_text(
        re.compile(rf"^DecisionApproved by {re.escape(shown(mara))} on .+$")
    )


WAITS = re.compile(r"^Waits for a second officer: \S.+")


def test_the_treasurer_manages_officers_and_the_four_eyes_threshold(page: Page, server: Server, shoot):
    name = f"Ned{uuid.uuid4().hex[:6]}"
    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    server.give_page_fresh_factor(page)  # not what this test tests: its session gave a second factor (step-up)
    open_tab(page, "Officers")
    form = page.get_by_role("form", name="Add officer")
    form.get_by_label("Username").fill(name)
    form.get_by_label("Display name").fill(name)  # the sign-in name itself: refused
    form.get_by_label("Password").fill(PASSWORD)
    form.get_by_label("Role").select_option("loan_officer")
    form.get_by_role("button", name="Add Officer").click()
    expect(form.get_by_role("alert")).to_contain_text("is an officer's sign-in name, which players must never see")
    shown_as = f"Ned the Clerk {uuid.uuid4().hex[:4]}"
    form.get_by_label("Display name").fill(shown_as)
    form.get_by_role("button", name="Add Officer").click()
    # adding an officer takes a second treasurer (issue 29): the form says so, no card appears
    expect(form.get_by_role("status")).to_have_text(WAITS)
    expect(page.get_by_role("article", name=shown_as)).to_have_count(0)

    # the proposal waits on Four Eyes: the bank's only treasurer cannot be its second officer yet
    open_tab(page, "Four Eyes")
    proposal = page.get_by_role("article").filter(has_text=f"Add {name} ({shown_as}) as Loan Officer")
    expect(proposal.get_by_test_id("proposal-reason")).to_contain_text("the bank has one treasurer")
    expect(proposal.get_by_test_id("proposal-not-before")).to_contain_text("Not before")
    # its proposer is offered no Approve: their card says it waits for a second officer (issue 30)
    expect(proposal.get_by_role("button", name=re.compile(r"^Approve change #"))).to_have_count(0)
    expect(proposal.get_by_role("note", name=re.compile(r"^Waiting for a second officer"))).to_be_visible()
    scroll_to_top(page)
    shoot(page, "four-eyes")
    proposal.get_by_role("button", name=re.compile(r"^Deny change #")).click()
    dialog = page.get_by_role("dialog", name="Deny change")
    dialog.get_by_label("Reason for denial").fill("Added by the tests' set-up instead")
    dialog.get_by_role("button", name="Deny", exact=True).click()
    expect(page.get_by_role("status")).to_have_text("Proposal denied.")
    expect(proposal).to_have_count(0)

    # an officer made in the database, to rename and deactivate
    name = new_officer(server, "Ned", "loan_officer")
    shown_as = shown(name)
    open_tab(page, "Officers")
    officer = page.get_by_role("article", name=shown_as)
    expect(officer).to_contain_text("Active")
    expect(officer).to_contain_text("Never")
    expect(officer).to_contain_text(f"Signs in as {name}")
    # a rename: players see the new name from now on; the card follows
    officer.get_by_label("Display name").fill("Ned of the Night Desk")
    officer.get_by_role("button", name="Rename").click()
    officer = page.get_by_role("article", name="Ned of the Night Desk")
    expect(officer.get_by_role("status")).to_have_text(f"{name} is now shown to players as Ned of the Night Desk")
    # the bank's only treasurer cannot demote themselves: the 409 is said on their card
    me = page.get_by_role("article").filter(has_text=f"Signs in as {ADMIN_USERNAME} ·")
    me.get_by_label("Role").select_option("teller")
    me.get_by_role("button", name="Change Role").click()
    expect(me.get_by_role("alert")).to_contain_text("The last active treasurer can be neither demoted nor deactivated")
    # their own card says so, and offers neither Deactivate nor a password reset (Change password is theirs)
    expect(me.get_by_role("heading")).to_have_text(re.compile(r" \(you\)$"))
    expect(me.get_by_role("button", name="Deactivate")).to_have_count(0)
    expect(me.get_by_role("button", name="Reset Password")).to_have_count(0)
    # a treasurer resets another officer's password: a second treasurer approves it (issue 30)
    officer.get_by_label("New password").fill(PASSWORD)
    officer.get_by_role("button", name="Reset Password").click()
    expect(officer.get_by_role("status")).to_have_text(WAITS)
    officer.get_by_role("button", name="Deactivate").click()
    page.get_by_role("dialog", name="Deactivate Ned of the Night Desk?").get_by_role(
        "button", name="Deactivate"
    ).click()
    expect(officer).to_contain_text("Deactivated")
    expect(officer.get_by_role("button", name="Reactivate")).to_be_visible()
    scroll_to_top(page)
    shoot(page, "officers")

    open_tab(page, "Bank Settings")
    field = page.get_by_label("Four-eyes threshold (bread)")
    expect(field).to_have_value(str(FOUR_EYES_ABOVE))
    field.fill("2000000000")
    page.get_by_role("button", name="Save Settings").click()
    expect(page.get_by_role("alert")).to_contain_text("Error saving bank settings: ")
    field.fill(str(FOUR_EYES_ABOVE))
    page.get_by_role("button", name="Save Settings").click()
    # the same threshold again changes nothing (the server keeps no empty change): saved, as it was
    expect(page.get_by_role("status")).to_have_text("Bank settings saved")
    expect(page.get_by_test_id("current-four-eyes")).to_have_text(f"€{FOUR_EYES_ABOVE:,}")
    # a loosening (a higher loan rate allowed) waits for a second treasurer: said, nothing in force changes
    highest = page.get_by_label("Highest loan rate (%)")
    in_force = page.get_by_test_id("current-loan-rates").inner_text()
    highest.fill(str(float(highest.input_value()) + 1).removesuffix(".0"))
    page.get_by_role("button", name="Save Settings").click()
    expect(page.get_by_role("status")).to_have_text(WAITS)
    expect(page.get_by_test_id("current-loan-rates")).to_have_text(in_force)
    shoot(page, "bank-settings")
    open_tab(page, "Four Eyes")
    proposal = page.get_by_role("article").filter(has_text="highest loan rate")
    proposal.get_by_role("button", name=re.compile(r"^Deny change #")).click()
    dialog = page.get_by_role("dialog", name="Deny change")
    dialog.get_by_label("Reason for denial").fill("Only a test")
    dialog.get_by_role("button", name="Deny", exact=True).click()
    expect(page.get_by_role("status")).to_have_text("Proposal denied.")


def test_an_officer_is_told_of_wrong_passwords_given_for_them(page: Page, server: Server, shoot):
    """Wrong passwords for an officer (a player who read the name, a stranger) are shown to that
    officer at their next sign-in, with the address and time; the player's pearl history names the
    officer who decided by display name only."""
    lou = new_officer(server, "Lou", "loan_officer")
    _, name = new_player_with_savings(server, "Cato", 200_000)
    sale = {"exchange_type": "sell", "pearls_amount": 10, "savings_option": "cashout"}
    status, exchange = server.api(
        "POST", "/api/pearl-exchange-requests", sale, token=server.login_token(name, PASSWORD)
    )
    assert status == 201, exchange
    status, answer = server.api(
        "PUT",
        f"/api/admin/pearl-exchange-requests/{exchange['id']}/approve",
        {"admin_notes": "Paid at the bank"},
        token=server.login_token(lou, PASSWORD),
    )
    assert status == 200, answer

    # the player reads who decided: the display name, never the sign-in name
    open_and_sign_in(page, server.base_url, name, PASSWORD)
    open_tab(page, "Pearl History")
    history = page.get_by_role("tabpanel")
    expect(history).to_contain_text(f"by {shown(lou)}")
    assert lou.lower() not in history.inner_text().lower()
    scroll_to_top(page)
    shoot(page, "player-pearl-history")
    page.get_by_role("button", name="Logout").click()
    expect(page.get_by_role("heading", name="Sign In")).to_be_visible()

    for _ in range(3):  # someone guesses (five would lock the officer at this address only)
        status, answer = server.api("POST", "/api/login", {"username": lou, "password": "guess-guess-1"})
        assert status == 401, answer
    open_and_sign_in(page, server.base_url, lou, PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    notice = page.get_by_role("status", name="Failed sign-in attempts")
    expect(notice).to_contain_text(
        re.compile(r"^3 failed sign-in attempts since your last sign-in, the latest from 127\.0\.0\.1 at ")
    )
    expect(notice.get_by_role("list", name="Latest attempts").get_by_role("listitem")).to_have_count(3)
    shoot(page, "failed-sign-ins")
    notice.get_by_role("button", name="Dismiss").click()
    expect(notice).to_have_count(0)


def test_a_treasurer_lifts_an_officers_lockout_on_the_officers_tab(page: Page, server: Server, shoot):
    """Issue 30: five wrong passwords lock an officer at that address; a treasurer sees it on their card
    and lifts it there, without the server's command line; the officer then signs in."""
    name = new_officer(server, "Lok", "teller")
    for _ in range(5):
        status, answer = server.api("POST", "/api/login", {"username": name, "password": "not-the-password"})
    assert status == 403, answer
    # the locked officer is told when, and who can unlock them, on the sign-in screen
    page.goto(server.base_url)
    sign_in(page, name, PASSWORD)
    expect(page.get_by_role("alert")).to_contain_text("This officer account is locked")
    expect(page.get_by_role("alert")).to_contain_text("A treasurer can lift the lock on the Officers tab")
    shoot(page, "officer-locked")

    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    open_tab(page, "Officers")
    card = page.get_by_role("article", name=shown(name))
    expect(card).to_contain_text("Locked until")
    scroll_to_top(page)
    card.get_by_role("button", name="Lift Lockout").click()
    expect(card.get_by_role("status")).to_have_text("The lockout was lifted.")
    expect(card).to_contain_text("Not locked")
    expect(card.get_by_role("button", name="Lift Lockout")).to_have_count(0)
    shoot(page, "lockout-lifted")
    status, answer = server.api("POST", "/api/login", {"username": name, "password": PASSWORD})
    assert status == 200, answer


def test_an_officer_changes_their_own_password_in_the_app(page: Page, server: Server, shoot):
    """Issue 30: an officer changes their own password from the admin panel's header, without the
    server's command line; their other sessions end and the new password signs in."""
    name = new_officer(server, "Pwd", "loan_officer")
    elsewhere = server.login_token(name, PASSWORD)
    open_and_sign_in(page, server.base_url, name, PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    page.get_by_role("button", name="Change password").click()
    dialog = page.get_by_role("dialog", name="Change password")
    dialog.get_by_label("Current password").fill(PASSWORD)
    dialog.get_by_label("New password", exact=True).fill("officer-new-secret-4")
    dialog.get_by_label("Confirm new password").fill("officer-new-secret-4")
    dialog.get_by_role("button", name="Change password").click()
    expect(dialog.get_by_role("status")).to_have_text("Password changed. Your other sessions were signed out.")
    scroll_to_top(page)
    shoot(page, "officer-password-changed")
    dialog.get_by_role("button", name="Done").click()
    status, _ = server.api("GET", "/api/me", token=elsewhere)
    assert status == 401
    status, answer = server.api("POST", "/api/login", {"username": name, "password": "officer-new-secret-4"})
    assert status == 200, answer

"""A savings week recorded by mistake is changed back from the screen (issue 22, item 1): Check
Savings and its History panel offer Change to Paid / Change to Not Paid on the latest recorded
week, after a confirmation, and say when the week's interest was taken back out of the balance."""

from __future__ import annotations

from datetime import date, timedelta

from bank_ui import open_and_sign_in, open_tab, path_is, scroll_to_top
from playwright.sync_api import Page, expect
from test_savings import admin_token, new_player, open_savings

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, Server


def savings_due_today(server: Server, prefix: str, amount: int, *, weeks: int = 1) -> tuple[int, str]:
    """A player's account opened `weeks` weeks ago: its week `weeks` falls due today."""
    player_id, name = new_player(server, prefix)
    savings_id = open_savings(server, player_id, amount)
    status, limits = server.api("GET", "/api/loans/limits", token=admin_token(server))
    assert status == 200, limits
    week_ago = (date.fromisoformat(limits["today"]) - timedelta(days=7 * weeks)).isoformat()
    status, moved = server.carry_out(
        *server.api(
            "PUT", f"/api/admin/savings/{savings_id}/change-date?new_date={week_ago}", token=admin_token(server)
        )
    )
    assert status == 200, moved
    return savings_id, name


def balance(server: Server, savings_id: int) -> int:
    status, savings = server.api("GET", f"/api/savings/{savings_id}", token=admin_token(server))
    assert status == 200, savings
    return savings["invested_value"]


def test_a_missed_week_marked_by_mistake_is_changed_back_to_paid_on_check_savings(page: Page, server: Server, shoot):
    savings_id, name = savings_due_today(server, "Weka", 300_000)
    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    open_tab(page, "Check Savings")
    page.get_by_label("Search player or savings").fill(name)
    # the search has reached the server: the list holds this account alone
    expect(page.get_by_text("Showing 1 of 1 active savings account", exact=True)).to_be_visible()
    card = page.get_by_test_id(f"check-savings-{savings_id}")
    expect(card).to_contain_text("Balance €300,000")
    expect(card.get_by_role("button", name="Change to Paid")).to_have_count(0)  # nothing recorded yet

    # the mistake: week 1 recorded Not Paid, its €21,000 of interest compounded
    card.get_by_role("button", name="Mark Not Paid").click()
    expect(card.get_by_role("status")).to_have_text("Savings payment processed as Not Paid. Solo gained €0")
    expect(card).to_contain_text("Balance €321,000")
    latest = card.get_by_role("group", name=f"Latest recorded week of savings #{savings_id}")
    expect(latest).to_contain_text("Latest recorded: week 1")
    expect(latest).to_contain_text("Not Paid")

    # changing it back asks first, and says what happens to the interest
    latest.get_by_role("button", name="Change to Paid").click()
    dialog = page.get_by_role("dialog", name=f"Change week 1 of savings #{savings_id} to Paid?")
    expect(dialog).to_contain_text("added its interest of €21,000 to the balance")
    expect(dialog).to_contain_text("takes that €21,000 back out of the balance")
    shoot(page, "change-week-dialog")
    dialog.get_by_role("button", name="Cancel").click()
    expect(dialog).to_have_count(0)
    assert balance(server, savings_id) == 321_000  # Cancel changed nothing

    latest.get_by_role("button", name="Change to Paid").click()
    dialog.get_by_role("button", name="Change to Paid").click()
    expect(card.get_by_role("status")).to_have_text(
        "Week 1 changed to Paid: the €21,000 of interest it had added was taken back out of the balance."
    )
    expect(card).to_contain_text("Balance €300,000")
    expect(latest).to_contain_text("Paid")
    expect(latest.get_by_role("button", name="Change to Not Paid")).to_be_visible()
    assert balance(server, savings_id) == 300_000
    scroll_to_top(page)
    shoot(page, "week-changed-to-paid")


def test_the_history_panel_changes_the_latest_week_and_only_that_one(page: Page, server: Server, shoot):
    savings_id, name = savings_due_today(server, "Wren", 200_000, weeks=2)
    for _week in (1, 2):
        status, answer = server.api(
            "POST", f"/api/savings/{savings_id}/payment?payment_status=Paid", token=admin_token(server)
        )
        assert status == 200, answer

    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    open_tab(page, "Check Savings")
    page.get_by_label("Search player or savings").fill(name)
    # the search has reached the server: the list holds this account alone
    expect(page.get_by_text("Showing 1 of 1 active savings account", exact=True)).to_be_visible()
    card = page.get_by_test_id(f"check-savings-{savings_id}")
    card.get_by_role("button", name="History").click()
    history = card.get_by_role("region", name=f"Payment history of savings #{savings_id}")
    earlier = history.get_by_role("listitem").filter(has_text="Week 1")
    week = history.get_by_role("listitem").filter(has_text="Week 2")
    expect(week).to_contain_text("Paid")
    # every later week's interest depends on the one before: only the latest can change
    expect(earlier.get_by_role("button")).to_have_count(0)

    week.get_by_role("button", name="Change to Not Paid").click()
    dialog = page.get_by_role("dialog", name=f"Change week 2 of savings #{savings_id} to Not Paid?")
    expect(dialog).to_contain_text("its interest of €14,000 was paid out in the game")
    dialog.get_by_role("button", name="Change to Not Paid").click()
    expect(card.get_by_role("status")).to_have_text(
        "Week 2 changed to Not Paid: its interest of €14,000 was added to the balance."
    )
    expect(week).to_contain_text("Not Paid")
    expect(week).to_contain_text("+€14,000 compounded")
    expect(card).to_contain_text("Balance €214,000")

    # and back: the panel says the interest was taken back out, and the week shows where it came from
    week.get_by_role("button", name="Change to Paid").click()
    page.get_by_role("dialog", name=f"Change week 2 of savings #{savings_id} to Paid?").get_by_role(
        "button", name="Change to Paid"
    ).click()
    expect(card.get_by_role("status")).to_have_text(
        "Week 2 changed to Paid: the €14,000 of interest it had added was taken back out of the balance."
    )
    expect(week).to_contain_text("changed from Not Paid")
    expect(card).to_contain_text("Balance €200,000")
    scroll_to_top(page)
    shoot(page, "history-week-changed")

"""Credit panels on the player's dashboard and the admin's credit tabs, used as a person would."""

import re
import uuid

from bank_ui import open_and_sign_in, path_is, wait_until_live
from playwright.sync_api import Page, expect

from conftest import ADMIN_PASSWORD, ADMIN_SHOWN, ADMIN_USERNAME, Server

PASSWORD = "credit-pass-1"


def new_player(server: Server, prefix: str) -> tuple[int, str]:
    name = f"{prefix}{uuid.uuid4().hex[:6]}"
    status, answer = server.api(
        "POST", "/api/register", {"name": name, "discord": f"{name.lower()}.dc", "password": PASSWORD}
    )
    assert status == 201, answer
    return answer["id"], name


def test_player_sees_score_history_eligibility_and_a_live_adjustment(page: Page, server: Server, shoot):
    player_id, name = new_player(server, "Credo")
    open_and_sign_in(page, server.base_url, name, PASSWORD)
    expect(page).to_have_url(path_is("/dashboard"))

    # Overview: the two credit panels
    score_card = page.get_by_role("article").filter(has=page.get_by_role("heading", name="Credit Score", exact=True))
    expect(score_card).to_contain_text("0")
    expect(score_card).to_contain_text("Limited loan access")
    eligibility = page.get_by_role("article").filter(has=page.get_by_role("heading", name="Loan Eligibility"))
    expect(eligibility).to_contain_text("NOT ELIGIBLE")
    expect(eligibility).to_contain_text("You need at least 50 credit score points to apply for loans.")
    expect(eligibility).to_contain_text("Current deficit: 50 points")
    shoot(page, "overview")

    # Credit Score tab: score, empty history, benefits
    page.get_by_role("tab", name="Credit Score").click()
    expect(page.get_by_text("No credit score history yet")).to_be_visible()
    expect(page.get_by_text("Start banking to build your credit score!")).to_be_visible()
    expect(page.get_by_role("heading", name="Credit Score Benefits")).to_be_visible()
    page.evaluate("window.__samePage = true")
    wait_until_live(page)

    admin_token = server.login_token(ADMIN_USERNAME, ADMIN_PASSWORD)
    status, answer = server.api(
        "POST",
        "/api/admin/credit-score/adjust",
        {"player_id": player_id, "points_change": 160, "reason": "Won the guild tournament"},
        token=admin_token,
    )
    assert status == 200, answer

    # the history and the score update by themselves
    history = page.get_by_role("list", name="Credit score history")
    expect(history).to_contain_text("Manual Adjustment")
    expect(history).to_contain_text("Won the guild tournament")
    expect(history).to_contain_text("+160")
    expect(history).to_contain_text(f"Admin: {ADMIN_SHOWN}")
    expect(page.get_by_test_id("credit-score-value")).to_have_text("160")
    expect(
        page.get_by_role("article").filter(has=page.get_by_role("heading", name="Credit Score", exact=True))
    ).to_contain_text("Silver")
    assert page.evaluate("window.__samePage === true")
    shoot(page, "credit-score-tab")

    page.get_by_role("tab", name="Loan Eligibility").click()
    expect(page.get_by_test_id("eligibility-status")).to_have_text("ELIGIBLE")
    expect(page.get_by_text("€5,000,000").first).to_be_visible()
    shoot(page, "eligibility-tab")


def test_admin_adjusts_a_score_and_sees_the_table_update(page: Page, server: Server, shoot):
    player_id, name = new_player(server, "Adju")
    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    page.get_by_role("tab", name="Credit Score Overview").click()
    row = page.get_by_test_id(f"credit-row-{player_id}")
    expect(row).to_contain_text(name)
    expect(row).to_contain_text("0 / 300")

    row.get_by_role("button", name=f"Adjust {name}").click()
    dialog = page.get_by_role("dialog")
    apply = dialog.get_by_role("button", name="Apply")
    expect(apply).to_be_disabled()
    dialog.get_by_label("Points change").fill("25")
    expect(apply).to_be_disabled()  # a reason is required too
    dialog.get_by_label("Reason").fill("Invited a friend")
    expect(dialog.get_by_label("Kind")).to_have_value("manual_adjustment")
    dialog.get_by_label("Kind").select_option(label="Friend invite")
    expect(apply).to_be_enabled()
    shoot(page, "adjust-modal")
    apply.click()
    expect(page.get_by_text("Credit score adjusted successfully")).to_be_visible()
    expect(row).to_contain_text("25 / 300")

    row.get_by_role("button", name=f"-10 {name}").click()
    page.get_by_role("dialog", name=f"Take 10 points from {name} for a missed payment?").get_by_role(
        "button", name="Take 10 Points"
    ).click()
    expect(page.get_by_text("Penalty applied successfully")).to_be_visible()
    expect(row).to_contain_text("15 / 300")

    row.get_by_role("button", name=f"Reset {name}").click()
    page.get_by_role("dialog", name=f"Reset {name}'s credit score to 0 (loan default)?").get_by_role(
        "button", name="Reset to 0"
    ).click()
    expect(row).to_contain_text("0 / 300")
    shoot(page, "overview-table")

    # what the admin did is in the player's history, with the admin's name
    token = server.login_token(name, PASSWORD)
    status, history = server.api("GET", f"/api/players/{player_id}/credit-history", token=token)
    assert status == 200
    assert [e["action_type"] for e in history["history"]] == ["loan_defaulted", "payment_missed", "friend_invite"]
    assert {e["admin_user"] for e in history["history"]} == {ADMIN_SHOWN}


def test_admin_previews_and_executes_a_migration_for_one_player(page: Page, server: Server, shoot):
    player_id, name = new_player(server, "Migr")
    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    page.get_by_role("tab", name="Credit Score Migration").click()
    page.get_by_role("button", name="Preview Migration").click()
    expect(page.get_by_text("Total players")).to_be_visible()
    execute = page.get_by_role("button", name=re.compile(r"^Execute Migration"))
    expect(execute).to_have_text("Execute Migration (0 selected)")
    expect(execute).to_be_disabled()
    page.get_by_role("button", name="Select All").click()
    expect(execute).not_to_have_text("Execute Migration (0 selected)")
    page.get_by_role("button", name="Clear Selection").click()
    page.get_by_role("checkbox", name=f"Select {name}").check()
    expect(execute).to_have_text("Execute Migration (1 selected)")
    shoot(page, "preview")
    execute.click()
    page.get_by_role("dialog", name="Execute the credit score migration?").get_by_role(
        "button", name="Execute Migration"
    ).click()
    expect(page.get_by_text("Migration executed successfully")).to_be_visible()

    admin_token = server.login_token(ADMIN_USERNAME, ADMIN_PASSWORD)
    status, history = server.api("GET", f"/api/players/{player_id}/credit-history", token=admin_token)
    assert status == 200
    assert [e["action_type"] for e in history["history"]] == ["manual_adjustment"]
    assert "Credit score migration" in history["history"][0]["reason"]

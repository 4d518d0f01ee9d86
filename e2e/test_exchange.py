"""Pearl exchange in the browser: a player sells pearls into a new savings account, the admin
approves, the player sees the account without a reload; the admin changes the rates and the
player's open form shows them."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator

import pytest
from bank_ui import choose_theme, money, open_and_sign_in, open_tab, path_is, scroll_to_top, sign_in, wait_until_live
from playwright.sync_api import Browser, Page, expect

from conftest import ADMIN_PASSWORD, ADMIN_SHOWN, ADMIN_USERNAME, DEMO_PASSWORD, Server, watch_for_errors

PASSWORD = "pearls-pass-1"
SELL_LABEL = "Where should the money go?"
BUY_LABEL = "Select Savings Account to Deduct From"


def new_player(server: Server, prefix: str) -> tuple[int, str]:
    name = f"{prefix}{uuid.uuid4().hex[:6]}"
    status, answer = server.api(
        "POST", "/api/register", {"name": name, "discord": f"{name.lower()}.dc", "password": PASSWORD}
    )
    assert status == 201, answer
    return answer["id"], name


def admin_token(server: Server) -> str:
    return server.login_token(ADMIN_USERNAME, ADMIN_PASSWORD)


def rates(server: Server, token: str) -> dict:
    status, answer = server.api("GET", "/api/admin/pearl-exchange-settings", token=token)
    assert status == 200, answer
    return answer["settings"]


def per_pearl(rate: int) -> str:
    return f"€{rate:,} per pearl"


@pytest.fixture
def admin_page(browser: Browser) -> Iterator[Page]:
    """A second browser (its own context) for the admin, while `page` is the player."""
    context = browser.new_context(viewport={"width": 1280, "height": 1200})
    admin = context.new_page()
    errors = watch_for_errors(admin)
    yield admin
    context.close()
    assert not errors, f"JavaScript or CSP errors on the admin page: {errors}"


def test_a_sale_into_new_savings_approved_by_the_admin_shows_on_the_player_side_live(
    page: Page, admin_page: Page, server: Server, shoot
):
    player_id, name = new_player(server, "Perla")
    player_token = server.login_token(name, PASSWORD)
    sell_rate = rates(server, player_token)["sell_rate"]

    # --- the player fills the sell form ---------------------------------------------------------
    open_and_sign_in(page, server.base_url, name, PASSWORD)
    expect(page).to_have_url(path_is("/dashboard"))
    open_tab(page, "Exchange Pearls")
    expect(page.get_by_test_id("current-rate")).to_have_text(
        f"Pearls to bread. Current sell rate: {per_pearl(sell_rate)}"
    )
    destination = page.get_by_label(SELL_LABEL)
    expect(destination.locator("option")).to_have_text(
        ["Choose where the money goes", "Cash Out", "Create New Savings Account"]
    )
    submit = page.get_by_role("button", name="Submit Sell Request")
    expect(submit).to_be_disabled()

    # Buy first: a player without savings has nothing to pay from
    page.get_by_role("radio", name="Buy Pearls").check()
    expect(page.get_by_label(BUY_LABEL).locator("option")).to_have_text(["You have no active savings account"])
    expect(page.get_by_test_id("current-rate")).to_contain_text("Deducts from your savings")
    expect(page.get_by_role("region", name="Your exchange preview")).to_have_attribute("aria-busy", "false")
    scroll_to_top(page)
    shoot(page, "exchange-pearls-buy-without-savings")
    page.get_by_role("radio", name="Sell Pearls").check()

    page.get_by_label("Number of Pearls").fill("10")
    preview = page.get_by_role("region", name="Your exchange preview")
    expect(page.get_by_test_id("exchange-amount")).to_have_text(f"€{10 * sell_rate:,}")
    expect(page.get_by_test_id("exchange-calculation")).to_have_text(
        f"10 pearls × €{sell_rate:,} = €{10 * sell_rate:,}"
    )
    expect(preview).to_have_attribute("aria-busy", "false")
    destination.select_option(label="Create New Savings Account")
    expect(submit).to_be_enabled()
    scroll_to_top(page)
    shoot(page, "exchange-pearls-sell")
    submit.click()
    expect(page.get_by_role("status").filter(has_text="Pearl sell request")).to_have_text(
        "Pearl sell request submitted successfully! You will be contacted when it is processed."
    )
    expect(page.get_by_label("Number of Pearls")).to_have_value("")

    status, history = server.api("GET", f"/api/players/{player_id}/pearl-exchange-history", token=player_token)
    assert status == 200 and len(history["pearl_exchange_history"]) == 1, history
    request = history["pearl_exchange_history"][0]
    assert (request["exchange_type"], request["pearls_amount"], request["bread_amount"]) == ("sell", 10, 10 * sell_rate)

    open_tab(page, "Pearl History")
    card = page.get_by_test_id(f"exchange-{request['id']}")
    expect(card.get_by_role("heading")).to_have_text(f"Sell Pearls · Request #{request['id']}")
    expect(card).to_contain_text("Pending")
    expect(card).to_contain_text("New Savings Account")
    expect(card).to_contain_text(per_pearl(sell_rate))
    scroll_to_top(page)
    shoot(page, "pearl-history-pending")

    # the player waits on the form; the page is never reloaded from here on
    open_tab(page, "Exchange Pearls")
    page.evaluate("window.__samePage = true")
    wait_until_live(page)

    # --- the admin sees the badge and approves ---------------------------------------------------
    status, listed = server.api("GET", "/api/admin/pearl-exchange-requests?status=pending", token=admin_token(server))
    assert status == 200
    open_and_sign_in(admin_page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(admin_page).to_have_url(path_is("/admin-panel"))
    requests_tab = admin_page.get_by_role("tab", name=re.compile(r"^Pearl Exchange Requests"))
    badge = requests_tab.get_by_label(f"{listed['pending_count']} pending")
    expect(badge).to_be_visible()
    # the longest tab name and its badge stay inside the sidebar
    sidebar, badge_box = admin_page.get_by_role("tablist").bounding_box(), badge.bounding_box()
    assert sidebar is not None and badge_box is not None
    assert badge_box["x"] + badge_box["width"] <= sidebar["x"] + sidebar["width"], (badge_box, sidebar)
    open_tab(admin_page, "Pearl Exchange Requests")
    admin_card = admin_page.get_by_test_id(f"pearl-request-{request['id']}")
    expect(admin_card.get_by_role("heading")).to_have_text(f"{name}: Sell Pearls")
    expect(admin_card).to_contain_text("10 pearls")
    expect(admin_card).to_contain_text(f"€{10 * sell_rate:,}")
    expect(admin_card).to_contain_text(per_pearl(sell_rate))
    scroll_to_top(admin_page)
    shoot(admin_page, "admin-pearl-requests")
    admin_card.get_by_role("button", name=f"Approve {name}'s pearl request #{request['id']}").click()
    dialog = admin_page.get_by_role("dialog", name="Approve pearl exchange")
    dialog.get_by_label("Approval notes (optional)").fill("Welcome to savings")
    shoot(admin_page, "admin-approve-pearl-modal")
    dialog.get_by_role("button", name="Approve", exact=True).click()
    expect(admin_page.get_by_role("status").filter(has_text="approved")).to_have_text(
        "Pearl exchange request approved."
    )
    expect(admin_card).to_contain_text(f"Approved by {ADMIN_SHOWN}")
    expect(admin_card.get_by_role("button")).to_have_count(0)
    if listed["pending_count"] > 1:
        expect(requests_tab.get_by_label(f"{listed['pending_count'] - 1} pending")).to_be_visible()
    else:
        expect(requests_tab.get_by_label(re.compile(r"pending$"))).to_have_count(0)

    # --- the player's side shows the new account, without a reload --------------------------------
    status, bank = server.api("GET", "/api/me/bank-data", token=player_token)
    assert status == 200 and len(bank["savings"]) == 1, bank
    savings = bank["savings"][0]
    assert (savings["invested_value"], savings["status"]) == (10 * sell_rate, "Active"), savings
    # My Savings is another helper's screen; the new account shows here as a place for the next sale
    expect(destination.locator("option", has_text=f"Savings Account #{savings['id']}")).to_have_text(
        f"Add to Savings Account #{savings['id']} (€{10 * sell_rate:,})"
    )
    page.get_by_role("radio", name="Buy Pearls").check()
    expect(page.get_by_label(BUY_LABEL).locator("option")).to_have_text(
        ["Choose a savings account", f"Savings Account #{savings['id']} (€{10 * sell_rate:,} available)"]
    )
    expect(preview).to_have_attribute("aria-busy", "false")
    scroll_to_top(page)
    shoot(page, "exchange-pearls-buy-with-new-savings")
    open_tab(page, "Pearl History")
    expect(card).to_contain_text(f"Approved by {ADMIN_SHOWN}")
    expect(card).to_contain_text(f"into Savings Account #{savings['id']}")
    expect(card).to_contain_text("Admin notes: Welcome to savings")
    assert page.evaluate("window.__samePage") is True, "the page was reloaded"
    scroll_to_top(page)
    shoot(page, "pearl-history-approved")


def test_new_rates_from_the_admin_reach_the_open_player_form(page: Page, admin_page: Page, server: Server, shoot):
    _player_id, name = new_player(server, "Rata")
    token = admin_token(server)
    before = rates(server, token)
    new_sell, new_buy = before["sell_rate"] + 100, before["buy_rate"] + 100
    try:
        open_and_sign_in(page, server.base_url, name, PASSWORD)
        open_tab(page, "Exchange Pearls")
        page.get_by_label("Number of Pearls").fill("4")
        amount = page.get_by_test_id("exchange-amount")
        expect(amount).to_have_text(f"€{4 * before['sell_rate']:,}")
        page.evaluate("window.__samePage = true")
        wait_until_live(page)

        open_and_sign_in(admin_page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
        open_tab(admin_page, "Pearl Exchange Settings")
        sell_field = admin_page.get_by_label("Sell Rate (bread per pearl)")
        expect(sell_field).to_have_value(str(before["sell_rate"]))
        expect(admin_page.get_by_label("Buy Rate (bread per pearl)")).to_have_value(str(before["buy_rate"]))
        # a sell rate at or above the buy rate is refused, and nothing changes
        sell_field.fill(str(before["buy_rate"]))
        admin_page.get_by_role("button", name="Update Exchange Rates").click()
        expect(admin_page.get_by_role("alert")).to_have_text(
            "Error updating exchange rates: The sell rate must be lower than the buy rate"
        )
        shoot(admin_page, "pearl-settings-refused")
        sell_field.fill(str(new_sell))
        admin_page.get_by_label("Buy Rate (bread per pearl)").fill(str(new_buy))
        admin_page.get_by_role("button", name="Update Exchange Rates").click()
        expect(admin_page.get_by_role("status").filter(has_text="updated")).to_have_text(
            "Exchange rates updated successfully!"
        )
        expect(admin_page.get_by_test_id("current-sell-rate")).to_have_text(per_pearl(new_sell))
        expect(admin_page.get_by_test_id("rates-updated")).to_have_text(
            re.compile(rf"^Last updated .+ by {ADMIN_SHOWN}$")
        )
        scroll_to_top(admin_page)
        shoot(admin_page, "pearl-settings")

        # the player's open form follows, without a reload
        expect(page.get_by_test_id("current-rate")).to_have_text(
            f"Pearls to bread. Current sell rate: {per_pearl(new_sell)}"
        )
        expect(amount).to_have_text(f"€{4 * new_sell:,}")
        assert money(amount.inner_text()) == 4 * new_sell
        expect(page.get_by_test_id("buy-rate")).to_have_text(per_pearl(new_buy))
        assert page.evaluate("window.__samePage") is True, "the page was reloaded"
        scroll_to_top(page)
        shoot(page, "exchange-pearls-new-rate")
    finally:
        status, answer = server.api(
            "PUT",
            f"/api/admin/pearl-exchange-settings?sell_rate={before['sell_rate']}&buy_rate={before['buy_rate']}",
            token=token,
        )
        assert status == 200, answer


def test_the_demo_players_exchanges_in_history_and_in_the_admin_list(
    page: Page, admin_page: Page, server: Server, shoot
):
    """The seeded exchanges (both directions, every status) as each side sees them."""
    open_and_sign_in(page, server.base_url, "Cyra", DEMO_PASSWORD)
    open_tab(page, "Pearl History")
    cards = page.get_by_role("article").filter(has=page.get_by_role("heading", name=re.compile(r"Pearls · Request #")))
    expect(cards.filter(has_text="Denied").filter(has_text="Buy Pearls")).to_contain_text(
        "Admin notes: Pearls are out of stock this week."
    )
    expect(cards.filter(has_text="Sell Pearls").filter(has_text="Pending")).to_contain_text("New Savings Account")
    scroll_to_top(page)
    shoot(page, "pearl-history-seeded")

    open_and_sign_in(admin_page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    open_tab(admin_page, "Pearl Exchange Requests")
    admin_page.get_by_label("Show").select_option(label="Denied")
    denied = admin_page.get_by_role("article").filter(has_text="Cyra: Buy Pearls")
    expect(denied).to_contain_text("Denied")
    expect(denied.get_by_role("button")).to_have_count(0)
    shoot(admin_page, "admin-pearl-requests-denied")


@pytest.mark.parametrize("theme", ["Light", "Sunset"])
def test_exchange_screens_in_other_themes(page: Page, admin_page: Page, server: Server, shoot, theme: str):
    """A demo player with savings buys pearls (the form, before sending), and the admin's two screens."""
    page.goto(server.url("/"))
    choose_theme(page, theme)
    sign_in(page, "Borin", DEMO_PASSWORD)
    open_tab(page, "Exchange Pearls")
    page.get_by_role("radio", name="Buy Pearls").check()
    source = page.get_by_label(BUY_LABEL)
    expect(source.locator("option")).not_to_have_count(1)
    source.select_option(index=1)
    page.get_by_label("Number of Pearls").fill("2")
    expect(page.get_by_test_id("exchange-calculation")).to_contain_text("2 pearls ×")
    expect(page.get_by_role("region", name="Your exchange preview")).to_have_attribute("aria-busy", "false")
    expect(page.get_by_role("button", name="Submit Buy Request")).to_be_enabled()
    scroll_to_top(page)
    shoot(page, "exchange-pearls-buy")

    admin_page.goto(server.url("/"))
    choose_theme(admin_page, theme)
    sign_in(admin_page, ADMIN_USERNAME, ADMIN_PASSWORD)
    open_tab(admin_page, "Pearl Exchange Requests")
    expect(admin_page.get_by_role("button", name=re.compile(r"^Approve .+'s pearl request #")).first).to_be_visible()
    scroll_to_top(admin_page)
    shoot(admin_page, "admin-pearl-requests")
    open_tab(admin_page, "Pearl Exchange Settings")
    expect(admin_page.get_by_role("button", name="Update Exchange Rates")).to_be_enabled()
    shoot(admin_page, "admin-pearl-settings")


def open_savings_for(server: Server, player_id: int, amount: int) -> int:
    status, savings = server.api(
        "POST", "/api/savings", {"player_id": player_id, "invested_value": amount}, token=admin_token(server)
    )
    assert status == 201, savings
    return savings["id"]


def test_a_sale_into_a_new_account_past_the_account_cap_is_refused_when_filed(page: Page, server: Server, shoot):
    player_id, name = new_player(server, "Capa")
    for _ in range(3):  # a new client's cap: 3 active savings accounts
        open_savings_for(server, player_id, 100_000)

    open_and_sign_in(page, server.base_url, name, PASSWORD)
    expect(page).to_have_url(path_is("/dashboard"))
    open_tab(page, "Exchange Pearls")
    page.get_by_label("Number of Pearls").fill("2")
    page.get_by_label(SELL_LABEL).select_option(label="Create New Savings Account")
    page.get_by_role("button", name="Submit Sell Request").click()
    # refused now, with approval's own words, like every other refusal of the form
    expect(page.get_by_role("alert")).to_have_text(
        "Failed to submit pearl exchange request: "
        "New clients can hold at most 3 active savings accounts (this player has 3)"
    )
    status, history = server.api(
        "GET", f"/api/players/{player_id}/pearl-exchange-history", token=server.login_token(name, PASSWORD)
    )
    assert status == 200 and history["pearl_exchange_history"] == [], history
    scroll_to_top(page)
    shoot(page, "sale-past-the-cap-refused")


def test_a_purchase_the_savings_cannot_cover_is_refused_with_the_forms_prefix(page: Page, server: Server):
    player_id, name = new_player(server, "Lowa")
    savings_id = open_savings_for(server, player_id, 5_000)
    buy_rate = rates(server, admin_token(server))["buy_rate"]

    open_and_sign_in(page, server.base_url, name, PASSWORD)
    open_tab(page, "Exchange Pearls")
    page.get_by_role("radio", name="Buy Pearls").check()
    page.get_by_label("Number of Pearls").fill("9")
    page.get_by_label(BUY_LABEL).select_option(value=str(savings_id))
    page.get_by_role("button", name="Submit Buy Request").click()
    expect(page.get_by_role("alert")).to_have_text(
        "Failed to submit pearl exchange request: "
        f"Savings Account #{savings_id} holds €5,000, not enough to pay €{9 * buy_rate:,} for 9 pearls"
    )

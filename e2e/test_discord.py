"""Linking a Discord account in the browser (issue 36, part 1), against testkit's fake of Discord: its
authorize page stands in for Discord's and sends the browser straight back with a code and the state."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from bank_ui import assert_accessible, assert_no_sideways_scroll, open_and_sign_in, open_tab, path_is, wait_until_live
from playwright.sync_api import Page, expect
from test_loans import PASSWORD, admin_token, new_player

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, Server, _base_env, _start_daphne, _stop
from testkit.discord_api import DiscordUser, FakeDiscordApi, fake_discord_api

# one worker runs them all: the fake and the server of its own start once (make test-e2e: --dist loadgroup)
pytestmark = pytest.mark.xdist_group("discord")

USED = "This Discord link has expired or was already used: press Link Discord again."
TAKEN = (
    "This Discord account is already linked to another bank account. Unlink it there first, or link another "
    "Discord account."
)


@pytest.fixture(scope="module")
def discord() -> Iterator[FakeDiscordApi]:
    with fake_discord_api() as fake:
        yield fake


@pytest.fixture(scope="module")
def discord_server(database_url: str, discord: FakeDiscordApi) -> Iterator[Server]:
    """A server of the same bank with its Discord application pointed at the fake."""
    process, base_url, log_path = _start_daphne(_base_env(database_url) | discord.settings(), "discord")
    yield Server(base_url, log_path, database_url)
    _stop(process)


def link_from_overview(page: Page) -> str:
    """Press Link Discord on the Overview; answers the address Discord sent the browser back to."""
    card = page.get_by_role("article").filter(has=page.get_by_role("heading", name="Discord", exact=True))
    with page.expect_request(lambda request: "/discord/linked?" in request.url) as back:
        card.get_by_role("button", name="Link Discord").click()
    return back.value.url


def test_a_player_links_discord_and_a_used_link_or_a_taken_account_is_refused(
    page: Page, discord_server: Server, discord: FakeDiscordApi, shoot
):
    discord.user = DiscordUser(id="515000515000515005", username="aria_dc")
    player_id, name = new_player(discord_server, "Disco")
    open_and_sign_in(page, discord_server.base_url, name, PASSWORD)
    expect(page).to_have_url(path_is("/dashboard"))
    wait_until_live(page)
    card = page.get_by_role("article").filter(has=page.get_by_role("heading", name="Discord", exact=True))
    expect(card).to_contain_text("Link your Discord account")
    shoot(page, "overview-unlinked")
    assert_accessible(page, "the Overview with its Discord card")

    came_back = link_from_overview(page)
    expect(page).to_have_url(path_is("/discord/linked"))
    expect(page.get_by_role("status")).to_have_text("Your Discord account aria_dc is linked.")
    shoot(page, "linked")
    assert_accessible(page, "/discord/linked")
    page.set_viewport_size({"width": 375, "height": 700})
    assert_no_sideways_scroll(page, "/discord/linked at 375 px")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.get_by_role("button", name="Back to the bank").click()
    expect(page).to_have_url(path_is("/dashboard"))
    expect(card.get_by_test_id("discord-linked")).to_contain_text("aria_dc")

    # an officer sees it on the player's card
    status, found = discord_server.api("GET", f"/api/search/players?term={name}", token=admin_token(discord_server))
    assert status == 200, found
    assert [(row["id"], row["discord_linked"]) for row in found["players"]] == [(player_id, True)]

    # the same return address again: its state is spent
    page.goto(came_back)
    expect(page.get_by_role("alert")).to_have_text(USED)
    shoot(page, "state-used-twice")
    page.get_by_role("button", name="Back to the bank").click()

    # unlinking is one click, and the card offers the link again
    card.get_by_role("button", name="Unlink Discord").click()
    expect(card.get_by_role("status")).to_have_text("Your Discord account was unlinked.")
    expect(card.get_by_role("button", name="Link Discord")).to_be_visible()
    link_from_overview(page)
    expect(page.get_by_role("status")).to_have_text("Your Discord account aria_dc is linked.")


def test_a_discord_account_linked_to_another_player_is_refused(
    page: Page, discord_server: Server, discord: FakeDiscordApi, shoot
):
    discord.user = DiscordUser(id="616000616000616006", username="shared_dc")
    _first_id, first = new_player(discord_server, "Firsty")
    _second_id, second = new_player(discord_server, "Secondo")
    open_and_sign_in(page, discord_server.base_url, first, PASSWORD)
    expect(page).to_have_url(path_is("/dashboard"))
    link_from_overview(page)
    expect(page.get_by_role("status")).to_have_text("Your Discord account shared_dc is linked.")
    page.get_by_role("button", name="Back to the bank").click()
    page.get_by_role("button", name="Logout").click()

    open_and_sign_in(page, discord_server.base_url, second, PASSWORD)
    expect(page).to_have_url(path_is("/dashboard"))
    link_from_overview(page)
    expect(page.get_by_role("alert")).to_have_text(TAKEN)
    shoot(page, "already-linked-elsewhere")
    page.get_by_role("button", name="Back to the bank").click()
    card = page.get_by_role("article").filter(has=page.get_by_role("heading", name="Discord", exact=True))
    expect(card.get_by_role("button", name="Link Discord")).to_be_visible()


def test_an_officer_links_discord_from_the_security_screen(
    page: Page, discord_server: Server, discord: FakeDiscordApi, shoot
):
    discord.user = DiscordUser(id="717000717000717007", username="officer_dc")
    open_and_sign_in(page, discord_server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    open_tab(page, "Security")
    card = page.get_by_role("article").filter(has=page.get_by_role("heading", name="Discord", exact=True))
    with page.expect_request(lambda request: "/discord/linked?" in request.url):
        card.get_by_role("button", name="Link Discord").click()
    expect(page.get_by_role("status")).to_have_text("Your Discord account officer_dc is linked.")
    page.get_by_role("button", name="Back to the bank").click()
    expect(page).to_have_url(path_is("/admin-panel"))
    open_tab(page, "Security")
    expect(card.get_by_test_id("discord-linked")).to_contain_text("officer_dc")
    shoot(page, "security-linked")
    card.get_by_role("button", name="Unlink Discord").click()  # the admin is every test's: leave it unlinked
    expect(card.get_by_role("button", name="Link Discord")).to_be_visible()

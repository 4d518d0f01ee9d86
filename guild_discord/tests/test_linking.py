"""Linking a bank account to a Discord account (issue 36, part 1): Discord's OAuth2 code flow with a
signed, single-use state bound to the user, against testkit's fake Discord."""

import pytest
from django.test import override_settings

from accounts.models import User
from accounts.tests.factories import PlayerFactory
from bank.models import AuditEntry
from conftest import bearer_for
from guild_discord import rules
from guild_discord.models import LinkState
from guild_discord.tests.helpers import authorize
from testkit.discord_api import DiscordUser
from testkit.queries import AUTH_QUERIES

pytestmark = pytest.mark.django_db


def start(api) -> dict[str, str]:
    answer = api.post("/api/discord/link")
    assert answer.status_code == 200, answer.json()
    return authorize(answer.json()["authorize_url"])


def test_a_player_links_their_discord_account_and_sees_it(discord_api, player, player_api):
    back = start(player_api)
    answer = player_api.post("/api/discord/link/complete", back, format="json")
    assert answer.status_code == 200, answer.json()
    assert answer.json() == {
        "enabled": True,
        "linked": True,
        "discord_id": discord_api.user.id,
        "discord_username": "linky",
    }
    player.user.refresh_from_db()
    assert (player.user.discord_id, player.user.discord_username) == (discord_api.user.id, "linky")
    assert player_api.get("/api/discord/link").json()["linked"] is True
    entry = AuditEntry.objects.get(kind="discord.linked")
    assert (entry.player_id, entry.actor_id, entry.after["discord_id"]) == (
        player.pk,
        player.user.pk,
        discord_api.user.id,
    )
    # the code was exchanged once, with the bank's client and the redirect it was issued for
    [exchange] = discord_api.calls_to("POST", "/oauth2/token")
    assert exchange.body["client_id"] == discord_api.client_id
    assert exchange.body["redirect_uri"] == "http://testserver/discord/linked"
    [me] = discord_api.calls_to("GET", "/users/@me")
    assert me.headers["Authorization"].startswith("Bearer ")


def test_the_authorize_address_asks_for_identify_only_with_a_signed_state(discord_api, player_api):
    from urllib.parse import parse_qs, urlsplit

    url = player_api.post("/api/discord/link").json()["authorize_url"]
    assert url.startswith(discord_api.authorize_url + "?")
    query = parse_qs(urlsplit(url).query)
    assert query["scope"] == ["identify"] and query["response_type"] == ["code"]
    assert query["client_id"] == [discord_api.client_id]
    assert query["redirect_uri"] == ["http://testserver/discord/linked"]
    assert ":" in query["state"][0]  # django.core.signing's signature


def test_a_state_is_used_once(discord_api, player, player_api):
    back = start(player_api)
    assert player_api.post("/api/discord/link/complete", back, format="json").status_code == 200
    again = player_api.post("/api/discord/link/complete", back, format="json")
    assert (again.status_code, again.json()["detail"]) == (400, rules.STATE_REFUSED)
    assert LinkState.objects.get().used_at is not None
    assert len(discord_api.calls_to("POST", "/oauth2/token")) == 1  # the reused state never reached Discord


def test_a_state_started_by_another_account_is_refused(discord_api, player_api, other_player):
    back = start(bearer_for(other_player.user))
    answer = player_api.post("/api/discord/link/complete", back, format="json")
    assert (answer.status_code, answer.json()["detail"]) == (400, rules.STATE_NOT_YOURS)
    assert not User.objects.exclude(discord_id=None).exists()


def test_a_forged_or_expired_state_is_refused(discord_api, player, player_api, bank_clock):
    back = start(player_api)
    forged = player_api.post("/api/discord/link/complete", {**back, "state": back["state"] + "x"}, format="json")
    assert (forged.status_code, forged.json()["detail"]) == (400, rules.STATE_REFUSED)
    bank_clock.shift(rules.LINK_STATE_SECONDS + 1)
    late = bearer_for(player.user).post("/api/discord/link/complete", back, format="json")
    assert (late.status_code, late.json()["detail"]) == (400, rules.STATE_REFUSED)


def test_a_discord_account_linked_to_another_bank_account_is_refused(discord_api, player, player_api, other_player):
    other = bearer_for(other_player.user)
    assert other.post("/api/discord/link/complete", start(other), format="json").status_code == 200
    answer = player_api.post("/api/discord/link/complete", start(player_api), format="json")
    assert (answer.status_code, answer.json()["detail"]) == (409, rules.ALREADY_LINKED)
    player.user.refresh_from_db()
    assert player.user.discord_id is None
    assert AuditEntry.objects.filter(kind="discord.linked").count() == 1


def test_a_code_discord_refuses_links_nothing(discord_api, player, player_api):
    back = start(player_api)
    answer = player_api.post("/api/discord/link/complete", {**back, "code": "made-up"}, format="json")
    assert (answer.status_code, answer.json()["detail"]) == (400, rules.DISCORD_REFUSED)
    player.user.refresh_from_db()
    assert player.user.discord_id is None


def test_relinking_replaces_the_account_and_unlinking_is_one_call(discord_api, player, player_api):
    assert player_api.post("/api/discord/link/complete", start(player_api), format="json").status_code == 200
    discord_api.user = DiscordUser(id="222000222000222002", username="second")
    assert (
        player_api.post("/api/discord/link/complete", start(player_api), format="json").json()["discord_username"]
        == "second"
    )
    answer = player_api.delete("/api/discord/link")
    assert answer.json() == {"enabled": True, "linked": False, "discord_id": None, "discord_username": ""}
    entry = AuditEntry.objects.get(kind="discord.unlinked")
    assert entry.before["discord_id"] == "222000222000222002"
    again = player_api.delete("/api/discord/link")
    assert (again.status_code, again.json()["detail"]) == (409, rules.NOT_LINKED)


def test_an_officer_links_their_own_account(discord_api, admin_user, admin_api):
    answer = admin_api.post("/api/discord/link/complete", start(admin_api), format="json")
    assert answer.status_code == 200, answer.json()
    admin_user.refresh_from_db()
    assert admin_user.discord_id == discord_api.user.id
    assert AuditEntry.objects.get(kind="discord.linked").player_id is None


def test_with_no_client_set_linking_is_off(player_api):
    with override_settings(DISCORD_CLIENT_ID="", DISCORD_CLIENT_SECRET=""):
        assert player_api.get("/api/discord/link").json()["enabled"] is False
        answer = player_api.post("/api/discord/link")
    assert (answer.status_code, answer.json()["detail"]) == (409, rules.LINKING_OFF)


def test_linking_needs_a_signed_in_caller(api):
    assert api.post("/api/discord/link").status_code == 401


def test_an_officer_sees_whether_a_player_is_linked_in_the_same_queries(
    discord_api, admin_api, player, player_api, django_assert_num_queries
):
    unlinked = PlayerFactory()
    player_api.post("/api/discord/link/complete", start(player_api), format="json")
    with django_assert_num_queries(AUTH_QUERIES + 2):
        found = admin_api.get("/api/search/players", {"term": "Player"}).json()
    linked = {row["id"]: row["discord_linked"] for row in found["players"]}
    assert linked[player.pk] is True and linked[unlinked.pk] is False


def test_a_link_and_an_unlink_send_the_players_notice(discord_api, player, player_api, monkeypatch):
    from guild_discord import linking

    sent = []
    monkeypatch.setattr(
        linking.live, "notify", lambda kinds, player_ids=(): sent.append((set(kinds), list(player_ids)))
    )
    player_api.post("/api/discord/link/complete", start(player_api), format="json")
    player_api.delete("/api/discord/link")
    assert sent == [({"players"}, [player.pk]), ({"players"}, [player.pk])]


@pytest.mark.django_db(transaction=True)
def test_one_state_completed_twice_at_once_links_once(discord_api, player):
    from testkit.threads import run_at_once

    back = start(bearer_for(player.user))
    answers = run_at_once(
        lambda index: bearer_for(player.user).post("/api/discord/link/complete", back, format="json"), threads=4
    )
    assert sorted(answer.status_code for answer in answers) == [200, 400, 400, 400]
    assert len(discord_api.calls_to("POST", "/oauth2/token")) == 1
    assert AuditEntry.objects.filter(kind="discord.linked").count() == 1


def test_a_discord_that_does_not_answer_links_nothing_and_says_so(discord_api, player, player_api):
    back = start(player_api)
    with override_settings(DISCORD_API_BASE="http://127.0.0.1:9/api/v10"):  # nothing listens there
        answer = player_api.post("/api/discord/link/complete", back, format="json")
    assert (answer.status_code, answer.json()["detail"]) == (503, rules.DISCORD_UNREACHABLE)
    player.user.refresh_from_db()
    assert player.user.discord_id is None

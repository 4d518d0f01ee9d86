"""The interactions endpoint (issue 36, part 2): Discord's Ed25519 signature over timestamp and body,
refused when wrong or stale; PING; each interaction acted on once; `/bank balance`."""

import json
import time

import pytest
from django.test import override_settings
from nacl.signing import SigningKey

from accounts.models import User
from accounts.tests.factories import AdminFactory, PlayerFactory
from guild_discord import rules
from guild_discord.models import Interaction
from guild_discord.tests.helpers import PUBLIC_KEY, command, signed
from lending.tests.factories import LoanFactory, SavingsFactory
from testkit.threads import run_at_once

pytestmark = pytest.mark.django_db

LINKED = "333000333000333003"


@pytest.fixture(autouse=True)
def _public_key():
    with override_settings(DISCORD_PUBLIC_KEY=PUBLIC_KEY):
        yield


def linked_player(**fields):
    player = PlayerFactory(**fields)
    User.objects.filter(pk=player.user_id).update(discord_id=LINKED, discord_username="linked")
    return player


def test_a_ping_is_answered_with_a_pong(api):
    answer = signed(api, {"id": "1", "type": 1, "application_id": "4242", "token": "t", "version": 1})
    assert (answer.status_code, answer.json()) == (200, {"type": 1})
    assert not Interaction.objects.exists()


def test_a_bad_signature_is_refused_with_401(api):
    other_key = SigningKey(b"somebody-else-s-key-32-bytes-xx!")
    answer = signed(api, {"id": "1", "type": 1}, key=other_key)
    assert (answer.status_code, answer.json()["detail"]) == (401, "invalid request signature")
    unsigned = api.post("/api/discord/interactions", {"id": "1", "type": 1}, format="json")
    assert unsigned.status_code == 401
    # a body changed after signing
    body, timestamp = b'{"id": "1", "type": 1}', str(int(time.time()))
    signature = SigningKey(b"guild-bank-tests-discord-key-32b").sign(timestamp.encode() + body).signature.hex()
    changed = api.generic(
        "POST",
        "/api/discord/interactions",
        b'{"id": "1", "type": 2}',
        content_type="application/json",
        HTTP_X_SIGNATURE_ED25519=signature,
        HTTP_X_SIGNATURE_TIMESTAMP=timestamp,
    )
    assert changed.status_code == 401


def test_a_timestamp_older_than_five_minutes_is_refused_with_401(api):
    player = linked_player()
    stale = signed(api, command("5001", LINKED), at=time.time() - 301)
    assert (stale.status_code, stale.json()["detail"]) == (401, "stale request timestamp")
    assert not Interaction.objects.exists()
    fresh = signed(api, command("5001", LINKED), at=time.time() - 240)
    assert fresh.status_code == 200 and player.name in fresh.json()["data"]["content"]


def test_with_no_public_key_the_endpoint_is_off(api):
    with override_settings(DISCORD_PUBLIC_KEY=""):
        answer = signed(api, {"id": "1", "type": 1})
    assert (answer.status_code, answer.json()["code"]) == (401, "discord_off")


def test_bank_balance_answers_a_linked_player_privately(api):
    player = linked_player(credit_score=120)
    SavingsFactory(player=player, invested_value=2_000_000)
    LoanFactory(player=player, value=1_000_000)  # 1,300,000 to pay, nothing paid yet
    answer = signed(api, command("5002", LINKED))
    assert answer.status_code == 200
    body = answer.json()
    assert body["type"] == 4 and body["data"]["flags"] == 64
    lines = body["data"]["content"].splitlines()
    assert lines[0] == f"**{player.name}**"
    assert "Savings: €2,000,000 in 1 active account" in lines
    assert "Loans still to pay: €1,300,000 on 1 active loan" in lines
    assert any(line.startswith("Credit score: 120/") for line in lines)
    assert not any("bad payer" in line for line in lines)


def test_bank_balance_tells_a_bad_payer_so(api):
    linked_player(bad_payer=True)
    content = signed(api, command("5003", LINKED)).json()["data"]["content"]
    assert "Savings: €0 in 0 active accounts" in content
    assert "Marked as a bad payer" in content


def test_an_unlinked_discord_user_is_sent_the_link(api):
    PlayerFactory()
    answer = signed(api, command("5004", "999999999999999999"))
    data = answer.json()["data"]
    assert data["flags"] == 64
    assert "not linked" in data["content"] and "http://testserver/" in data["content"]
    assert "Link Discord" in data["content"]


def test_an_officer_linked_account_is_not_a_players(api):
    AdminFactory(discord_id=LINKED)
    content = signed(api, command("5005", LINKED)).json()["data"]["content"]
    assert "officer" in content


def test_a_replayed_interaction_id_gets_the_first_answer_without_acting_again(api):
    player = linked_player()
    first = signed(api, command("5006", LINKED)).json()
    User.objects.filter(pk=player.user_id).update(discord_id=None)  # what it would answer now differs
    again = signed(api, command("5006", LINKED)).json()
    assert again == first
    assert Interaction.objects.filter(pk="5006").count() == 1


@pytest.mark.django_db(transaction=True)
def test_one_interaction_delivered_by_many_at_once_is_acted_on_once(monkeypatch):
    linked_player()
    from guild_discord import commands

    acted = []
    real = commands.run

    def counted(interaction, *, site_url):
        acted.append(interaction["id"])
        time.sleep(0.05)
        return real(interaction, site_url=site_url)

    monkeypatch.setattr(commands, "run", counted)
    from rest_framework.test import APIClient

    answers = run_at_once(lambda index: signed(APIClient(), command("5007", LINKED)), threads=6)
    assert all(answer.status_code == 200 for answer in answers), answers
    assert acted == ["5007"]
    # the same answer (PostgreSQL's jsonb keeps the replayed one's keys in an order of its own)
    assert len({json.dumps(answer.json(), sort_keys=True) for answer in answers}) == 1


def test_the_commands_are_registered_with_discord_by_a_bulk_overwrite(discord_api):
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("discord_commands", "--sync", stdout=out)
    assert out.getvalue().strip() == "Registered with Discord: bank"
    [sent] = discord_api.calls_to("PUT", "/applications/4242/commands")
    assert sent.headers["Authorization"] == "Bot fake-bot-token"
    [bank] = sent.body
    assert bank["name"] == "bank" and [option["name"] for option in bank["options"]] == [
        "balance",
        "loans",
        "savings",
        "credit",
        "quote",
        "loan",
        "withdraw",
    ]


def test_the_ids_no_replay_can_reach_are_forgotten(api, bank_clock):
    linked_player()
    signed(api, command("5008", LINKED))
    bank_clock.shift(rules.INTERACTIONS_KEPT_SECONDS + 1)
    signed(api, command("5009", LINKED))
    assert list(Interaction.objects.values_list("pk", flat=True)) == ["5009"]

"""Simultaneous registrations: one claim of an admin-made player, one owner of a name.

Threads (each with its own connection) and two real server processes. On PostgreSQL the
identity lock and the row locks decide; on SQLite the IMMEDIATE transactions do.
"""

from collections import Counter

import pytest
from rest_framework.test import APIClient

from accounts.models import Player
from accounts.tests.factories import PlayerFactory
from testkit.servers import asgi_server, call, env_for_test_database
from testkit.threads import run_at_once

THREADS = 20


def register(body: dict) -> tuple[int, dict]:
    response = APIClient().post("/api/register", body, format="json")
    return response.status_code, response.json()


def dax_claim(index: int) -> dict:
    return {"name": "Dax", "discord": "dax.guild", "password": f"claimed-by-{index:02d}"}


def assert_one_claim(answers: list[tuple[int, dict]]) -> None:
    assert Counter(status for status, _ in answers) == {201: 1, 400: THREADS - 1}, answers
    assert {body["detail"] for status, body in answers if status == 400} == {"Player name 'Dax' is already taken"}
    assert Player.objects.count() == 1
    winner = next(index for index, (status, _) in enumerate(answers) if status == 201)
    dax = Player.objects.select_related("user").get()
    assert dax.user is not None
    assert dax.user.check_password(f"claimed-by-{winner:02d}")


@pytest.mark.django_db(transaction=True)
def test_twenty_simultaneous_claims_of_an_admin_made_player_give_one_account():
    PlayerFactory(name="Dax", discord="dax.guild", user=None)
    answers = run_at_once(lambda index: register(dax_claim(index)), threads=THREADS)
    assert_one_claim(answers)


@pytest.mark.django_db(transaction=True)
def test_twenty_claims_across_two_server_processes_give_one_account():
    PlayerFactory(name="Dax", discord="dax.guild", user=None)
    env = env_for_test_database()
    with asgi_server(env) as server_a, asgi_server(env) as server_b:
        servers = [server_a, server_b]
        answers = run_at_once(
            lambda index: call(servers[index % 2], "POST", "/api/register", dax_claim(index)), threads=THREADS
        )
    assert_one_claim(answers)


@pytest.mark.django_db(transaction=True)
def test_a_name_and_an_equal_discord_registered_at_once_cannot_both_pass():
    """Half take 'Shared' as their name, half as their discord: one namespace, one owner."""

    def one(index: int) -> tuple[int, dict]:
        if index % 2:
            return register({"name": "Shared", "discord": f"discord-{index}", "password": "long-enough"})
        return register({"name": f"Name{index}", "discord": "shared", "password": "long-enough"})

    answers = run_at_once(one, threads=THREADS)
    assert Counter(status for status, _ in answers) == {201: 1, 400: THREADS - 1}, answers
    owner = Player.objects.get()
    assert "shared" in {owner.name.lower(), owner.discord.lower()}

"""The writes an officer may need to send again after a lost answer (a 503 that "may have been
saved") honour Idempotency-Key: a credit adjustment, a penalty, the credit migration, New Player and
a new officer. The same key and input answer the first answer and change nothing twice; the same
key with other input answers 422 and changes nothing."""

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from accounts.models import Player, User
from accounts.tests.factories import PlayerFactory
from bank.models import IdempotencyRecord, Proposal
from credit.models import CreditEvent

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class Write:
    method: str
    path: str
    body: Callable[[Player], dict]
    other_body: Callable[[Player], dict]
    status: int

    def send(self, client, player: Player, body: Callable[[Player], dict], key: str):
        call = getattr(client, self.method.lower())
        return call(self.path, body(player), format="json", HTTP_IDEMPOTENCY_KEY=key)


WRITES = {
    "credit adjustment": Write(
        "POST",
        "/api/admin/credit-score/adjust",
        lambda player: {"player_id": player.pk, "points_change": 15, "reason": "Donated"},
        lambda player: {"player_id": player.pk, "points_change": 20, "reason": "Donated"},
        200,
    ),
    "penalty": Write(
        "POST",
        "/api/admin/credit-score/penalty",
        lambda player: {"player_id": player.pk, "penalty_type": "missed_payment", "reason": "Late"},
        lambda player: {"player_id": player.pk, "penalty_type": "loan_default", "reason": "Late"},
        200,
    ),
    "credit migration": Write(
        "POST",
        "/api/admin/credit-score/execute-migration",
        lambda player: {"player_ids": [player.pk], "execution_notes": "first run"},
        lambda player: {"player_ids": [player.pk], "execution_notes": "another run"},
        200,
    ),
    "new player": Write(
        "POST",
        "/api/players",
        lambda player: {"name": "Newcomer", "discord": "newcomer.guild", "password": "newcomer-pass-1"},
        lambda player: {"name": "Newcomer", "discord": "other.guild", "password": "newcomer-pass-1"},
        201,
    ),
    "new officer": Write(
        "POST",
        "/api/admin/officers",
        lambda player: {
            "username": "tilly",
            "display_name": "Keeper of the Till",
            "password": "tilly-teller-pass-1",
            "role": "teller",
        },
        lambda player: {
            "username": "tilly",
            "display_name": "Keeper of the Till",
            "password": "tilly-teller-pass-1",
            "role": "treasurer",
        },
        202,  # proposed: a second treasurer approves it
    ),
}


def bank_state() -> tuple:
    """What these writes change: scores, credit events, players and accounts."""
    return (
        sorted(Player.objects.values_list("pk", "credit_score")),
        CreditEvent.objects.count(),
        sorted(User.objects.values_list("username", "role")),
        Proposal.objects.count(),
    )


@pytest.mark.parametrize("name", list(WRITES))
def test_a_repeat_with_the_same_key_answers_the_first_answer_and_changes_nothing_twice(admin_api, name):
    write, key = WRITES[name], name.replace(" ", "-")
    player = PlayerFactory(credit_score=100)
    before = bank_state()
    first = write.send(admin_api, player, write.body, key=key)
    assert first.status_code == write.status, first.json()
    assert "Idempotent-Replayed" not in first
    after_first = bank_state()
    assert after_first != before  # the first call changed something

    repeat = write.send(admin_api, player, write.body, key=key)
    assert (repeat.status_code, repeat.json()) == (first.status_code, first.json())
    assert repeat["Idempotent-Replayed"] == "true"
    assert bank_state() == after_first  # nothing done twice

    other = write.send(admin_api, player, write.other_body, key=key)
    assert (other.status_code, other.json()["code"]) == (422, "idempotency_key_reused")
    assert bank_state() == after_first


def test_each_of_these_calls_documents_the_key_and_its_422(admin_api):
    schema = admin_api.get("/api/schema/?format=json").json()
    for write in WRITES.values():
        operation = schema["paths"][write.path][write.method.lower()]
        assert "Idempotency-Key" in [parameter["name"] for parameter in operation["parameters"]], write.path
        assert "422" in operation["responses"], write.path


def test_a_body_with_a_password_is_kept_only_as_a_keyed_hash(admin_api):
    """The input's hash is made with the server's key: a plain SHA-256 of a body whose other values
    are in the database would let whoever reads the table try passwords against it."""
    body = {"name": "Newcomer", "discord": "newcomer.guild", "password": "newcomer-pass-1"}
    response = admin_api.post("/api/players", body, format="json", HTTP_IDEMPOTENCY_KEY="new-player-1")
    assert response.status_code == 201, response.json()
    record = IdempotencyRecord.objects.get()
    plain = json.dumps({"query": [], "body": body}, sort_keys=True, default=str, ensure_ascii=True)
    assert record.body_hash != hashlib.sha256(plain.encode()).hexdigest()
    assert "newcomer-pass-1" not in record.response_body

"""Deciding a player's request is one workflow (bank.requests), tested once for its three kinds:
a loan request, a withdrawal and a pearl exchange. Each is approved exactly once whatever the number
of officers pressing Approve at once; above the four-eyes threshold it takes a second officer; a
decided request answers 409 and changes nothing; a denial needs a reason and tells the player."""

from collections import Counter
from dataclasses import dataclass

import pytest

from accounts.tests.factories import PASSWORD, AdminFactory, PlayerFactory
from bank import roles
from bank.models import AuditEntry, BankSettings, OutboxMessage
from conftest import bearer_for
from exchange.models import PearlExchangeRequest
from lending.models import PendingLoan, WithdrawalRequest
from lending.tests.factories import PendingLoanFactory, SavingsFactory, WithdrawalRequestFactory
from testkit.servers import asgi_server, call, env_for_test_database, fire_together


@dataclass(frozen=True)
class Kind:
    name: str  # the decision's kind (audit entries, messages)
    model: type[PendingLoan] | type[WithdrawalRequest] | type[PearlExchangeRequest]
    path: str  # the approve and deny calls: f"{path}/{id}/approve"
    amount: int  # the bread the decision is about

    def make(self):
        """A pending request of this kind, from a player whom approving it suits."""
        player = PlayerFactory(credit_score=100)
        SavingsFactory(player=player, invested_value=3_000_000)
        if self.model is PendingLoan:
            return PendingLoanFactory(player=player, value=self.amount)
        if self.model is WithdrawalRequest:
            return WithdrawalRequestFactory(player=player, amount=self.amount)
        return PearlExchangeRequest.objects.create(
            player=player,
            exchange_type="sell",
            pearls_amount=self.amount // 2_500,
            exchange_rate=2_500,
            bread_amount=self.amount,
            savings_option="cashout",
            requested_by=player.user,
        )


WEBHOOK = "http://127.0.0.1:9/webhook"  # messages are queued only when Discord is set up; never sent here


@pytest.fixture(autouse=True)
def discord_set_up(settings):
    settings.DISCORD_WEBHOOK_URL = WEBHOOK


KINDS = [
    Kind("loan_request", PendingLoan, "/api/pending-loans", 500_000),
    Kind("withdrawal", WithdrawalRequest, "/api/admin/withdrawal-requests", 500_000),
    Kind("exchange", PearlExchangeRequest, "/api/admin/pearl-exchange-requests", 500_000),
]
each_kind = pytest.mark.parametrize("kind", KINDS, ids=[kind.name for kind in KINDS])


def status_of(kind: Kind, request) -> str:
    return kind.model.objects.values_list("status", flat=True).get(pk=request.pk)


@each_kind
@pytest.mark.django_db
def test_a_decided_request_answers_409_and_changes_nothing(kind):
    officer = bearer_for(AdminFactory())
    request = kind.make()
    assert officer.put(f"{kind.path}/{request.pk}/approve", {}, format="json").status_code in (200, 201)
    entries = AuditEntry.objects.count()
    for action, body in (("approve", {}), ("deny", {"admin_notes": "Too late"})):
        response = officer.put(f"{kind.path}/{request.pk}/{action}", body, format="json")
        assert (response.status_code, response.json()["code"]) == (409, "already_processed"), action
    assert status_of(kind, request) == "approved"
    assert AuditEntry.objects.count() == entries
    assert list(AuditEntry.objects.filter(kind__startswith=f"{kind.name}.").values_list("kind", flat=True)) == [
        f"{kind.name}.approved"
    ]


@each_kind
@pytest.mark.django_db
def test_a_denial_needs_a_reason_and_tells_the_player(kind):
    officer = bearer_for(AdminFactory())
    request = kind.make()
    response = officer.put(f"{kind.path}/{request.pk}/deny", {"admin_notes": ""}, format="json")
    assert (response.status_code, response.json()["code"]) == (400, "reason_required")
    assert status_of(kind, request) == "pending"
    response = officer.put(f"{kind.path}/{request.pk}/deny", {"admin_notes": "Not this week"}, format="json")
    assert response.status_code == 200
    denied = kind.model.objects.get(pk=request.pk)
    assert (denied.status, denied.admin_notes, denied.decided_by_id is not None) == ("denied", "Not this week", True)
    [entry] = AuditEntry.objects.filter(kind=f"{kind.name}.denied")
    assert (entry.after["status"], entry.after["admin_notes"]) == ("denied", "Not this week")
    [message] = OutboxMessage.objects.filter(kind=f"{kind.name}.denied")
    assert message.content.endswith("was denied. Reason: Not this week")


@each_kind
@pytest.mark.django_db
def test_above_the_threshold_a_second_officer_carries_it_out(kind):
    BankSettings.objects.update_or_create(pk=1, defaults={"four_eyes_above": kind.amount - 1})
    lou = AdminFactory(username="lou", role=roles.LOAN_OFFICER, is_superuser=False)
    mia = AdminFactory(username="mia", role=roles.LOAN_OFFICER, is_superuser=False)
    request = kind.make()
    first = bearer_for(lou).put(f"{kind.path}/{request.pk}/approve", {"admin_notes": "Checked"}, format="json")
    assert (first.status_code, first.json()["status"]) == (202, "awaiting_second_approval")
    assert status_of(kind, request) == "pending"
    again = bearer_for(lou).put(f"{kind.path}/{request.pk}/approve", {}, format="json")
    assert (again.status_code, again.json()["code"]) == (409, "already_approved_by_you")
    second = bearer_for(mia).put(f"{kind.path}/{request.pk}/approve", {}, format="json")
    assert second.status_code in (200, 201)
    assert status_of(kind, request) == "approved"
    [entry] = AuditEntry.objects.filter(kind=f"{kind.name}.approved")
    assert entry.after["approved_by"] == "lou and mia"
    assert OutboxMessage.objects.filter(kind=f"{kind.name}.approved").count() == 1


@each_kind
@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("books_balance")
def test_twenty_officers_pressing_approve_at_once_across_two_processes_approve_it_once(kind):
    AdminFactory()
    request = kind.make()
    env = env_for_test_database() | {"DISCORD_WEBHOOK_URL": WEBHOOK}
    with asgi_server(env) as server_a, asgi_server(env) as server_b:
        _, login = call(server_a, "POST", "/api/login", {"username": "admin", "password": PASSWORD})
        statuses = fire_together(
            [server_a, server_b], "PUT", f"{kind.path}/{request.pk}/approve", login["access_token"], requests=20
        )
    carried_out = [status for status in statuses if status in (200, 201)]
    assert len(carried_out) == 1 and Counter(statuses)[409] == 19, Counter(statuses)
    assert status_of(kind, request) == "approved"
    assert AuditEntry.objects.filter(kind=f"{kind.name}.approved").count() == 1
    assert OutboxMessage.objects.filter(kind=f"{kind.name}.approved").count() == 1

"""A player cancels their own pending request before it is decided (issue 30, item 5)."""

from collections import Counter

import pytest

from accounts.tests.factories import PlayerFactory
from bank.models import AuditEntry
from exchange.models import PearlExchangeRequest
from lending.models import PendingLoan, WithdrawalRequest
from lending.tests.factories import PendingLoanFactory, SavingsFactory, WithdrawalRequestFactory

pytestmark = pytest.mark.django_db


def _exchange(player):
    return PearlExchangeRequest.objects.create(
        player=player,
        exchange_type="sell",
        pearls_amount=10,
        exchange_rate=2_500,
        bread_amount=25_000,
        savings_option="cashout",
        requested_by=player.user,
    )


KINDS = {
    "loan": (lambda p: PendingLoanFactory(player=p, requested_by=p.user), "pending-loans", PendingLoan, "loan_request"),
    "withdrawal": (
        lambda p: WithdrawalRequestFactory(player=p, requested_by=p.user),
        "withdrawal-requests",
        WithdrawalRequest,
        "withdrawal",
    ),
    "exchange": (_exchange, "pearl-exchange-requests", PearlExchangeRequest, "exchange"),
}


@pytest.mark.parametrize("kind", list(KINDS))
def test_a_player_cancels_their_own_pending_request_once_and_it_is_audited(kind, player, player_api, admin_api):
    make, path, model, audit_kind = KINDS[kind]
    SavingsFactory(player=player)
    request = make(player)
    response = player_api.put(f"/api/{path}/{request.pk}/cancel")
    assert (response.status_code, response.json()["status"]) == (200, "cancelled")
    assert model.objects.get(pk=request.pk).status == "cancelled"
    again = player_api.put(f"/api/{path}/{request.pk}/cancel")
    assert again.status_code == 409
    entry = AuditEntry.objects.get(kind=f"{audit_kind}.cancelled")
    assert (entry.actor_id, entry.player_id) == (player.user_id, player.pk)
    # decided: it cannot be cancelled; cancelled: it cannot be decided
    assert admin_api.put(f"/api/{'admin/' if kind != 'loan' else ''}{path}/{request.pk}/approve").status_code == 409


@pytest.mark.parametrize("kind", list(KINDS))
def test_another_players_request_cannot_be_cancelled(kind, player_api):
    make, path, model, _ = KINDS[kind]
    other = PlayerFactory()
    SavingsFactory(player=other)
    request = make(other)
    response = player_api.put(f"/api/{path}/{request.pk}/cancel")
    assert response.status_code == 404
    assert model.objects.get(pk=request.pk).status == "pending"


def test_an_officers_proposal_of_a_loan_is_not_the_players_to_cancel(player, player_api, admin_user):
    proposal = PendingLoanFactory(player=player, requested_by=admin_user)
    response = player_api.put(f"/api/pending-loans/{proposal.pk}/cancel")
    assert (response.status_code, response.json()["code"]) == (409, "not_yours_to_cancel")


def test_a_cancelled_request_no_longer_counts_toward_what_the_player_asked_for(player, player_api):
    from django.utils import timezone

    from bank import decisions

    SavingsFactory(player=player, invested_value=3_000_000)
    first = WithdrawalRequestFactory(player=player, requested_by=player.user, amount=900_000)
    WithdrawalRequestFactory(player=player, requested_by=player.user, amount=900_000)
    assert decisions.asked(player_id=player.pk, until=timezone.now()) == 1_800_000
    player_api.put(f"/api/withdrawal-requests/{first.pk}/cancel")
    assert decisions.asked(player_id=player.pk, until=timezone.now()) == 900_000


def test_officers_cannot_cancel_for_a_player(admin_api, player):
    request = WithdrawalRequestFactory(player=player)
    assert admin_api.put(f"/api/withdrawal-requests/{request.pk}/cancel").status_code == 403
    assert Counter(WithdrawalRequest.objects.values_list("status", flat=True)) == {"pending": 1}

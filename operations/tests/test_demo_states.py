"""seed_demo leaves a bank that looks alive on every admin tab."""

from io import StringIO

import pytest
from django.core.management import call_command

from accounts.models import Player
from accounts.tests.factories import AdminFactory
from exchange.models import PearlExchangeRequest
from lending.models import PendingLoan, WithdrawalRequest
from operations.dashboard import dashboard_stats

pytestmark = pytest.mark.django_db


def test_seed_demo_has_players_in_every_state_and_requests_of_every_kind_and_status():
    AdminFactory()
    call_command("seed_demo", stdout=StringIO())
    stats = dashboard_stats()
    assert stats["bad_payers"] >= 1 and stats["bad_payer_loans_value"] > 0 and stats["bad_payer_savings_value"] > 0
    assert stats["blocked_accounts"] >= 1
    assert stats["solo_access_players"] >= 1
    assert stats["old_clients"] >= 1 and stats["new_clients"] >= 1
    assert stats["active_loans"] >= 1 and stats["paid_off_loans"] >= 1 and stats["active_savings"] >= 1
    assert Player.objects.filter(user__isnull=True).exists()  # admin-made, waiting to be claimed
    for model in (PendingLoan, WithdrawalRequest, PearlExchangeRequest):
        assert set(model.objects.values_list("status", flat=True)) == {"pending", "approved", "denied"}, model


def test_seed_demo_twice_adds_nothing_the_second_time():
    AdminFactory()
    call_command("seed_demo", stdout=StringIO())
    players, requests = Player.objects.count(), PendingLoan.objects.count()
    call_command("seed_demo", stdout=StringIO())
    assert (Player.objects.count(), PendingLoan.objects.count()) == (players, requests)


def test_the_demo_history_obeys_the_books_rules_and_leaves_the_banks_controls_as_they_were():
    """The demo's history is written at once under a threshold that allowed it (bank.demo), which
    its decision records keep: reconcile, rules included, finds nothing, and the bank's own threshold
    is back when it is written."""
    from bank.models import BankSettings
    from operations.reconcile import reconcile

    AdminFactory()
    BankSettings.objects.update_or_create(pk=1, defaults={"four_eyes_above": 750_000})
    call_command("seed_demo", stdout=StringIO())
    assert reconcile().differences == []
    assert BankSettings.current().four_eyes_above == 750_000


def test_the_demo_has_a_teller_and_a_loan_officer_who_sign_in_with_the_documented_password(api):
    from accounts.models import User
    from bank.demo import DEMO_OFFICER_PASSWORD, DEMO_OFFICERS

    first = AdminFactory()
    out = StringIO()
    call_command("seed_demo", stdout=out)
    assert f"sign in with password '{DEMO_OFFICER_PASSWORD}'" in out.getvalue()
    officers = {user.username: user for user in User.objects.filter(is_staff=True).exclude(pk=first.pk)}
    assert {(u, officers[u].display_name, officers[u].role) for u in officers} == set(DEMO_OFFICERS)
    for username, _, role in DEMO_OFFICERS:
        # nobody appointed them: each may be the second approver of the first officer's decisions
        assert officers[username].appointed_by_id is None
        response = api.post("/api/login", {"username": username, "password": DEMO_OFFICER_PASSWORD}, format="json")
        assert response.status_code == 200, response.content
        assert response.json()["role"] == role
    call_command("seed_demo", stdout=StringIO())
    assert User.objects.filter(is_staff=True).count() == 1 + len(DEMO_OFFICERS)

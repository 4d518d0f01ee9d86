"""Twenty simultaneous second approvals of a large withdrawal and a large loan request, over HTTP
across two real server processes: the money moves once (docs/rules.md, "Four eyes").

On PostgreSQL the request's row lock serialises them (`bank.requests.RequestKind.locked`, the
player first, then the request); on SQLite its IMMEDIATE transactions do. CI runs this file on both.
"""

from collections import Counter

import pytest

from accounts.models import User
from accounts.tests.factories import PASSWORD, AdminFactory, PlayerFactory
from bank import roles
from credit.models import CreditEvent
from lending.loans import services
from lending.models import Loan, Savings, WithdrawalRequest
from lending.savings import services as savings_services
from lending.tests.factories import PendingLoanFactory, SavingsFactory, WithdrawalRequestFactory
from testkit.factors import authenticator_for, sign_in_with_code
from testkit.servers import asgi_server, env_for_test_database, fire_together

pytestmark = pytest.mark.usefixtures("books_balance")

REQUESTS = 20


def _officers():
    AdminFactory()
    first = AdminFactory(username="lou", role=roles.LOAN_OFFICER, is_superuser=False)
    AdminFactory(username="mia", role=roles.LOAN_OFFICER, is_superuser=False)
    return first


@pytest.mark.django_db(transaction=True)
def test_twenty_simultaneous_second_approvals_move_the_money_once():
    lou = _officers()
    player = PlayerFactory()
    SavingsFactory(player=player, invested_value=5_000_000)
    withdrawal = WithdrawalRequestFactory(player=player, amount=2_000_000)
    pending = PendingLoanFactory(value=3_000_000, player=PlayerFactory(credit_score=300))  # Gold: up to 10,000,000
    assert savings_services.withdrawal_request_approve(request_id=withdrawal.pk, admin=lou).approvals
    assert services.loan_request_approve(request_id=pending.pk, admin=lou).approvals
    phone = authenticator_for(User.objects.get(username="mia"))
    env = env_for_test_database()
    with asgi_server(env) as server_a, asgi_server(env) as server_b:
        # a second approval above the threshold asks for a fresh second factor (step-up): mia signs in with one
        token = sign_in_with_code(server_a, phone, username="mia", password=PASSWORD)
        withdrawals = fire_together(
            [server_a, server_b], "PUT", f"/api/admin/withdrawal-requests/{withdrawal.pk}/approve", token
        )
        loans = fire_together([server_a, server_b], "PUT", f"/api/pending-loans/{pending.pk}/approve", token)

    assert Counter(withdrawals) == {200: 1, 409: REQUESTS - 1}
    assert Savings.objects.get(player=player).invested_value == 3_000_000
    withdrawal = WithdrawalRequest.objects.get(pk=withdrawal.pk)
    assert (withdrawal.status, [a["officer"] for a in withdrawal.approvals]) == ("approved", ["lou", "mia"])
    assert Counter(loans) == {200: 1, 409: REQUESTS - 1}
    assert Loan.objects.filter(player=pending.player).count() == 1
    assert CreditEvent.objects.filter(player=pending.player, action_type="loan_taken").count() == 1

"""Twenty simultaneous approvals over HTTP, split across two real server processes.

This is the path a real deployment takes: separate processes, separate connections, one
database. On SQLite (the embedded default) IMMEDIATE transactions serialise the writers across
processes; on PostgreSQL the row locks do.
"""

from collections import Counter

import pytest

from accounts.tests.factories import PASSWORD, AdminFactory, PlayerFactory
from bank.models import BankSettings
from credit.models import CreditEvent
from lending.loans.selectors import solo_dividends_amount
from lending.models import Loan, PendingLoan, WithdrawalRequest
from lending.tests.factories import LoanFactory, PendingLoanFactory, SavingsFactory, WithdrawalRequestFactory
from testkit.servers import asgi_server, call, env_for_test_database, fire_together

# after every race: the books balance (the ledger proves every balance it touched)
pytestmark = pytest.mark.usefixtures("books_balance")

REQUESTS = 20


@pytest.mark.django_db(transaction=True)
def test_twenty_approvals_across_two_server_processes_make_one_loan():
    AdminFactory()
    pending = PendingLoanFactory()
    loan_to_pay_off = LoanFactory(value=500_000)  # 150,000 interest: 52,500 to the dividends
    env = env_for_test_database()
    with asgi_server(env) as server_a, asgi_server(env) as server_b:
        _, login = call(server_a, "POST", "/api/login", {"username": "admin", "password": PASSWORD})
        token = login["access_token"]
        approvals = fire_together([server_a, server_b], "PUT", f"/api/pending-loans/{pending.pk}/approve", token)
        pay_offs = fire_together(
            [server_a, server_b], "PUT", f"/api/loans/{loan_to_pay_off.pk}", token, {"paid_off": True}
        )

    assert Counter(approvals) == {200: 1, 409: REQUESTS - 1}
    assert Loan.objects.filter(player=pending.player).count() == 1
    assert CreditEvent.objects.filter(player=pending.player, action_type="loan_taken").count() == 1
    assert Counter(pay_offs) == {200: 1, 409: REQUESTS - 1}
    assert solo_dividends_amount() == 52_500


@pytest.mark.django_db(transaction=True)
def test_twenty_requests_with_one_idempotency_key_across_two_processes_file_one():
    player = PlayerFactory(credit_score=100)
    env = env_for_test_database()
    answers: list[dict] = []
    with asgi_server(env) as server_a, asgi_server(env) as server_b:
        _, login = call(server_a, "POST", "/api/login", {"username": player.name, "password": PASSWORD})
        statuses = fire_together(
            [server_a, server_b],
            "POST",
            "/api/pending-loans",
            login["access_token"],
            {"value": 100_000, "total_days": 10, "request_reason": "One click"},
            headers={"Idempotency-Key": "double-click-1"},
            answers=answers,
        )
    assert Counter(statuses) == {201: REQUESTS}
    assert PendingLoan.objects.filter(player=player).count() == 1
    assert {answer["id"] for answer in answers} == {PendingLoan.objects.get(player=player).pk}


@pytest.mark.django_db(transaction=True)
def test_withdrawal_approvals_across_two_processes_take_the_money_once_and_never_below_zero():
    # what the player asked for in a day is above the four-eyes threshold: this race is about the money
    # taken once, so one officer may approve each (operations/tests/test_four_eyes*.py test who must approve)
    BankSettings.objects.update_or_create(pk=1, defaults={"four_eyes_above": 1_000_000_000})
    AdminFactory()
    player = PlayerFactory()
    savings = SavingsFactory(player=player, invested_value=500_000)
    one = WithdrawalRequestFactory(player=player, amount=100_000)
    many = [WithdrawalRequestFactory(player=player, amount=150_000) for _ in range(REQUESTS)]
    env = env_for_test_database()
    with asgi_server(env) as server_a, asgi_server(env) as server_b:
        _, login = call(server_a, "POST", "/api/login", {"username": "admin", "password": PASSWORD})
        token = login["access_token"]
        same = fire_together([server_a, server_b], "PUT", f"/api/admin/withdrawal-requests/{one.pk}/approve", token)
        statuses = fire_together(
            [server_a, server_b],
            "PUT",
            lambda index: f"/api/admin/withdrawal-requests/{many[index].pk}/approve",
            token,
        )

    assert Counter(same) == {200: 1, 409: REQUESTS - 1}
    # 400,000 left after the first: two of 150,000 fit, the other eighteen no longer do
    assert Counter(statuses) == {200: 2, 409: REQUESTS - 2}
    savings.refresh_from_db()
    assert savings.invested_value == 100_000
    assert WithdrawalRequest.objects.filter(status="approved").count() == 3

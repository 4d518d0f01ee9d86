"""Simultaneous decisions on one row: real threads, each with its own database connection.

On PostgreSQL the row locks (select_for_update) serialise them; on SQLite the IMMEDIATE
transactions do. Either way exactly one wins and the others answer 409, never 500.
"""

from collections import Counter

import pytest
from rest_framework.test import APIClient

from accounts.tests.factories import AdminFactory, PlayerFactory, made
from accounts.tokens import token_issue
from bank.errors import BankError
from credit.models import CreditEvent
from lending.loans import services
from lending.loans.selectors import solo_dividends_amount
from lending.models import Loan, PendingLoan, WithdrawalRequest
from lending.tests.factories import LoanFactory, PendingLoanFactory, SavingsFactory, WithdrawalRequestFactory
from testkit.threads import run_at_once

# after every race: the books balance (the ledger proves every balance it touched)
pytestmark = pytest.mark.usefixtures("books_balance")

THREADS = 20


def admin_client() -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token_issue(user=made(AdminFactory)).access_token}")
    return client


@pytest.mark.django_db(transaction=True)
def test_twenty_simultaneous_approvals_create_one_loan_and_nineteen_409s():
    pending = PendingLoanFactory()
    client = admin_client()
    answers = run_at_once(lambda _index: client.put(f"/api/pending-loans/{pending.pk}/approve"))
    assert Counter(answer.status_code for answer in answers) == {200: 1, 409: THREADS - 1}
    assert {a.json()["detail"] for a in answers if a.status_code == 409} == {"This loan request was already processed."}
    assert Loan.objects.count() == 1
    pending.refresh_from_db()
    assert pending.status == "approved" and pending.converted_loan_id == Loan.objects.get().pk
    assert CreditEvent.objects.filter(player=pending.player, action_type="loan_taken").count() == 1


@pytest.mark.django_db(transaction=True)
def test_twenty_simultaneous_pay_offs_add_the_dividends_once():
    loan = LoanFactory(value=500_000)  # 650,000 to pay: 150,000 interest, 52,500 to the dividends
    client = admin_client()
    answers = run_at_once(lambda _index: client.put(f"/api/loans/{loan.pk}", {"paid_off": True}, format="json"))
    assert Counter(answer.status_code for answer in answers) == {200: 1, 409: THREADS - 1}
    assert solo_dividends_amount() == 52_500
    assert CreditEvent.objects.filter(player=loan.player, action_type="loan_completed").count() == 1


@pytest.mark.django_db(transaction=True)
def test_twenty_simultaneous_service_approvals_and_denials_decide_once():
    pending = PendingLoanFactory()
    admin = AdminFactory()

    def decide(number: int):
        if number % 2:
            return services.loan_request_deny(request_id=pending.pk, admin=admin, reason="No")
        return services.loan_request_approve(request_id=pending.pk, admin=admin)

    outcomes = run_at_once(decide)
    errors = [o for o in outcomes if isinstance(o, Exception)]
    assert all(isinstance(e, BankError) and e.status == 409 for e in errors), errors
    assert len(errors) == THREADS - 1
    pending.refresh_from_db()
    assert Loan.objects.count() == (1 if pending.status == "approved" else 0)


@pytest.mark.django_db(transaction=True)
def test_twenty_simultaneous_pay_offs_of_different_loans_add_every_gain():
    loans = [LoanFactory(value=500_000) for _ in range(THREADS)]  # each a player's own
    admin = AdminFactory()
    outcomes = run_at_once(lambda index: services.loan_pay_off(loan_id=loans[index].pk, admin=admin))
    assert not [o for o in outcomes if isinstance(o, Exception)], outcomes
    assert solo_dividends_amount() == 52_500 * THREADS


@pytest.mark.django_db(transaction=True)
def test_twenty_identical_requests_with_one_idempotency_key_file_one():
    player = PlayerFactory(credit_score=100)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token_issue(user=player.user).access_token}")
    body = {"value": 100_000, "total_days": 10}
    answers = run_at_once(
        lambda _index: client.post("/api/pending-loans", body, format="json", HTTP_IDEMPOTENCY_KEY="submit-7")
    )
    assert Counter(answer.status_code for answer in answers) == {201: THREADS}
    assert PendingLoan.objects.filter(player=player).count() == 1
    assert {answer.json()["id"] for answer in answers} == {PendingLoan.objects.get(player=player).pk}


@pytest.mark.django_db(transaction=True)
def test_ten_approvals_of_withdrawals_that_exceed_the_savings_never_drive_a_balance_below_zero():
    player = PlayerFactory()
    older = SavingsFactory(player=player, invested_value=300_000)
    newer = SavingsFactory(player=player, invested_value=250_000)
    requests = [WithdrawalRequestFactory(player=player, amount=100_000) for _ in range(10)]
    client = admin_client()
    answers = run_at_once(
        lambda index: client.put(f"/api/admin/withdrawal-requests/{requests[index].pk}/approve"), threads=10
    )
    assert Counter(answer.status_code for answer in answers) == {200: 5, 409: 5}
    assert {a.json()["code"] for a in answers if a.status_code == 409} == {"not_covered"}
    older.refresh_from_db()
    newer.refresh_from_db()
    assert (older.invested_value, older.status) == (0, "Withdrawn")
    assert (newer.invested_value, newer.status) == (50_000, "Active")
    assert Counter(WithdrawalRequest.objects.values_list("status", flat=True)) == {"approved": 5, "pending": 5}


@pytest.mark.django_db(transaction=True)
def test_twenty_simultaneous_approvals_of_one_withdrawal_take_the_money_once():
    player = PlayerFactory()
    savings = SavingsFactory(player=player, invested_value=5_000_000)
    request = WithdrawalRequestFactory(player=player, amount=100_000)
    client = admin_client()
    answers = run_at_once(lambda _index: client.put(f"/api/admin/withdrawal-requests/{request.pk}/approve"))
    assert Counter(answer.status_code for answer in answers) == {200: 1, 409: THREADS - 1}
    savings.refresh_from_db()
    assert savings.invested_value == 4_900_000

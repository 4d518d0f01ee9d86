"""No officer moves money alone, through any door (issue 29; docs/rules.md, "Four eyes" and "Bounds").

Each test replays one of the hostile review's findings and answers as the issue asks: edits, start
dates, rates, pay-offs, write-offs, catch-ups, splits and settings are decisions with a money effect;
above the four-eyes threshold (summed per officer and player over 24 hours, and over what a player
asked for) they wait for a second officer who is active, may decide, and was not appointed by the first.
"""

from datetime import date, timedelta
from decimal import Decimal

import pytest
import time_machine
from django.utils import timezone

from accounts.models import User
from accounts.tests.factories import AdminFactory, PlayerFactory
from bank import decisions, roles
from bank.errors import BankError
from bank.models import AuditEntry, BankSettings, DecisionRecord, LedgerEntry, Proposal
from conftest import bearer_for
from exchange import services as exchange_services
from lending.loans import services as loan_services
from lending.models import Loan, PendingLoan, Savings, SavingsWeek, SoloDividends, WithdrawalRequest
from lending.savings import services as savings_services
from lending.tests.factories import LoanFactory, SavingsFactory
from operations import jobs
from operations.reconcile import reconcile

pytestmark = pytest.mark.django_db

MILLION = 1_000_000


@pytest.fixture
def treasurer(db):
    return AdminFactory(username="tess")


@pytest.fixture
def lou(db):
    return AdminFactory(username="lou", role=roles.LOAN_OFFICER, is_superuser=False)


@pytest.fixture
def mia(db):
    return AdminFactory(username="mia", role=roles.LOAN_OFFICER, is_superuser=False)


@pytest.fixture
def tina(db):
    return AdminFactory(username="tina", role=roles.TELLER, is_superuser=False)


def waits(result) -> decisions.AwaitingSecondApproval:
    assert isinstance(result, decisions.AwaitingSecondApproval), result
    return result


def approve(proposal_or_waiting, officer, notes=""):
    proposal = getattr(proposal_or_waiting, "proposal", proposal_or_waiting)
    return decisions.proposal_approve(proposal_id=proposal.pk, officer=officer, notes=notes)


def books_clean():
    result = reconcile()
    assert result.differences == [], [difference.what for difference in result.differences]


# --- interest from nothing ----------------------------------------------------------------------


@pytest.mark.bank_date("2027-11-26")  # 1 January is 47 weeks back
def test_a_teller_cannot_move_a_start_date_and_a_loan_officer_moving_it_back_47_weeks_needs_a_second(tina, lou, mia):
    savings = SavingsFactory(invested_value=MILLION)
    jan_first = date(timezone.localdate().year, 1, 1)
    path = f"/api/admin/savings/{savings.pk}/change-date?new_date={jan_first}"
    assert bearer_for(tina).put(path).status_code == 403
    response = bearer_for(lou).put(path)
    assert response.status_code == 202
    assert "more than the 7 days one officer may move it" in response.json()["reason"]
    savings.refresh_from_db()
    assert savings.start_date == timezone.localdate()  # nothing moved
    # the proposal says what it would make due; a second officer carries it out
    proposal = Proposal.objects.get(pk=response.json()["proposal"]["id"])
    assert proposal.effect > 0 and proposal.least_role == roles.LOAN_OFFICER
    approve(proposal, mia)
    savings.refresh_from_db()
    assert savings.start_date == jan_first


def test_a_weekly_rate_of_100_percent_is_refused_on_every_path(lou, treasurer):
    player = PlayerFactory()
    savings = SavingsFactory(player=player, invested_value=1_000)
    for call in (
        lambda: savings_services.savings_edit(savings_id=savings.pk, interest_rate=Decimal("1"), admin=lou),
        lambda: savings_services.savings_create(
            player_id=player.pk, invested_value=1_000, interest_rate=Decimal("1"), admin=lou
        ),
    ):
        with pytest.raises(decisions.BankError) as refused:
            call()
        assert refused.value.code == "rate_out_of_bounds"
        assert "between 0.00% and 10.00% (Bank Settings)" in refused.value.detail
    loan = LoanFactory(value=100_000)
    with pytest.raises(decisions.BankError) as refused:
        loan_services.loan_edit(loan_id=loan.pk, interest_rate=Decimal("5"), admin=lou)
    assert refused.value.code == "rate_out_of_bounds"


def test_catching_up_never_compounds_past_the_client_limit_and_one_account_does_not_stop_the_run():
    """The review's 47 weeks at 7% on 1,000,000 reached 24,045,718; 4,000,000 at 100% overflowed 64 bits
    and the whole run answered 500 every ten minutes. Now each account is caught up on its own, up to
    the client limit, and the one that cannot go further is reported."""
    today = timezone.localdate()
    long_ago = today - timedelta(days=7 * 47 + 1)
    stuck = SavingsFactory(
        player=PlayerFactory(client_type="new"),
        invested_value=MILLION,
        start_date=long_ago,
        next_due_date=long_ago + timedelta(days=7),
    )
    fine = SavingsFactory(start_date=today - timedelta(days=8), next_due_date=today - timedelta(days=1))
    run = savings_services.savings_auto_process_overdue()
    assert [(item.savings_id, "past the client limit" in item.reason) for item in run.refused] == [(stuck.pk, True)]
    stuck.refresh_from_db()
    assert 1_400_000 < stuck.invested_value <= 1_500_000  # up to the new client's limit, never past it
    assert stuck.next_due_date < today  # still overdue: a week's interest is paid out (Paid) to go on
    fine.refresh_from_db()
    assert fine.next_week == 2
    assert AuditEntry.objects.filter(kind="savings.catch_up_refused", object_id=stuck.pk).count() == 1
    books_clean()
    # the daily job says so, and runs again the next day without failing
    jobs.JOBS["overdue_savings"].run()
    assert "could not be processed" in jobs._overdue_savings()


def test_the_daily_job_names_the_accounts_it_could_not_process():
    long_ago = timezone.localdate() - timedelta(days=7 * 47 + 1)
    stuck = SavingsFactory(invested_value=1_490_000, start_date=long_ago, next_due_date=long_ago + timedelta(days=7))
    outcome = jobs._overdue_savings()
    assert f"Savings #{stuck.pk}" in outcome and "could not be processed" in outcome


# --- edits after approval -----------------------------------------------------------------------


def test_a_loan_added_at_the_threshold_cannot_then_be_edited_to_a_billion_alone(lou, mia):
    player = PlayerFactory(credit_score=300)
    loan = loan_services.loan_create(player_id=player.pk, value=MILLION, total_days=10, admin=lou)
    assert isinstance(loan, Loan)  # at the threshold: one approval
    # a billion is past every tier's maximum: refused whoever asks
    with pytest.raises(BankError) as refused:
        loan_services.loan_edit(loan_id=loan.pk, value=1_000_000_000, admin=mia)
    assert refused.value.code == "over_max_amount"
    # what the tier allows is above the threshold: it waits for a second officer
    waiting = waits(loan_services.loan_edit(loan_id=loan.pk, value=9_000_000, admin=mia))
    assert waiting.proposal.effect >= 8_000_000
    loan.refresh_from_db()
    assert loan.value == MILLION


def test_a_loan_two_officers_approved_takes_two_for_any_change(lou, mia):
    pending = PendingLoan.objects.create(
        player=PlayerFactory(credit_score=300),
        value=1_500_000,
        total_days=10,
        interest_rate=Decimal("0.28"),
        total_to_pay=1_920_000,
    )
    waits(loan_services.loan_request_approve(request_id=pending.pk, admin=lou))
    loan = loan_services.loan_request_approve(request_id=pending.pk, admin=mia)
    assert loan.four_eyes
    # even a small change: the product was lent by two
    waiting = waits(loan_services.loan_edit(loan_id=loan.pk, value=1_600_000, admin=lou))
    assert "two officers lent this loan" in waiting.reason
    waits(loan_services.loan_edit(loan_id=loan.pk, value=9_000_000, admin=mia))
    loan.refresh_from_db()
    assert loan.value == 1_500_000
    # a second officer carries the first one out
    approve(waiting, mia)
    loan.refresh_from_db()
    assert loan.value == 1_600_000


def test_a_savings_balance_edit_to_four_million_waits_and_its_withdrawals_cannot_be_approved(lou, mia):
    savings = SavingsFactory(player=PlayerFactory(client_type="old"), invested_value=1_000)
    waiting = waits(savings_services.savings_edit(savings_id=savings.pk, invested_value=4_000_000, admin=lou))
    assert waiting.proposal.effect == 3_999_000
    savings.refresh_from_db()
    assert savings.invested_value == 1_000
    assert not LedgerEntry.objects.filter(reason="balance_edit").exists()


def test_a_proposal_whose_record_changed_since_is_stale_and_not_carried_out(lou, mia):
    savings = SavingsFactory(player=PlayerFactory(client_type="old"), invested_value=MILLION)
    waiting = waits(savings_services.savings_edit(savings_id=savings.pk, invested_value=3_000_000, admin=lou))
    savings_services.savings_edit(savings_id=savings.pk, admin_notes="meanwhile", invested_value=900_000, admin=mia)
    outcome = approve(waiting, mia)
    assert "changed since this was proposed" in outcome.stale
    assert Proposal.objects.get(pk=waiting.proposal.pk).status == Proposal.Status.STALE
    savings.refresh_from_db()
    assert savings.invested_value == 900_000


# --- splitting -----------------------------------------------------------------------------------


def _withdrawals(player, count, amount):
    from datetime import time

    return [
        savings_services.withdrawal_request_create(
            user=player.user,
            player_id=player.pk,
            amount=amount,
            withdrawal_date=timezone.localdate() + timedelta(days=1),
            withdrawal_time=time(18, 0),
            player_timezone=1,
        )
        for _ in range(count)
    ]


def test_three_withdrawals_of_a_million_are_three_million_asked_in_a_day(lou, mia):
    player = PlayerFactory(client_type="old")
    SavingsFactory(player=player, invested_value=3_500_000)
    first, second, third = _withdrawals(player, 3, MILLION)
    # the first is what the player had asked for then: one officer
    assert isinstance(savings_services.withdrawal_request_approve(request_id=first.pk, admin=lou), WithdrawalRequest)
    for request in (second, third):
        waiting = waits(savings_services.withdrawal_request_approve(request_id=request.pk, admin=lou))
        assert "asked for" in waiting.reason or "you decided alone" in waiting.reason
    assert WithdrawalRequest.objects.filter(status="approved").count() == 1
    # a second officer completes what lou approved: two pairs of eyes
    done = savings_services.withdrawal_request_approve(request_id=second.pk, admin=mia)
    assert [approval["officer"] for approval in done.approvals] == ["lou", "mia"]
    # another officer alone is not enough either: the player has asked for 4,000,000 in the day
    (fourth,) = _withdrawals(player, 1, 500_000)
    waiting = waits(savings_services.withdrawal_request_approve(request_id=fourth.pk, admin=AdminFactory(username="x")))
    assert "the player asked for €3,500,000 in 24 hours" in waiting.reason


def test_ten_loans_of_a_million_to_one_player_take_two_officers_from_the_second(lou):
    player = PlayerFactory(credit_score=300)  # Gold: may owe 10,000,000
    assert isinstance(loan_services.loan_create(player_id=player.pk, value=MILLION, total_days=10, admin=lou), Loan)
    waiting = waits(loan_services.loan_create(player_id=player.pk, value=MILLION, total_days=10, admin=lou))
    assert "you decided alone for this player in the last 24 hours" in waiting.reason
    assert Loan.objects.filter(player=player).count() == 1


def test_five_pearl_cash_outs_of_a_million(lou):
    player = PlayerFactory()
    SavingsFactory(player=player)
    requests = [
        exchange_services.exchange_request_create(
            user=player.user,
            player_id=player.pk,
            exchange_type="sell",
            pearls_amount=400,
            savings_option="cashout",
            savings_id=None,
        )
        for _ in range(5)
    ]
    outcomes = [exchange_services.exchange_request_approve(request_id=r.pk, admin=lou) for r in requests]
    assert [isinstance(o, decisions.AwaitingSecondApproval) for o in outcomes] == [False, True, True, True, True]


def test_a_basic_player_owes_at_most_a_million_in_all_and_loan_points_lift_no_tier(lou, mia):
    player = PlayerFactory(credit_score=140)
    assert isinstance(loan_services.loan_create(player_id=player.pk, value=MILLION, total_days=10, admin=lou), Loan)
    player.refresh_from_db()
    assert player.credit_score == 149  # 9 of the 20 points: Silver would lend more than Basic
    with pytest.raises(decisions.BankError) as refused:
        loan_services.loan_create(player_id=player.pk, value=100_000, total_days=10, admin=mia)
    assert refused.value.code == "over_max_amount"
    assert "Basic players may owe at most €1,000,000 on loans in all" in refused.value.detail
    requested = bearer_for(player.user).post("/api/pending-loans", {"value": 100_000, "total_days": 10}, format="json")
    assert requested.status_code == 400 and requested.json()["code"] == "over_max_amount"


# --- one treasurer is two --------------------------------------------------------------------------


def test_a_sole_treasurer_raising_the_threshold_waits_a_published_day(treasurer, lou):
    api = bearer_for(treasurer)
    response = api.put("/api/admin/bank-settings", {"four_eyes_above": 1_000_000_000}, format="json")
    assert response.status_code == 202
    proposal_id = response.json()["proposal"]["id"]
    assert response.json()["proposal"]["not_before"]
    assert BankSettings.current().four_eyes_above == MILLION
    # published: every officer sees it waiting
    listed = bearer_for(lou).get("/api/admin/proposals").json()["results"]
    assert [row["id"] for row in listed] == [proposal_id]
    # the treasurer cannot carry it out before the day is over
    early = api.put(f"/api/admin/proposals/{proposal_id}/approve")
    assert (early.status_code, early.json()["code"]) == (409, "not_yet")
    with time_machine.travel(timezone.now() + timedelta(hours=25), tick=False):
        later = bearer_for(treasurer)  # a session of the next day
        assert later.put(f"/api/admin/proposals/{proposal_id}/approve").status_code == 200
    assert BankSettings.current().four_eyes_above == 1_000_000_000


def test_lowering_the_threshold_or_tightening_a_bound_is_done_at_once(treasurer):
    api = bearer_for(treasurer)
    response = api.put(
        "/api/admin/bank-settings", {"four_eyes_above": 500_000, "savings_rate_max": "0.09"}, format="json"
    )
    assert response.status_code == 200
    assert (BankSettings.current().four_eyes_above, BankSettings.current().savings_rate_max) == (
        500_000,
        Decimal("0.09"),
    )
    # a bound that would refuse the bank's own rates is refused
    refused = api.put("/api/admin/bank-settings", {"savings_rate_max": "0.05"}, format="json")
    assert refused.status_code == 400 and refused.json()["code"] == "bounds_exclude_rules"


def test_with_two_treasurers_a_looser_setting_takes_the_other(treasurer):
    other = AdminFactory(username="otto")
    response = bearer_for(treasurer).put("/api/admin/bank-settings", {"start_date_back_days": 30}, format="json")
    assert response.status_code == 202 and response.json()["proposal"]["not_before"] is None
    proposal_id = response.json()["proposal"]["id"]
    assert bearer_for(treasurer).put(f"/api/admin/proposals/{proposal_id}/approve").status_code == 409
    assert bearer_for(other).put(f"/api/admin/proposals/{proposal_id}/approve").status_code == 200
    assert BankSettings.current().start_date_back_days == 30


def test_an_officer_the_treasurer_appointed_cannot_be_the_second_approver_of_the_treasurers_decisions(treasurer):
    api = bearer_for(treasurer)
    created = api.post(
        "/api/admin/officers",
        {"username": "puppet", "display_name": "Pip", "password": "puppet-pass-1", "role": "loan_officer"},
        format="json",
    )
    assert created.status_code == 202
    proposal_id = created.json()["proposal"]["id"]
    with time_machine.travel(timezone.now() + timedelta(hours=25), tick=False):
        assert bearer_for(treasurer).put(f"/api/admin/proposals/{proposal_id}/approve").status_code == 200
    puppet = User.objects.get(username="puppet")
    assert puppet.appointed_by_id == treasurer.pk
    player = PlayerFactory(client_type="old")
    SavingsFactory(player=player, invested_value=3_500_000)
    (withdrawal,) = _withdrawals(player, 1, 3_000_000)
    path = f"/api/admin/withdrawal-requests/{withdrawal.pk}/approve"
    assert bearer_for(treasurer).put(path).status_code == 202
    refused = bearer_for(puppet).put(path)
    assert (refused.status_code, refused.json()["code"]) == (409, "appointed_by_first_approver")
    assert WithdrawalRequest.objects.get(pk=withdrawal.pk).status == "pending"
    # nor the other way round: the puppet approves first, the treasurer who appointed them second
    (other,) = _withdrawals(player, 1, 3_000_000)
    other_path = f"/api/admin/withdrawal-requests/{other.pk}/approve"
    assert bearer_for(puppet).put(other_path).status_code == 202
    refused = bearer_for(treasurer).put(other_path)
    assert (refused.status_code, refused.json()["code"]) == (409, "appointed_the_first_approver")
    assert refused.json()["detail"].startswith(f"puppet was appointed by {treasurer.username}")
    assert WithdrawalRequest.objects.get(pk=other.pk).status == "pending"


# --- pay-off of nothing, write-offs ---------------------------------------------------------------


def test_paying_off_a_loan_with_nothing_repaid_records_the_rest_as_repaid_and_waits_above_the_threshold(lou, mia):
    loan = LoanFactory(value=MILLION)  # 1,300,000 still owed
    waiting = waits(loan_services.loan_pay_off(loan_id=loan.pk, admin=lou))
    assert waiting.proposal.effect == 1_300_000
    assert SoloDividends.objects.filter(dividends__gt=0).count() == 0
    approve(waiting, mia)
    loan.refresh_from_db()
    assert (loan.status, loan.repaid_at_pay_off, loan.solo_gain) == ("Paid-Off", 1_300_000, 105_000)
    entry = LedgerEntry.objects.get(reason="loan_paid_off")
    assert (entry.amount, entry.from_account, entry.to_account) == (1_300_000, "player", "loan")
    record = DecisionRecord.objects.get(kind="loan.pay_off")
    assert (record.officer_name, record.second_officer_name, record.amount) == ("lou", "mia", 1_300_000)
    assert entry.decision_id == record.pk
    books_clean()


def test_a_write_off_is_forgiven_not_repaid_and_feeds_no_dividends(lou):
    loan = LoanFactory(value=500_000)  # 650,000 owed
    loan_services.loan_payment_mark(loan_id=loan.pk, status="Paid", admin=lou)  # 65,000 repaid
    written = loan_services.loan_write_off(loan_id=loan.pk, reason="Left the guild", admin=lou)
    assert (written.status, written.written_off, written.solo_gain) == ("Written-Off", 585_000, 0)
    entry = LedgerEntry.objects.get(reason="loan_written_off")
    assert (entry.amount, entry.from_account, entry.to_account, entry.notes) == (
        585_000,
        "bank",
        "loan",
        "Left the guild",
    )
    assert not LedgerEntry.objects.filter(reason__in=["solo_gain", "loan_paid_off"]).exists()
    books_clean()
    with pytest.raises(decisions.BankError) as closed:
        loan_services.loan_pay_off(loan_id=loan.pk, admin=lou)
    assert closed.value.status == 409


def test_a_write_off_needs_a_reason_and_waits_above_the_threshold(lou, mia):
    loan = LoanFactory(value=MILLION)
    with pytest.raises(decisions.BankError):
        loan_services.loan_write_off(loan_id=loan.pk, reason="", admin=lou)
    waiting = waits(loan_services.loan_write_off(loan_id=loan.pk, reason="Gone", admin=lou))
    approve(waiting, mia)
    assert Loan.objects.get(pk=loan.pk).status == "Written-Off"


# --- first approvals that no longer count -----------------------------------------------------------


@pytest.mark.parametrize("change", [{"is_active": False}, {"role": roles.TELLER}])
def test_a_first_approval_counts_only_while_its_officer_may_still_decide(lou, mia, change):
    player = PlayerFactory(client_type="old")
    SavingsFactory(player=player, invested_value=3_000_000)
    (withdrawal,) = _withdrawals(player, 1, 2_000_000)
    waits(savings_services.withdrawal_request_approve(request_id=withdrawal.pk, admin=lou))
    User.objects.filter(pk=lou.pk).update(**change)
    # mia's approval is now the first: the money stays until another officer approves
    waiting = waits(savings_services.withdrawal_request_approve(request_id=withdrawal.pk, admin=mia))
    assert [approval["officer"] for approval in waiting.approvals] == ["mia"]
    assert WithdrawalRequest.objects.get(pk=withdrawal.pk).status == "pending"


# --- routine recording is a decision too ----------------------------------------------------------


def test_recording_payments_counts_toward_the_officers_day_for_the_player(tina, mia):
    loan = LoanFactory(
        value=MILLION, total_days=2, start_date=timezone.localdate() - timedelta(days=1)
    )  # 650,000 a day
    first = loan_services.loan_payment_mark(loan_id=loan.pk, status="Paid", admin=tina, on_date=loan.start_date)
    assert first.payment.value == 650_000
    waiting = waits(loan_services.loan_payment_mark(loan_id=loan.pk, status="Paid", admin=tina))
    assert waiting.proposal.least_role == roles.TELLER
    approve(waiting, mia)
    assert Loan.objects.get(pk=loan.pk).payments.filter(status="Paid").count() == 2
    books_clean()


def test_the_proposer_may_withdraw_a_proposal_with_a_reason(lou):
    savings = SavingsFactory(player=PlayerFactory(client_type="old"), invested_value=MILLION)
    waiting = waits(savings_services.savings_edit(savings_id=savings.pk, invested_value=3_000_000, admin=lou))
    with pytest.raises(decisions.BankError):
        decisions.proposal_deny(proposal_id=waiting.proposal.pk, officer=lou, reason="")
    denied = decisions.proposal_deny(proposal_id=waiting.proposal.pk, officer=lou, reason="Typo")
    assert (denied.status, denied.decision_notes) == ("denied", "Typo")
    with pytest.raises(decisions.BankError) as again:
        approve(waiting, AdminFactory(username="x"))
    assert again.value.status == 409


def test_a_teller_cannot_approve_a_loan_officers_proposal(lou, tina):
    savings = SavingsFactory(player=PlayerFactory(client_type="old"), invested_value=MILLION)
    waiting = waits(savings_services.savings_edit(savings_id=savings.pk, invested_value=3_000_000, admin=lou))
    response = bearer_for(tina).put(f"/api/admin/proposals/{waiting.proposal.pk}/approve")
    assert response.status_code == 403


# --- the books know the rules -----------------------------------------------------------------------


def test_reconcile_names_a_decision_one_officer_took_alone_above_the_threshold(lou):
    DecisionRecord.objects.create(
        at=timezone.now(),
        kind="withdrawal",
        player_id=1,
        amount=3 * MILLION,
        officer_id=lou.pk,
        officer_name="lou",
        four_eyes_above=MILLION,
    )
    breaches = [d for d in reconcile().differences if d.account == "rule:approvals"]
    assert len(breaches) == 1 and "lou decided €3,000,000 alone" in breaches[0].what


def test_reconcile_names_an_officers_movement_without_a_decision(lou):
    savings = SavingsFactory()
    LedgerEntry.objects.create(
        amount=500,
        from_account="bank",
        to_account="savings",
        to_id=savings.pk,
        reason="balance_edit",
        player_id=savings.player_id,
        actor_id=lou.pk,
    )
    Savings.objects.filter(pk=savings.pk).update(invested_value=savings.invested_value + 500)
    breaches = [d for d in reconcile().differences if d.account == "rule:decision"]
    assert [b.what for b in breaches] == ["An officer moved €500 (balance_edit) without a decision."]


def test_reconcile_names_interest_at_a_rate_the_account_never_had_and_for_a_week_not_due(lou):
    savings = SavingsFactory(invested_value=MILLION, start_date=timezone.localdate() - timedelta(days=7))
    savings_services.savings_payment_mark(savings_id=savings.pk, status="Paid", admin=lou)
    SavingsWeek.objects.filter(savings=savings).update(rate=Decimal("0.5"), interest=500_000)
    SavingsWeek.objects.create(
        savings=savings,
        week=2,
        due_date=timezone.localdate() + timedelta(days=7),
        status="Paid",
        interest=70_000,
        base=MILLION,
        rate=Decimal("0.07"),
        created_at=timezone.now(),
    )
    whats = [d.what for d in reconcile().differences if d.account == "rule:interest"]
    assert any("the account's rate then was 7.00%" in what for what in whats), whats
    assert any("was paid interest before it was due" in what for what in whats), whats


def test_reconcile_names_a_balance_grown_past_the_client_limit(lou):
    savings = SavingsFactory(player=PlayerFactory(client_type="new"), invested_value=1_400_000)
    LedgerEntry.objects.create(
        amount=200_000,
        from_account="bank",
        to_account="savings",
        to_id=savings.pk,
        reason="week_interest_compounded",
        player_id=savings.player_id,
    )
    Savings.objects.filter(pk=savings.pk).update(invested_value=1_600_000)
    whats = [d.what for d in reconcile().differences if d.account == "rule:limit"]
    assert len(whats) == 1 and "past the new client limit of €1,500,000" in whats[0]


def test_reconcile_names_solo_dividends_from_a_loan_not_repaid(lou):
    loan = LoanFactory(value=100_000)
    loan_services.loan_write_off(loan_id=loan.pk, reason="Gone", admin=lou)
    Loan.objects.filter(pk=loan.pk).update(solo_gain=10_500)
    LedgerEntry.objects.create(
        amount=10_500,
        from_account="bank",
        to_account="solo_dividends",
        reason="solo_gain",
        cause_type="loan",
        cause_id=loan.pk,
        player_id=loan.player_id,
    )
    SoloDividends.objects.update_or_create(pk=1, defaults={"dividends": 10_500})
    whats = [d.what for d in reconcile().differences if d.account == "rule:loan"]
    assert any("came from a loan not repaid in full" in what for what in whats), whats


def test_the_proposals_list_pages_on_the_server_in_a_fixed_number_of_queries(lou, tina, django_assert_num_queries):
    from testkit.queries import AUTH_QUERIES

    def propose(count):
        for _ in range(count):
            savings = SavingsFactory(player=PlayerFactory(client_type="old"), invested_value=MILLION)
            waits(savings_services.savings_edit(savings_id=savings.pk, invested_value=3 * MILLION, admin=lou))

    api = bearer_for(tina)  # every officer reads them
    propose(2)
    with django_assert_num_queries(AUTH_QUERIES + 2):
        body = api.get("/api/admin/proposals?page_size=50").json()
    assert body["count"] == 2
    propose(5)
    with django_assert_num_queries(AUTH_QUERIES + 2):
        body = api.get("/api/admin/proposals?page_size=3").json()
    assert (body["count"], len(body["results"])) == (7, 3)
    row = body["results"][0]
    assert (row["kind"], row["kind_label"], row["effect"], row["least_role"], row["proposed_by"]) == (
        "savings.edit",
        "Savings edit",
        2 * MILLION,
        "loan_officer",
        lou.public_name,  # officers read each other's display names
    )
    assert row["summary"].endswith("balance €1,000,000 → €3,000,000")
    assert api.get("/api/admin/proposals?status=carried_out").json()["count"] == 0
    assert bearer_for(PlayerFactory().user).get("/api/admin/proposals").status_code == 403


def test_removing_a_player_pays_out_and_forgives_within_what_one_officer_may_decide(treasurer):
    from operations.administration import players_bulk_delete

    rich = PlayerFactory(client_type="old")
    SavingsFactory(player=rich, invested_value=3 * MILLION)
    with pytest.raises(decisions.BankError) as refused:
        players_bulk_delete(player_ids=[rich.pk], admin=treasurer)
    assert (refused.value.status, refused.value.code) == (409, "settle_first")
    assert f"{rich.name} still holds or owes more with the bank than you may settle alone" in refused.value.detail
    small = PlayerFactory()
    loan = LoanFactory(player=small, value=100_000)  # 130,000 still owed: forgiven with the player
    players_bulk_delete(player_ids=[small.pk], admin=treasurer)
    record = DecisionRecord.objects.get(kind="player.removed")
    assert (record.player_id, record.amount, record.second_officer_id) == (small.pk, 130_000, None)
    assert LedgerEntry.objects.get(reason="loan_written_off", to_id=loan.pk).decision_id == record.pk


def test_a_proposal_about_a_player_removed_since_is_stale(lou, mia, treasurer):
    from operations.administration import players_bulk_delete

    savings = SavingsFactory(player=PlayerFactory(client_type="old"), invested_value=100_000)
    waiting = waits(savings_services.savings_edit(savings_id=savings.pk, invested_value=3 * MILLION, admin=lou))
    players_bulk_delete(player_ids=[savings.player_id], admin=treasurer)
    outcome = approve(waiting, mia)
    assert "was removed since this was proposed" in outcome.stale
    assert Proposal.objects.get(pk=waiting.proposal.pk).status == Proposal.Status.STALE


def test_an_edit_that_lends_more_keeps_to_the_tiers_maximum_for_everything_owed(lou):
    """The adversary's finding (seed 4): an edit of a loan's value lifted a Basic player's debt past
    the tier's maximum alone."""
    player = PlayerFactory(credit_score=100)  # Basic: may owe 1,000,000 in all
    loan = loan_services.loan_create(player_id=player.pk, value=400_000, total_days=10, admin=lou)
    with pytest.raises(decisions.BankError) as refused:
        loan_services.loan_edit(loan_id=loan.pk, value=1_100_000, admin=lou)
    assert refused.value.code == "over_max_amount"
    assert isinstance(loan_services.loan_edit(loan_id=loan.pk, value=500_000, admin=lou), Loan)


def test_a_rate_edit_a_second_officer_carried_out_is_the_accounts_rate_from_then_on(lou, mia):
    """The adversary's finding (seed 3): the record of a carried-out proposal named the proposal, not the
    savings account, and the books' rule check read the account's rate from before the edit."""
    savings = SavingsFactory(player=PlayerFactory(client_type="old"), invested_value=3 * MILLION)
    waiting = waits(savings_services.savings_edit(savings_id=savings.pk, interest_rate=Decimal("0.09"), admin=lou))
    approve(waiting, mia)
    record = DecisionRecord.objects.get(kind="savings.edit")
    assert (record.object_type, record.object_id, record.proposal_id) == ("savings", savings.pk, waiting.proposal.pk)
    Savings.objects.filter(pk=savings.pk).update(next_due_date=timezone.localdate())
    savings_services.savings_payment_mark(savings_id=savings.pk, status="Paid", admin=AdminFactory(username="x"))
    books_clean()


def test_an_edit_never_takes_a_loans_total_below_what_it_was_paid_back(lou):
    """The adversary's finding (seed 4, issue 29's test): a day of €195,000 was paid, then the loan's value
    was edited to €45,220 alone, and the books held a loan repaid €195,000 of a total of €58,786."""
    loan = loan_services.loan_create(
        player_id=PlayerFactory(credit_score=100).pk, value=300_000, total_days=2, admin=lou
    )
    loan_services.loan_payment_mark(loan_id=loan.pk, status="Paid", admin=lou)
    assert loan_services.loan_paid_total(loan.pk) == 195_000
    api = bearer_for(lou)
    for change in ({"value": 45_220}, {"interest_rate": "0", "value": 150_000}):
        response = api.put(f"/api/admin/loans/{loan.pk}/edit", change, format="json")
        assert (response.status_code, response.json()["code"]) == (400, "below_paid"), change
        assert "has been paid back €195,000 already" in response.json()["detail"]
    loan.refresh_from_db()
    assert (loan.value, loan.total_to_pay) == (300_000, 390_000)
    # down to exactly what was paid back is an edit like any other
    response = api.put(f"/api/admin/loans/{loan.pk}/edit", {"value": 150_000}, format="json")
    assert response.status_code == 200
    assert response.json()["total_to_pay"] == 195_000
    books_clean()


def test_a_decision_that_moves_nothing_after_the_threshold_was_lowered_is_no_breach(lou, treasurer):
    """The adversary's finding (seed 12, PostgreSQL): an officer decided €641,252 alone for a player, a
    treasurer lowered the threshold to €500,000, and the officer then marked a day Not Paid (a decision
    of €0, rightly taken alone): the books' rule check named it a breach, adding €0 to the earlier sum."""
    player = PlayerFactory(credit_score=100)
    loan = loan_services.loan_create(player_id=player.pk, value=600_000, total_days=10, admin=lou)
    assert isinstance(loan, Loan)
    response = bearer_for(treasurer).put("/api/admin/bank-settings", {"four_eyes_above": 500_000}, format="json")
    assert response.status_code == 200  # tightening: at once
    mark = loan_services.loan_payment_mark(loan_id=loan.pk, status="Not Paid", admin=lou)
    assert not isinstance(mark, decisions.AwaitingSecondApproval)  # nothing moves: one officer is enough
    assert DecisionRecord.objects.filter(kind="loan.payment", amount=0, second_officer_id__isnull=True).exists()
    books_clean()
    # what moves money is still held to the lowered threshold, with what the officer decided before
    waits(loan_services.loan_payment_mark(loan_id=loan.pk, status="Paid", admin=lou))

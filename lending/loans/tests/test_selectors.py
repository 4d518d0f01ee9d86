from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.tests.factories import PlayerFactory
from bank.texts import day_text
from credit import migration
from lending.loans import selectors
from lending.models import Loan
from lending.products import selectors as products
from lending.tests.factories import LoanFactory, LoanPaymentFactory, PendingLoanFactory

pytestmark = pytest.mark.django_db


def ago(days: int):
    return timezone.localdate() - timedelta(days=days)


def checked(loan) -> dict:
    return next(row for row in selectors.loans_check()["loans"] if row["id"] == loan.pk)


def test_figures_of_a_loan_with_paid_and_missed_days():
    loan = LoanFactory(start_date=ago(4))  # day 5 of 10, 130,000 a day
    LoanPaymentFactory(loan=loan, date=ago(4))
    LoanPaymentFactory(loan=loan, date=ago(3))
    LoanPaymentFactory(loan=loan, date=ago(2), status="Not Paid")
    row = checked(loan)
    assert (row["current_day"], row["days_passed"]) == (5, 5)
    assert (row["amount_paid"], row["remaining"]) == (260_000, 1_040_000)
    assert (row["payments_made"], row["missed_payments"]) == (2, 1)
    assert "payments_history" not in row  # Check Loans leaves the history to the loan's own read
    assert selectors.loan_detail(loan_id=loan.pk)["payments_history"] == [
        {"date": ago(4).isoformat(), "status": "Paid", "value": 130_000},
        {"date": ago(3).isoformat(), "status": "Paid", "value": 130_000},
        {"date": ago(2).isoformat(), "status": "Not Paid", "value": 0},
    ]


def test_check_loans_names_todays_entry():
    loan = LoanFactory(start_date=ago(2))
    LoanPaymentFactory(loan=loan, date=ago(1))
    assert checked(loan)["today_entry"] is None
    LoanPaymentFactory(loan=loan, date=ago(0), status="Not Paid")
    assert checked(loan)["today_entry"] == {"date": ago(0), "status": "Not Paid", "value": 0}


def test_days_passed_is_capped_at_the_loan_days_and_remaining_never_below_0():
    loan = LoanFactory(start_date=ago(14), value=10, total_to_pay=13, daily_payment=5, total_days=2)
    for day in (14, 13, 12):
        LoanPaymentFactory(loan=loan, date=ago(day))  # 3 x 5 = 15, more than the 13 owed
    row = checked(loan)
    assert (row["current_day"], row["days_passed"]) == (15, 2)
    assert (row["amount_paid"], row["remaining"]) == (15, 0)


def test_a_loan_paid_today_lists_paid_today():
    loan = LoanFactory(start_date=ago(2))
    LoanPaymentFactory(loan=loan, date=timezone.localdate())
    row = checked(loan)
    assert (row["listing_status"], row["status_text"]) == ("paid_today", "Paid today (€130,000)")


def test_a_loan_marked_not_paid_today_lists_not_paid_today():
    loan = LoanFactory(start_date=ago(20))  # its period is over too: today's entry comes first
    LoanPaymentFactory(loan=loan, date=timezone.localdate(), status="Not Paid")
    assert checked(loan)["listing_status"] == "not_paid_today"
    assert checked(loan)["status_text"] == "Marked Not Paid today"


def test_a_loan_starting_today_lists_start_today():
    row = checked(LoanFactory())
    assert row["listing_status"] == "start_today"
    assert row["status_text"] == "Starts today: day 1 of 10, €130,000 due"


def test_a_loan_past_its_days_lists_period_over():
    loan = LoanFactory(start_date=ago(10))  # day 11 of 10
    LoanPaymentFactory(loan=loan, date=ago(10))
    row = checked(loan)
    assert row["listing_status"] == "period_over"
    assert row["status_text"] == "Loan period over (10 days): €1,170,000 remaining"


def test_a_running_loan_without_todays_entry_lists_upcoming():
    row = checked(LoanFactory(start_date=ago(3)))
    assert (row["listing_status"], row["status_text"]) == ("upcoming", "Day 4 of 10: €130,000 due today")


def test_a_loan_starting_later_lists_upcoming_with_its_date():
    later = timezone.localdate() + timedelta(days=5)
    row = checked(LoanFactory(start_date=later))
    assert (row["listing_status"], row["status_text"]) == ("upcoming", f"Starts on {day_text(later)}")
    assert (row["current_day"], row["days_passed"]) == (-4, 0)


def test_check_lists_active_loans_only():
    active = LoanFactory()
    LoanFactory(status=Loan.Status.PAID_OFF, paid_off=True)
    assert [row["id"] for row in selectors.loans_check()["loans"]] == [active.pk]


def test_player_sees_own_loans_newest_first_and_own_requests_newest_first():
    player = PlayerFactory(credit_score=100)
    first, second = LoanFactory(player=player), LoanFactory(player=player)
    LoanFactory()
    older, newer = PendingLoanFactory(player=player), PendingLoanFactory(player=player)
    PendingLoanFactory()
    assert [row["id"] for row in selectors.loan_list_for_player(player=player)] == [second.pk, first.pk]
    assert [p["id"] for p in selectors.pending_loans_for_player(player=player)] == [newer.pk, older.pk]


def test_my_loans_charts_come_with_each_loan_recorded_then_planned():
    player = PlayerFactory(credit_score=100)
    # day 4 of 10, 130,000 a day: days 1 and 3 Paid, day 2 Not Paid, day 4 (today) not marked yet
    running = LoanFactory(player=player, start_date=ago(3))
    LoanPaymentFactory(loan=running, date=ago(3))
    LoanPaymentFactory(loan=running, date=ago(2), status="Not Paid")
    LoanPaymentFactory(loan=running, date=ago(1))
    # paid off after 2 of its 5 days (650,000 paid in all): its record runs to day 5, no plan
    closed = LoanFactory(player=player, start_date=ago(1), total_days=5, status=Loan.Status.PAID_OFF, paid_off=True)
    LoanPaymentFactory(loan=closed, date=ago(1), value=130_000)
    LoanPaymentFactory(loan=closed, date=ago(0), value=520_000)
    # starts in 2 days: nothing recorded, the whole chart is the plan
    later = LoanFactory(player=player, start_date=ago(-2), total_days=3, total_to_pay=300, daily_payment=100)
    charts = {row["id"]: row["chart"] for row in selectors.loan_list_for_player(player=player)}
    assert charts[running.pk] == {
        "recorded_days": 4,
        "amount_paid": [130_000, 130_000, 260_000, 260_000, 390_000, 520_000, 650_000, 780_000, 910_000, 1_040_000],
        "remaining": [1_170_000, 1_170_000, 1_040_000, 1_040_000, 910_000, 780_000, 650_000, 520_000, 390_000, 260_000],
    }
    assert charts[closed.pk] == {
        "recorded_days": 5,
        "amount_paid": [130_000, 650_000, 650_000, 650_000, 650_000],
        "remaining": [1_170_000, 650_000, 650_000, 650_000, 650_000],
    }
    assert charts[later.pk] == {"recorded_days": 0, "amount_paid": [100, 200, 300], "remaining": [200, 100, 0]}


def test_my_loans_charts_cost_no_query_whatever_the_loans(django_assert_num_queries):
    player = PlayerFactory()
    for size in (1, 6):
        for _ in range(size):
            loan = LoanFactory(player=player, start_date=ago(40), total_days=45)
            for day in range(40):
                LoanPaymentFactory(loan=loan, date=ago(day), status="Paid" if day % 3 else "Not Paid")
        with django_assert_num_queries(2):  # the loans + their day entries
            rows = selectors.loan_list_for_player(player=player)
        assert {len(row["chart"]["amount_paid"]) for row in rows} == {30}
        assert {row["chart"]["recorded_days"] for row in rows} == {30}


def test_bank_data_shows_dividends_only_with_solo_access():
    solo, plain = PlayerFactory(has_solo_access=True), PlayerFactory()
    assert products.bank_data_for_player(player=solo)["solo_dividends"] == {"dividends": 0}
    assert products.bank_data_for_player(player=plain)["solo_dividends"] is None
    assert products.bank_data_for_player(player=plain)["savings"] == []


def test_migration_source_counts_loans_taken_completed_and_paid_days():
    aria, borin, cyra = PlayerFactory(), PlayerFactory(), PlayerFactory()
    active = LoanFactory(player=aria, start_date=ago(5))
    for day in (5, 4, 3):
        LoanPaymentFactory(loan=active, date=ago(day))
    LoanPaymentFactory(loan=active, date=ago(2), status="Not Paid")
    done = LoanFactory(player=aria, start_date=ago(5), status=Loan.Status.PAID_OFF, paid_off=True)
    LoanPaymentFactory(loan=done, date=ago(5))
    LoanFactory(player=borin)
    expected = {
        aria.pk: {"loans_taken": 2, "loans_completed": 1, "loan_days_paid": 4},
        borin.pk: {"loans_taken": 1, "loans_completed": 0, "loan_days_paid": 0},
    }
    assert selectors.loan_counts_for_credit(None) == expected
    assert selectors.loan_counts_for_credit([aria.pk, cyra.pk]) == {aria.pk: expected[aria.pk]}


def test_migration_source_runs_a_fixed_number_of_queries(django_assert_num_queries):
    for size in (1, 6):
        for _ in range(size):
            loan = LoanFactory(start_date=ago(3))
            LoanPaymentFactory(loan=loan, date=ago(3))
        with django_assert_num_queries(2):
            selectors.loan_counts_for_credit(None)


def test_migration_source_is_registered_with_credit():
    player = PlayerFactory()
    loan = LoanFactory(player=player, start_date=ago(2), status=Loan.Status.PAID_OFF, paid_off=True)
    LoanPaymentFactory(loan=loan, date=ago(2))
    result = migration.calculate([player.pk])[player.pk]
    # 20 taken + 15 completed; 5 for the paid day
    assert result["score_breakdown"] == {"savings": 0, "loans": 35, "payments": 5}
    assert result["calculated_score"] == 40

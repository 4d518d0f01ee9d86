from datetime import date
from decimal import Decimal
from typing import Any

import pytest

from bank.errors import BankError
from lending import rules


@pytest.mark.parametrize(
    "raw,expected",
    [
        (100000, 100_000),
        ("100k", 100_000),
        ("500K", 500_000),
        ("1m", 1_000_000),
        ("5m", 5_000_000),
        ("10m", 10_000_000),
        ("250k", 250_000),
        ("1.5m", 1_500_000),
        (" 42 ", 42),
        ("1000m", 1_000_000_000),
    ],
)
def test_amount_accepts_integers_and_k_m_shortcuts(raw, expected):
    assert rules.parse_amount(raw) == expected


@pytest.mark.parametrize(
    "raw",
    [
        None,
        "",
        "abc",
        "1.5",
        "1.2345k",
        "-5",
        "0",
        0,
        1.5,
        True,
        "1b",
        "1001m",
        1_000_000_001,
        # loose numbers a client must not get away with: they are not what the person typed
        "١٠٠٠٠٠",  # other scripts' digits
        "100_000",
        "1e5",
        100000.0,
        "1,500,000",
        {"value": 1},
        [100000],
    ],
)
def test_amount_refuses_anything_but_a_positive_whole_number_up_to_a_billion(raw):
    with pytest.raises(ValueError, match="amount"):
        rules.parse_amount(raw)


@pytest.mark.parametrize("raw,expected", [(30, 30), ("14", 14), (1, 1), (3650, 3650), (" 7 ", 7)])
def test_days_accept_positive_whole_numbers(raw, expected):
    assert rules.parse_days(raw) == expected


@pytest.mark.parametrize("raw", [0, -1, "0", "1.5", 2.5, 7.0, "ten", None, 3651, True, "٧", "1e1", "1_0"])
def test_days_refuse_anything_else(raw):
    with pytest.raises(ValueError, match="Loan duration"):
        rules.parse_days(raw)


def test_total_to_pay_is_value_times_one_plus_rate_rounded_half_up():
    assert rules.total_to_pay(1_000_000, Decimal("0.30")) == 1_300_000
    assert rules.total_to_pay(100_000, Decimal("0.49")) == 149_000
    assert rules.total_to_pay(5, Decimal("0.30")) == 7  # 6.5 rounds up
    assert rules.total_to_pay(3, Decimal("0.50")) == 5  # 4.5 rounds up


def test_daily_payment_is_total_over_days_rounded_half_up():
    assert rules.daily_payment(1_300_000, 10) == 130_000
    assert rules.daily_payment(1_300_000, 3) == 433_333
    assert rules.daily_payment(135_000, 14) == 9_643  # 9642.857...
    assert rules.daily_payment(5, 2) == 3  # 2.5 rounds up


def test_solo_dividend_gain_is_35_percent_of_the_interest():
    assert rules.solo_dividend_gain(value=1_000_000, total=1_300_000) == 105_000
    assert rules.solo_dividend_gain(value=100_000, total=150_000) == 17_500
    assert rules.solo_dividend_gain(value=10, total=11) == 0  # 0.35 rounds down
    assert rules.solo_dividend_gain(value=10, total=20) == 4  # 3.5 rounds up


def test_start_date_window_runs_from_1_january_to_31_december_next_year():
    today = date(2026, 6, 15)
    assert rules.start_date_window(today) == (date(2026, 1, 1), date(2027, 12, 31))
    rules.check_start_date(date(2026, 1, 1), today=today)
    rules.check_start_date(date(2027, 12, 31), today=today)
    for outside in (date(2025, 12, 31), date(2028, 1, 1)):
        with pytest.raises(BankError) as error:
            rules.check_start_date(outside, today=today)
        assert error.value.detail == "Date must be between 1 Jan 2026 and 31 Dec 2027"


def test_current_day_and_days_passed():
    start = date(2026, 6, 1)
    assert rules.current_day(start=start, today=date(2026, 6, 1)) == 1
    assert rules.current_day(start=start, today=date(2026, 6, 12)) == 12
    assert rules.days_passed(start=start, today=date(2026, 6, 12), total_days=10) == 10
    assert rules.days_passed(start=start, today=date(2026, 6, 5), total_days=10) == 5
    assert rules.days_passed(start=start, today=date(2026, 5, 30), total_days=10) == 0


def chart(**overrides) -> rules.LoanChart:
    """A 10-day loan of 1,000 (100 a day) from 1 Jan 2025, on its day 4, with no Paid entry."""
    terms: dict[str, Any] = {
        "start": date(2025, 1, 1),
        "total_days": 10,
        "total_to_pay": 1_000,
        "daily_payment": 100,
        "days_passed": 4,
        "paid_off": False,
        "paid": [],
    }
    return rules.loan_chart(**(terms | overrides))


def test_loan_chart_draws_at_most_the_first_30_days():
    long = chart(total_days=45, total_to_pay=4_500, days_passed=1)
    assert (len(long.amount_paid), len(long.remaining)) == (30, 30)
    assert long.amount_paid[-1] == 2_900  # day 1 recorded unpaid, then 29 planned days of 100
    assert len(chart(total_days=7).amount_paid) == 7


def test_loan_chart_adds_up_paid_entries_day_by_day_until_today_then_follows_the_plan():
    drawn = chart(paid=[("2025-01-03", 100), ("2025-01-01", 100)])  # day 2 Not Paid: not among them
    assert drawn.recorded_days == 4
    assert drawn.amount_paid == [100, 100, 200, 200, 300, 400, 500, 600, 700, 800]
    assert drawn.remaining == [900, 900, 800, 800, 700, 600, 500, 400, 300, 200]


def test_loan_chart_never_plans_past_the_total_nor_remains_below_0():
    drawn = chart(total_to_pay=250, daily_payment=100, days_passed=0, total_days=5)
    assert drawn.recorded_days == 0
    assert drawn.amount_paid == [100, 200, 250, 250, 250]
    assert drawn.remaining == [150, 50, 0, 0, 0]
    overpaid = chart(total_to_pay=150, total_days=2, days_passed=2, paid=[("2025-01-01", 100), ("2025-01-02", 100)])
    assert (overpaid.amount_paid, overpaid.remaining) == ([100, 200], [50, 0])


def test_loan_chart_of_a_paid_off_loan_has_no_plan_its_record_runs_to_the_end():
    drawn = chart(paid_off=True, days_passed=10, total_days=3, total_to_pay=300, paid=[("2025-01-01", 100)])
    assert drawn.recorded_days == 3
    assert (drawn.amount_paid, drawn.remaining) == ([100, 100, 100], [200, 200, 200])
    # paid off on day 2 of 5: no plan after today either
    early = chart(paid_off=True, days_passed=2, total_days=5, total_to_pay=500, paid=[("2025-01-01", 500)])
    assert (early.recorded_days, early.amount_paid) == (5, [500] * 5)


def test_loan_chart_before_the_start_is_all_plan():
    drawn = chart(days_passed=0, total_days=3, total_to_pay=300, paid=[])
    assert (drawn.recorded_days, drawn.amount_paid, drawn.remaining) == (0, [100, 200, 300], [200, 100, 0])


@pytest.mark.parametrize("raw,expected", [("0.3", Decimal("0.3000")), (0.25, Decimal("0.2500")), ("0", Decimal("0"))])
def test_rate_is_a_fraction(raw, expected):
    assert rules.parse_rate(raw) == expected


@pytest.mark.parametrize("raw", ["-0.1", "6", "abc", "0.12345", "NaN", "Infinity", None, "", True, "1e-1", [0.3]])
def test_rate_refuses_negative_huge_or_too_precise(raw):
    with pytest.raises(ValueError, match="interest rate"):
        rules.parse_rate(raw)


@pytest.mark.parametrize(
    "value,score,days,rate,total,daily",
    [
        (100_000, 0, 10, "0.50", 150_000, 15_000),
        (500_000, 160, 7, "0.34", 670_000, 95_714),
        (1_000_000, 300, None, "0.28", 1_280_000, None),
    ],
)
def test_loan_terms_price_a_loan_for_a_score(value, score, days, rate, total, daily):
    terms = rules.loan_terms(value=value, score=score, total_days=days)
    assert terms.interest_rate == Decimal(rate)
    assert terms.base_rate - terms.tier_discount == terms.interest_rate
    assert (terms.total_to_pay, terms.daily_payment) == (total, daily)


@pytest.mark.parametrize(
    "paid,total,paid_off,percent",
    [(0, 100, False, 0.0), (425, 1000, False, 42.5), (1, 3, False, 33.3), (2, 3, False, 66.7), (90, 100, True, 100.0)],
)
def test_paid_percent_has_one_decimal_and_is_full_once_paid_off(paid, total, paid_off, percent):
    assert rules.paid_percent(amount_paid=paid, total_to_pay=total, paid_off=paid_off) == percent


@pytest.mark.parametrize(
    "rate,days,daily",
    [
        ("0.30", 14, "0.0214"),  # 30% over 14 days is 2.14% a day
        ("0.35", 14, "0.0250"),
        ("0.50", 1, "0.5000"),
        ("0.30", 30, "0.0100"),
        ("0.2900", 8, "0.0363"),  # 0.03625: half up
    ],
)
def test_daily_rate_is_the_whole_term_rate_over_the_days_to_a_hundredth_of_a_percent(rate, days, daily):
    assert rules.daily_rate(rate=Decimal(rate), total_days=days) == Decimal(daily)


# ---- loan rates (moved from credit: lending.rules.loan_terms is the one formula)


@pytest.mark.parametrize(
    "score,amount,rate",
    [
        (0, 100_000, "0.50"),
        (0, 500_000, "0.35"),
        (0, 1_000_000, "0.30"),
        (0, 100_001, "0.30"),
        (150, 100_000, "0.49"),
        (150, 500_000, "0.34"),
        (150, 2_000_000, "0.29"),
        (300, 100_000, "0.48"),
        (300, 500_000, "0.33"),
        (300, 10_000_000, "0.28"),
    ],
)
def test_loan_rate_by_amount_and_tier(score, amount, rate):
    assert rules.loan_terms(value=amount, score=score).interest_rate == Decimal(rate)


def test_loan_rate_is_an_exact_decimal():
    rate = rules.loan_terms(value=100_000, score=150).interest_rate
    assert isinstance(rate, Decimal)
    assert str(rate) == "0.49"

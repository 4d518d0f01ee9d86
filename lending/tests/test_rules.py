from datetime import date
from decimal import Decimal

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
        ("1,500,000", 1_500_000),
        (" 42 ", 42),
        (7.0, 7),
        ("1000m", 1_000_000_000),
    ],
)
def test_amount_accepts_integers_and_k_m_shortcuts(raw, expected):
    assert rules.parse_amount(raw) == expected


@pytest.mark.parametrize(
    "raw", [None, "", "abc", "1.5", "1.2345k", "-5", "0", 0, 1.5, True, "1b", "1001m", 1_000_000_001]
)
def test_amount_refuses_anything_but_a_positive_whole_number_up_to_a_billion(raw):
    with pytest.raises(BankError) as error:
        rules.parse_amount(raw)
    assert error.value.status == 400


@pytest.mark.parametrize("raw,expected", [(30, 30), ("14", 14), (1, 1), (3650, 3650), (7.0, 7)])
def test_days_accept_positive_whole_numbers(raw, expected):
    assert rules.parse_days(raw) == expected


@pytest.mark.parametrize("raw", [0, -1, "0", "1.5", 2.5, "ten", None, 3651, True])
def test_days_refuse_anything_else(raw):
    with pytest.raises(BankError):
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
    assert rules.parse_start_date("2026-01-01", today=today) == date(2026, 1, 1)
    assert rules.parse_start_date("2027-12-31", today=today) == date(2027, 12, 31)
    for outside in ("2025-12-31", "2028-01-01"):
        with pytest.raises(BankError) as error:
            rules.parse_start_date(outside, today=today)
        assert error.value.detail == "Date must be between 2026-01-01 and 2027-12-31"


@pytest.mark.parametrize("raw", ["2026-13-01", "15/06/2026", "2026-6-1", "", None, "tomorrow", "2026-02-30"])
def test_a_badly_written_date_names_the_format(raw):
    with pytest.raises(BankError) as error:
        rules.parse_start_date(raw, today=date(2026, 6, 15))
    assert error.value.detail == "Invalid date format. Please use YYYY-MM-DD"


def test_current_day_and_days_passed():
    start = date(2026, 6, 1)
    assert rules.current_day(start=start, today=date(2026, 6, 1)) == 1
    assert rules.current_day(start=start, today=date(2026, 6, 12)) == 12
    assert rules.days_passed(start=start, today=date(2026, 6, 12), total_days=10) == 10
    assert rules.days_passed(start=start, today=date(2026, 6, 5), total_days=10) == 5
    assert rules.days_passed(start=start, today=date(2026, 5, 30), total_days=10) == 0


@pytest.mark.parametrize("raw,expected", [("0.3", Decimal("0.3000")), (0.25, Decimal("0.2500")), ("0", Decimal("0"))])
def test_rate_is_a_fraction(raw, expected):
    assert rules.parse_rate(raw) == expected


@pytest.mark.parametrize("raw", ["-0.1", "6", "abc", "0.12345", "NaN", "Infinity", None, ""])
def test_rate_refuses_negative_huge_or_too_precise(raw):
    with pytest.raises(BankError):
        rules.parse_rate(raw)

"""The arrears rule on its edges (docs/rules.md, "Arrears"), computed by the database for many loans at
once (lending.loans.arrears), and each loan's history of buckets (services.loan_arrears_history_record).

The lending tests run on RULES_DAY, Wednesday 10 March 2027: yesterday is 9 March."""

from datetime import date, datetime, time, timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from bank.models import OutboxMessage
from conftest import bearer_for
from lending import rules
from lending.loans import selectors, services
from lending.loans.arrears import arrears_by_loan, arrears_page, loan_book, loans_arrears
from lending.models import Loan, LoanArrearsBucket
from lending.tests.factories import LoanFactory, LoanPaymentFactory
from testkit.queries import AUTH_QUERIES

TODAY = date(2027, 3, 10)
DAILY = 130_000  # LoanFactory: 1,000,000 at 30% over 10 days is 1,300,000, 130,000 a day


def figures(loan, on=TODAY):
    found = loans_arrears(on, [loan.pk])[loan.pk]
    return {key: found[key] for key in ("due", "paid", "arrears", "arrears_days", "outstanding")}


def paid(loan, *days):
    for day in days:
        LoanPaymentFactory(loan=loan, date=day)


def not_paid(loan, *days):
    for day in days:
        LoanPaymentFactory(loan=loan, date=day, status="Not Paid")


def days_back(n: int) -> date:
    return TODAY - timedelta(days=n)


def lent_on(loan, day: date):
    """The loan was lent (recorded) on `day`: the factory records it now."""
    Loan.objects.filter(pk=loan.pk).update(created_at=timezone.make_aware(datetime.combine(day, time(9))))


@pytest.mark.django_db
def test_a_loan_that_starts_today_owes_nothing_yet():
    loan = LoanFactory(start_date=TODAY)
    assert figures(loan) == {"due": 0, "paid": 0, "arrears": 0, "arrears_days": 0, "outstanding": 1_300_000}
    assert arrears_by_loan(TODAY) == {}


@pytest.mark.django_db
def test_a_loan_that_starts_tomorrow_owes_nothing():
    loan = LoanFactory(start_date=TODAY + timedelta(days=1))
    assert figures(loan)["arrears"] == 0


@pytest.mark.django_db
def test_days_up_to_yesterday_fall_due_and_unpaid_ones_are_arrears():
    loan = LoanFactory(start_date=days_back(3))  # days 1..3 are 7, 8 and 9 March; today is day 4
    paid(loan, days_back(3))
    not_paid(loan, days_back(2))
    assert figures(loan) == {
        "due": 3 * DAILY,
        "paid": DAILY,
        "arrears": 2 * DAILY,
        "arrears_days": 2,
        "outstanding": 1_300_000 - DAILY,
    }
    assert arrears_by_loan(TODAY) == {loan.pk: (2 * DAILY, 2)}
    # whole numbers on every database (PostgreSQL sums bigints as numeric)
    assert all(type(value) is int for value in figures(loan).values())


@pytest.mark.django_db
def test_todays_payment_counts_but_today_is_not_yet_due():
    loan = LoanFactory(start_date=days_back(1))  # yesterday was day 1
    paid(loan, TODAY)  # the player paid today instead of yesterday
    assert figures(loan)["arrears"] == 0


@pytest.mark.django_db
def test_a_paid_ahead_loan_is_not_in_arrears():
    loan = LoanFactory(start_date=days_back(2))
    paid(loan, days_back(2), days_back(1), TODAY)  # three days paid, two due
    row = figures(loan)
    assert row["paid"] > row["due"]
    assert (row["arrears"], row["arrears_days"]) == (0, 0)


@pytest.mark.django_db
def test_part_of_a_day_counts_as_a_whole_day():
    loan = LoanFactory(start_date=days_back(2), value=1_000, total_days=3, interest_rate=Decimal("0"))
    assert loan.daily_payment == 333
    LoanPaymentFactory(loan=loan, date=days_back(2), value=333)
    LoanPaymentFactory(loan=loan, date=days_back(1), value=300)  # 33 short
    assert (figures(loan)["arrears"], figures(loan)["arrears_days"]) == (33, 1)


@pytest.mark.django_db
def test_a_loan_past_its_period_owes_its_whole_total():
    # 10 days from 20 February: its last day was 1 March
    loan = LoanFactory(start_date=days_back(18))
    paid(loan, *[days_back(18 - n) for n in range(5)])  # five days paid
    row = figures(loan)
    assert row["due"] == 1_300_000
    assert (row["arrears"], row["arrears_days"]) == (5 * DAILY, 5)
    assert rules.arrears_bucket(row["arrears_days"]) == "4_7"


@pytest.mark.django_db
def test_past_its_period_the_rounding_remainder_is_due_too():
    loan = LoanFactory(start_date=days_back(5), value=1_000, total_days=3, interest_rate=Decimal("0"))
    paid(loan, days_back(5), days_back(4), days_back(3))  # 3 x 333 = 999 of 1,000
    assert (figures(loan)["arrears"], figures(loan)["arrears_days"]) == (1, 1)


@pytest.mark.django_db
def test_a_closed_loan_is_not_listed_but_was_open_before_it_closed(admin_user):
    loan = LoanFactory(start_date=days_back(5), value=100_000)  # 130,000 to pay, 13,000 a day
    lent_on(loan, days_back(5))
    services.loan_pay_off(loan_id=loan.pk, admin=admin_user)
    loan.refresh_from_db()
    assert loan.paid_off_at is not None
    assert arrears_by_loan(TODAY) == {}
    # on the day before it was open, and four days behind (5 to 8 March due by 8 March)
    assert arrears_by_loan(days_back(1)) == {loan.pk: (4 * 13_000, 4)}


@pytest.mark.django_db
def test_arrears_on_a_past_day_read_the_entries_dated_up_to_that_day():
    loan = LoanFactory(start_date=days_back(6))
    lent_on(loan, days_back(6))
    paid(loan, days_back(6), days_back(5))
    paid(loan, days_back(1))  # dated after the day asked about
    # on 7 March (3 days back) days 1 and 2 (4 and 5 March) fell due... and 6 March
    on = days_back(3)
    row = figures(loan, on=on)
    assert row["due"] == 3 * DAILY
    assert row["paid"] == 2 * DAILY
    assert row["arrears_days"] == 1
    # a loan recorded later than a day was not open on it, whatever its start date
    lent_on(loan, TODAY)
    assert loans_arrears(on, [loan.pk]) == {}


@pytest.mark.parametrize(
    ("days", "bucket"),
    [(0, None), (1, "1_3"), (3, "1_3"), (4, "4_7"), (7, "4_7"), (8, "8_30"), (30, "8_30"), (31, "over_30")],
)
def test_the_buckets_edges(days, bucket):
    assert rules.arrears_bucket(days) == bucket


@pytest.mark.django_db
def test_the_book_counts_each_bucket_with_its_share_of_the_loans_outstanding():
    on_time = LoanFactory(start_date=days_back(1))
    paid(on_time, days_back(1))
    LoanFactory(start_date=days_back(2))  # 1,300,000 outstanding, 260,000 in arrears
    five_days = LoanFactory(start_date=days_back(18))
    paid(five_days, *[days_back(18 - n) for n in range(5)])  # 650,000 outstanding and in arrears
    book = loan_book(TODAY)
    outstanding = (1_300_000 - DAILY) + 1_300_000 + 650_000
    assert book["open_loans"] == 3
    assert book["outstanding"] == outstanding
    assert book["arrears_loans"] == 2
    assert book["arrears_amount"] == 2 * DAILY + 5 * DAILY
    by_key = {bucket["bucket"]: bucket for bucket in book["buckets"]}
    assert by_key["1_3"] | {"share": None} == {
        "bucket": "1_3",
        "title": "1–3 days",
        "least_days": 1,
        "most_days": 3,
        "count": 1,
        "amount": 2 * DAILY,
        "outstanding": 1_300_000,
        "share": None,
    }
    assert by_key["1_3"]["share"] == rules.share(1_300_000, outstanding) == Decimal("0.4167")
    assert (by_key["4_7"]["count"], by_key["4_7"]["amount"]) == (1, 5 * DAILY)
    assert (by_key["8_30"]["count"], by_key["over_30"]["count"]) == (0, 0)
    assert book["portfolio_at_risk"] == rules.share(1_950_000, outstanding)
    # principal and interest still to come: each loan's value in the share of its total not yet paid
    expected_principal = sum(
        rules.principal_outstanding(value=1_000_000, total=1_300_000, paid=p) for p in (DAILY, 0, 650_000)
    )
    assert book["principal_outstanding"] == expected_principal
    assert book["interest_outstanding"] == outstanding - expected_principal


@pytest.mark.django_db
def test_the_book_is_one_query_and_the_page_two_whatever_the_number_of_loans():
    for n in range(6):
        LoanFactory(start_date=days_back(n + 2))
    with CaptureQueriesContext(connection) as book_queries:
        loan_book(TODAY)
    with CaptureQueriesContext(connection) as page_queries:
        page = arrears_page(on=TODAY, limit=3)
    assert len(book_queries) == 1
    assert len(page_queries) == 2
    assert page["count"] == 6
    assert [row["arrears_days"] for row in page["rows"]] == [7, 6, 5]
    assert {"loan_id", "player_id", "player_name", "bucket", "arrears", "outstanding"} <= set(page["rows"][0])


@pytest.mark.django_db
def test_the_page_sorts_and_filters_by_bucket():
    small = LoanFactory(start_date=days_back(2))
    large = LoanFactory(start_date=days_back(12))
    by_amount = arrears_page(on=TODAY, order="amount")
    assert [row["loan_id"] for row in by_amount["rows"]] == [small.pk, large.pk]
    only_late = arrears_page(on=TODAY, bucket="8_30")
    assert [row["loan_id"] for row in only_late["rows"]] == [large.pk]
    assert only_late["count"] == 1


def stays(loan):
    return list(
        LoanArrearsBucket.objects.filter(loan=loan).order_by("id").values_list("bucket", "entered_on", "left_on")
    )


@pytest.mark.django_db(transaction=True)
def test_a_day_changed_from_not_paid_to_paid_leaves_its_bucket(admin_user):
    loan = LoanFactory(start_date=days_back(2))
    services.loan_payment_mark(loan_id=loan.pk, status="Paid", admin=admin_user, on_date=days_back(2))
    services.loan_payment_mark(loan_id=loan.pk, status="Not Paid", admin=admin_user, on_date=days_back(1))
    run = services.loan_arrears_history_record()
    assert (run.entered, run.left) == (1, 0)
    assert stays(loan) == [("1_3", TODAY, None)]
    stay = LoanArrearsBucket.objects.get(loan=loan)
    assert (stay.days_on_entry, stay.amount_on_entry) == (1, DAILY)

    services.loan_payment_mark(loan_id=loan.pk, status="Paid", admin=admin_user, on_date=days_back(1))
    run = services.loan_arrears_history_record()
    assert (run.entered, run.left) == (0, 1)
    assert stays(loan) == [("1_3", TODAY, TODAY)]


@pytest.mark.django_db
def test_the_history_is_written_once_a_day_and_follows_the_loan_from_bucket_to_bucket():
    loan = LoanFactory(start_date=days_back(3))  # 3 days behind today
    services.loan_arrears_history_record(on=TODAY)
    services.loan_arrears_history_record(on=TODAY)  # again: nothing changes
    assert stays(loan) == [("1_3", TODAY, None)]
    later = TODAY + timedelta(days=1)  # 4 days behind
    services.loan_arrears_history_record(on=later)
    services.loan_arrears_history_record(on=later)
    assert stays(loan) == [("1_3", TODAY, later), ("4_7", later, None)]


@pytest.mark.django_db
def test_a_closed_loan_leaves_its_bucket(admin_user):
    loan = LoanFactory(start_date=days_back(3), value=100_000)
    services.loan_arrears_history_record()
    services.loan_write_off(loan_id=loan.pk, admin=admin_user, reason="Gone from the guild")
    services.loan_arrears_history_record()
    assert stays(loan) == [("1_3", TODAY, TODAY)]


def reminders():
    return list(
        OutboxMessage.objects.filter(kind="arrears.reminder").order_by("id").values_list("player_id", "content")
    )


@override_settings(DISCORD_WEBHOOK_URL="https://discord.example/webhook")
@pytest.mark.django_db
def test_a_player_is_reminded_once_per_bucket_per_loan():
    loan = LoanFactory(start_date=days_back(2), player__discord="zed.guild")  # 2 days behind
    assert services.loan_arrears_history_record(on=TODAY).reminded == 1
    assert reminders() == [
        (
            loan.player_id,
            f"@zed.guild: Loan #{loan.pk} is 2 days behind (1–3 days in arrears): €260,000 was due by yesterday "
            "and is not paid yet. Please pay it to a bank officer.",
        )
    ]
    assert services.loan_arrears_history_record(on=TODAY).reminded == 0  # the same day again: nothing
    two_days_on = TODAY + timedelta(days=2)  # 4 days behind: a new bucket
    assert services.loan_arrears_history_record(on=two_days_on).reminded == 1
    assert "4 days behind (4–7 days in arrears): €520,000" in reminders()[-1][1]
    # paid up to 3 days behind (back in 1-3), then 4 days behind again: both buckets were told already
    LoanPaymentFactory(loan=loan, date=days_back(2))
    assert services.loan_arrears_history_record(on=two_days_on).reminded == 0
    assert services.loan_arrears_history_record(on=two_days_on + timedelta(days=1)).reminded == 0
    assert stays(loan) == [
        ("1_3", TODAY, two_days_on),
        ("4_7", two_days_on, two_days_on),
        ("1_3", two_days_on, two_days_on + timedelta(days=1)),
        ("4_7", two_days_on + timedelta(days=1), None),
    ]
    assert len(reminders()) == 2


@pytest.mark.django_db
def test_without_a_webhook_no_reminder_is_queued():
    LoanFactory(start_date=days_back(2))
    run = services.loan_arrears_history_record(on=TODAY)
    assert (run.entered, run.reminded) == (1, 0)
    assert not OutboxMessage.objects.exists()


# --- the player's own loans: due today and in arrears, from the entries their screen reads already ----------


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("start_back", "paid_days", "total_days", "expected"),
    [
        (0, 0, 10, (DAILY, 0, 0)),  # starts today: today's day is due, nothing in arrears
        (0, 1, 10, (0, 0, 0)),  # ...and paid today
        (-1, 0, 10, (0, 0, 0)),  # starts tomorrow
        (3, 1, 10, (DAILY, 2 * DAILY, 2)),  # 3 days due by yesterday, one paid: 2 behind, today's due too
        (3, 5, 10, (0, 0, 0)),  # paid ahead past today
        (3, 3, 10, (DAILY, 0, 0)),  # up to date: today's day
        (12, 4, 10, (0, 1_300_000 - 4 * DAILY, 6)),  # past its period: the whole rest is in arrears
        (9, 2, 10, (DAILY, 7 * DAILY, 7)),  # its last day today: the rounding remainder is today's (0 here)
    ],
)
def test_a_players_loan_says_what_is_due_today_and_in_arrears_as_the_database_computes_it(
    start_back, paid_days, total_days, expected
):
    loan = LoanFactory(start_date=days_back(start_back), total_days=total_days)
    paid(loan, *[loan.start_date + timedelta(days=n) for n in range(paid_days)])
    row = next(row for row in selectors.loan_list_for_player(player=loan.player) if row["id"] == loan.pk)
    assert (row["due_today"], row["arrears"], row["arrears_days"]) == expected
    in_sql = loans_arrears(TODAY, [loan.pk]).get(loan.pk)
    if in_sql is not None:  # the one rule: the player's figures are the SQL's
        assert (in_sql["arrears"], in_sql["arrears_days"]) == (row["arrears"], row["arrears_days"])


@pytest.mark.django_db
def test_the_bank_data_says_due_today_and_in_arrears_on_each_loan_in_the_same_queries(django_assert_num_queries):
    late = LoanFactory(start_date=days_back(3))
    paid(late, days_back(3))
    closed = LoanFactory(player=late.player, start_date=days_back(20), status=Loan.Status.PAID_OFF, paid_off=True)
    client = bearer_for(late.player.user)
    with django_assert_num_queries(AUTH_QUERIES + 4):  # the player, loans, day entries, savings, requests
        body = client.get("/api/me/bank-data").json()
    figures = {row["id"]: (row["due_today"], row["arrears"], row["arrears_days"]) for row in body["loans"]}
    assert figures == {late.pk: (DAILY, 2 * DAILY, 2), closed.pk: (0, 0, 0)}

"""The daily figures (issue 35, part 1): one row a day, from the ledger and the payment history, written by
the daily job once a day whatever the number of workers; the first run backfills the past, and the
backfill equals what a day-by-day run wrote."""

from datetime import date, datetime, time, timedelta

import pytest
import time_machine
from django.db import connection, transaction
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.tests.factories import PlayerFactory
from bank import ledger
from bank.models import LedgerEntry, OutboxMessage
from lending.loans import services as loan_services
from lending.models import Loan, LoanArrearsBucket
from lending.tests.factories import LoanFactory, LoanPaymentFactory, SavingsFactory
from operations import bank_health, jobs
from operations.models import ArrearsDigest, DailyFigures, ScheduledJob
from testkit.threads import run_at_once

DAY = date(2027, 3, 10)


def at(day: date, hour: int = 12, minute: int = 0) -> datetime:
    return timezone.make_aware(datetime.combine(day, time(hour, minute)))


def row_of(day: date) -> dict:
    return DailyFigures.objects.filter(day=day).values("day", *bank_health.FIGURE_FIELDS).get()


def move(amount, source, to, reason, player=None):
    with transaction.atomic():
        ledger.move(amount=amount, source=source, to=to, reason=reason, player_id=player.pk if player else None)


def lent(loan, day: date) -> Loan:
    """The loan was recorded on `day` (the factory records it now), with its ledger entry."""
    Loan.objects.filter(pk=loan.pk).update(created_at=at(day, 9))
    with time_machine.travel(at(day, 9), tick=False):
        move(loan.value, ledger.BANK, ledger.player(loan.player_id), "loan_disbursed", loan.player)
    loan.refresh_from_db()
    return loan


@pytest.mark.bank_date("2027-03-11 08:00")
@pytest.mark.django_db
def test_a_days_figures_reconcile_with_the_days_movements_in_the_ledger():
    before = DAY - timedelta(days=1)
    with time_machine.travel(at(before, 8), tick=False):
        saver, borrower = PlayerFactory(), PlayerFactory()
    with time_machine.travel(at(DAY, 0, 30), tick=False):
        trader = PlayerFactory()  # new on the day, and holding no product
    # the day before: a deposit and a loan of 1,000,000 at 30% over 10 days (130,000 a day) starting then
    with time_machine.travel(at(before), tick=False):  # with its opening entry
        savings = SavingsFactory(player=saver, invested_value=500_000)
    loan = lent(LoanFactory(player=borrower, start_date=before), before)
    day_movements = [
        # the day's movements, each with its amount (the ledger's whole day)
        (35_000, ledger.BANK, ledger.savings(savings.pk), "week_interest_compounded", saver),
        (20_000, ledger.BANK, ledger.player(saver.pk), "week_interest_paid", saver),
        (100_000, ledger.savings(savings.pk), ledger.player(saver.pk), "withdrawal", saver),
        (250_000, ledger.BANK, ledger.savings(savings.pk), "pearl_sale", saver),
        (70_000, ledger.savings(savings.pk), ledger.BANK, "pearl_buy", saver),
        (200_000, ledger.BANK, ledger.player(trader.pk), "pearl_sale", trader),
        (130_000, ledger.player(borrower.pk), ledger.loan(loan.pk), "loan_day_paid", borrower),
        (130_000, ledger.player(borrower.pk), ledger.loan(loan.pk), "loan_day_paid", borrower),
        (130_000, ledger.loan(loan.pk), ledger.player(borrower.pk), "loan_day_unpaid", borrower),
        (50_000, ledger.player(borrower.pk), ledger.BANK, "loan_edited", borrower),  # its value lowered
        (1_000, ledger.BANK, ledger.SOLO_DIVIDENDS, "solo_gain", borrower),
    ]
    for hour, (amount, source, to, reason, player) in enumerate(day_movements):
        with time_machine.travel(at(DAY, 1 + hour), tick=False):
            move(amount, source, to, reason, player)
    with time_machine.travel(at(DAY, 23, 59), tick=False):  # the payment history: day 1 paid (and its entry)
        LoanPaymentFactory.create(loan=loan, date=before)
    with time_machine.travel(at(DAY + timedelta(days=1), 1), tick=False):
        move(999, ledger.BANK, ledger.savings(savings.pk), "week_interest_compounded", saver)  # the next day

    figures = bank_health.day_figures(DAY)

    of_day = LedgerEntry.objects.filter(created_at__gte=at(DAY, 0), created_at__lt=at(DAY + timedelta(days=1), 0))
    by_reason = {
        reason: sum(of_day.filter(reason=reason).values_list("amount", flat=True)) for reason in ledger.REASONS
    }
    assert (
        figures["savers_interest"]
        == 35_000 + 20_000
        == by_reason["week_interest_compounded"] + by_reason["week_interest_paid"]
    )
    assert figures["withdrawals"] == 100_000
    assert (figures["pearl_bread_out"], figures["pearl_bread_in"]) == (450_000, 70_000)
    assert figures["repaid"] == 130_000 * 3 - 130_000  # two days paid, one changed back, and the day 1 entry
    assert figures["lent"] == -50_000
    assert figures["solo_dividends_added"] == 1_000
    assert figures["deposits"] == 0
    # 260,000 repaid net on a loan whose interest is 300,000 of 1,300,000
    assert figures["loan_interest_collected"] == round(260_000 * 300_000 / 1_300_000)
    # held at the day's end: every entry up to it, in and out
    assert figures["savings_held"] == 500_000 + 35_000 - 100_000 + 250_000 - 70_000
    assert figures["savings_held"] == sum(
        e.amount if e.to_account == "savings" else -e.amount
        for e in LedgerEntry.objects.filter(created_at__lt=at(DAY + timedelta(days=1), 0))
        if "savings" in (e.to_account, e.from_account)
    )
    assert figures["solo_dividends_held"] == 1_000
    # the loan: day 1 (9 March) paid by the payment history; 10 March falls due tomorrow
    assert (figures["open_loans"], figures["loans_outstanding"]) == (1, 1_300_000 - 130_000)
    assert figures["arrears_loans"] == 0
    assert (figures["players_all"], figures["players_new"], figures["players_with_product"]) == (3, 1, 2)


@pytest.mark.bank_date("2027-03-10 08:00")
@pytest.mark.django_db
def test_the_arrears_figures_are_the_arrears_rules():
    loan = lent(LoanFactory(start_date=DAY - timedelta(days=5)), DAY - timedelta(days=5))
    LoanPaymentFactory(loan=loan, date=DAY - timedelta(days=5))
    figures = bank_health.day_figures(DAY - timedelta(days=1))  # on 9 March: 5 to 8 March due, one paid
    assert (figures["arrears_loans"], figures["arrears_amount"]) == (1, 3 * 130_000)
    assert (figures["arrears_1_3_count"], figures["arrears_1_3_amount"]) == (1, 3 * 130_000)
    assert figures["arrears_1_3_outstanding"] == figures["loans_outstanding"] == 1_300_000 - 130_000
    assert figures["arrears_4_7_count"] == 0


@pytest.mark.bank_date("2027-03-10 08:00")
@pytest.mark.django_db
def test_a_days_figures_take_a_fixed_number_of_queries():
    for n in range(4):
        loan = lent(LoanFactory(start_date=DAY - timedelta(days=n + 2)), DAY - timedelta(days=n + 2))
        LoanPaymentFactory(loan=loan, date=loan.start_date)
    with CaptureQueriesContext(connection) as queries:
        bank_health.day_figures(DAY - timedelta(days=1))
    assert len(queries) == 8


def bank_life(day: date) -> None:
    """A day of the bank: a new saver deposits, a loan is lent, earlier loans are paid (not every day)."""
    with time_machine.travel(at(day, 10), tick=False):  # with its opening entry
        player = PlayerFactory()
        SavingsFactory(player=player, invested_value=100_000 + day.day)
    lent(LoanFactory(player=player, start_date=day, value=100_000), day)
    for loan in Loan.objects.filter(start_date__lt=day, status=Loan.Status.ACTIVE):
        if (loan.pk + day.day) % 3:
            with time_machine.travel(at(day, 15), tick=False):
                LoanPaymentFactory(loan=loan, date=day)
                move(loan.daily_payment, ledger.player(loan.player_id), ledger.loan(loan.pk), "loan_day_paid", player)
    if day.day == 3:  # the first saver takes everything out; the first loan is paid off, the second edited down
        with time_machine.travel(at(day, 16), tick=False):
            first = SavingsFactory._meta.model.objects.order_by("pk")[0]
            move(
                first.invested_value,
                ledger.savings(first.pk),
                ledger.player(first.player_id),
                "withdrawal",
                first.player,
            )
            loan = Loan.objects.order_by("pk")[0]
            Loan.objects.filter(pk=loan.pk).update(status=Loan.Status.PAID_OFF, paid_off=True, paid_off_at=at(day, 16))
            move(50_000, ledger.player(loan.player_id), ledger.loan(loan.pk), "loan_paid_off", loan.player)
            second = Loan.objects.order_by("pk")[1]
            move(10_000, ledger.player(second.player_id), ledger.BANK, "loan_edited", second.player)


@pytest.mark.bank_date("2027-03-01 06:00")
@pytest.mark.django_db
def test_the_backfill_equals_what_a_day_by_day_run_wrote():
    days = [date(2027, 3, 1) + timedelta(days=n) for n in range(6)]
    for day in days:
        with time_machine.travel(at(day, 6), tick=False):
            assert bank_health.figures_write(today=day) == ([day - timedelta(days=1)] if day != days[0] else [])
        bank_life(day)
    with time_machine.travel(at(days[-1] + timedelta(days=1), 6), tick=False):
        assert bank_health.figures_write() == [days[-1]]
    by_day = [row_of(day) for day in days]
    assert by_day[2]["players_new"] == 1
    assert any(row["arrears_loans"] for row in by_day)  # some days were left unpaid
    assert by_day[2]["withdrawals"] and by_day[2]["loan_interest_collected"] and by_day[2]["lent"] == 100_000 - 10_000
    assert by_day[3]["players_with_product"] < by_day[3]["players_all"]  # the first saver: nothing left
    assert by_day[2]["open_loans"] == by_day[1]["open_loans"]  # one paid off, one lent

    DailyFigures.objects.all().delete()
    with time_machine.travel(at(days[-1] + timedelta(days=1), 6), tick=False):
        assert bank_health.figures_write() == days  # from the books' first day
    assert [row_of(day) for day in days] == by_day


@pytest.mark.bank_date("2027-03-10 06:00")
@pytest.mark.django_db
def test_without_books_there_is_nothing_to_write():
    assert bank_health.figures_write() == []
    assert not DailyFigures.objects.exists()


@pytest.mark.bank_date("2027-03-10 06:00")
@pytest.mark.django_db(transaction=True)
@override_settings(DISCORD_WEBHOOK_URL="https://discord.example/webhook")
def test_the_job_runs_once_a_day_across_two_workers_and_reminds_once():
    loan = lent(LoanFactory(start_date=DAY - timedelta(days=4)), DAY - timedelta(days=4))

    def worker(_index: int) -> list[str]:
        return jobs.run_due(names=["bank_health"])

    results = run_at_once(worker, threads=2)
    assert not [result for result in results if isinstance(result, Exception)], results
    assert sorted(name for result in results for name in result) == ["bank_health"]
    assert list(DailyFigures.objects.values_list("day", flat=True)) == [DAY - timedelta(days=4 - n) for n in range(4)]
    assert list(LoanArrearsBucket.objects.values_list("loan_id", "bucket", "left_on")) == [(loan.pk, "4_7", None)]
    outcome = ScheduledJob.objects.get(name="bank_health").last_outcome
    assert outcome == (
        "Wrote the figures of 4 days (6 Mar 2027 to 9 Mar 2027); 1 loan entered an arrears bucket, 0 loans left one;"
        " 1 player reminded; the officers' weekly digest written."
    )
    assert list(OutboxMessage.objects.values_list("kind", "player_id")) == [
        ("arrears.reminder", loan.player_id),
        ("arrears.digest", None),  # the week's first run (a Wednesday: the bank's first week)
    ]
    # the next day, once more: one day's row
    with time_machine.travel(at(DAY + timedelta(days=1), 6)):
        results = run_at_once(worker, threads=2)
    assert sorted(name for result in results for name in result) == ["bank_health"]
    assert DailyFigures.objects.count() == 5
    assert OutboxMessage.objects.count() == 2  # still 4 to 7 days behind: told once; the week's digest is sent


@pytest.mark.bank_date("2027-03-10 06:00")
@pytest.mark.django_db
def test_a_restore_empties_the_derived_tables():
    from operations import backup

    assert DailyFigures in backup.DERIVED and LoanArrearsBucket in backup.DERIVED
    lent(LoanFactory(start_date=DAY - timedelta(days=4)), DAY - timedelta(days=4))
    loan_services.loan_arrears_history_record()
    bank_health.figures_write()
    assert DailyFigures.objects.count() == 4 and LoanArrearsBucket.objects.count() == 1
    backup._empty_all()
    assert not DailyFigures.objects.exists() and not LoanArrearsBucket.objects.exists()


@pytest.mark.bank_date("2027-03-10 06:00")
@pytest.mark.django_db(transaction=True)
@override_settings(DISCORD_WEBHOOK_URL="https://discord.example/webhook")
def test_two_history_runs_at_once_outside_the_job_still_remind_once():
    """Even without the job's claim: one open stay a loan (a unique index), so the second insert fails and
    rolls back with its message."""
    loans = [LoanFactory(start_date=DAY - timedelta(days=days)) for days in (2, 5, 9)]
    results = run_at_once(lambda _index: loan_services.loan_arrears_history_record(), threads=2)
    assert any(not isinstance(result, Exception) for result in results), results
    assert sorted(OutboxMessage.objects.values_list("player_id", flat=True)) == sorted(loan.player_id for loan in loans)
    assert LoanArrearsBucket.objects.filter(left_on__isnull=True).count() == 3


def digests() -> list[tuple[str, int | None, str]]:
    return list(OutboxMessage.objects.filter(kind="arrears.digest").values_list("kind", "player_id", "content"))


@pytest.mark.bank_date("2027-03-10 06:00")
@pytest.mark.django_db
@override_settings(DISCORD_WEBHOOK_URL="https://discord.example/webhook")
def test_the_officers_weekly_digest_tells_each_bucket_and_its_change_against_last_week():
    two_days = lent(LoanFactory(start_date=DAY - timedelta(days=2), total_days=60), DAY - timedelta(days=9))
    lent(LoanFactory(start_date=DAY - timedelta(days=9), total_days=60), DAY - timedelta(days=9))
    assert bank_health.figures_write(today=DAY) != []  # the figures of every day since, a week ago's among them
    week_ago = row_of(DAY - timedelta(days=7))
    assert (week_ago["arrears_1_3_count"], week_ago["arrears_4_7_count"]) == (1, 0)  # 2 days behind then
    with time_machine.travel(at(DAY, 6), tick=False):
        assert bank_health.weekly_digest() is True
    daily = two_days.daily_payment
    ((kind, player_id, content),) = digests()
    assert (kind, player_id) == ("arrears.digest", None)  # to the officers' channel: no player, no mention
    outstanding = 2 * two_days.total_to_pay
    assert content.splitlines() == [
        f"Arrears this week (10 Mar 2027): 2 loans in arrears, €{11 * daily:,} behind; portfolio at risk 100.00% "
        f"of €{outstanding:,} outstanding.",
        # a week ago the other loan was the one 2 days behind, with the same share of the same outstanding
        f"- 1–3 days: 1 loan, €{2 * daily:,}, at risk 50.00% (±0 loans, ±€0, ±0.00 points against last week)",
        "- 4–7 days: 0 loans, €0, at risk 0.00% (±0 loans, ±€0, ±0.00 points against last week)",
        f"- 8–30 days: 1 loan, €{9 * daily:,}, at risk 50.00% (+1 loans, +€{9 * daily:,}, +50.00 points against "
        "last week)",
        "- Over 30 days: 0 loans, €0, at risk 0.00% (±0 loans, ±€0, ±0.00 points against last week)",
    ]
    assert ArrearsDigest.objects.get().week == date(2027, 3, 8)  # its Monday
    # the rest of the week: nothing more
    for later in (DAY, DAY + timedelta(days=1), DAY + timedelta(days=4)):
        with time_machine.travel(at(later, 6), tick=False):
            assert bank_health.weekly_digest() is False
    # the next Monday: the next week's
    with time_machine.travel(at(date(2027, 3, 15), 6), tick=False):
        assert bank_health.weekly_digest() is True
    assert len(digests()) == 2
    assert list(ArrearsDigest.objects.values_list("week", "sent_on")) == [
        (date(2027, 3, 8), DAY),
        (date(2027, 3, 15), date(2027, 3, 15)),
    ]


@pytest.mark.bank_date("2027-03-10 06:00")
@pytest.mark.django_db
@override_settings(DISCORD_WEBHOOK_URL="https://discord.example/webhook")
def test_a_digest_without_last_weeks_figures_says_so():
    LoanFactory(start_date=DAY - timedelta(days=2))
    assert bank_health.weekly_digest(today=DAY) is True
    ((_kind, _player, content),) = digests()
    assert content.splitlines()[1] == "- 1–3 days: 1 loan, €260,000, at risk 100.00%"
    assert content.splitlines()[-1] == "No figures of a week ago to compare with."


@pytest.mark.bank_date("2027-03-15 06:00")
@pytest.mark.django_db(transaction=True)
@override_settings(DISCORD_WEBHOOK_URL="https://discord.example/webhook")
def test_the_digest_is_sent_once_a_week_even_when_two_runs_write_it_at_once():
    """Even without the job's claim (an officer's run now beside the tick's): the week's row is unique, so the
    second insert fails and rolls back with its message."""
    LoanFactory(start_date=date(2027, 3, 10))
    results = run_at_once(lambda _index: bank_health.weekly_digest(), threads=2)
    assert not [result for result in results if isinstance(result, Exception)], results
    assert sorted(results) == [False, True]
    assert len(digests()) == 1 and ArrearsDigest.objects.count() == 1

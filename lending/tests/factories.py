from datetime import time, timedelta
from decimal import Decimal

import factory
from django.utils import timezone

from accounts.tests.factories import AdminFactory, PlayerFactory
from bank.models import LedgerEntry
from lending import rules
from lending.models import Loan, LoanPayment, PendingLoan, Savings, SavingsWeek, WithdrawalRequest


class LoanFactory(factory.django.DjangoModelFactory[Loan]):
    """An Active loan: 1,000,000 at 30% for 10 days (1,300,000 to pay, 130,000 a day) from today."""

    class Meta:
        model = Loan

    player = factory.SubFactory(PlayerFactory)
    value = 1_000_000
    interest_rate = Decimal("0.30")
    total_days = 10
    total_to_pay = factory.LazyAttribute(lambda o: rules.total_to_pay(o.value, o.interest_rate))
    daily_payment = factory.LazyAttribute(lambda o: rules.daily_payment(o.total_to_pay, o.total_days))
    start_date = factory.LazyFunction(timezone.localdate)
    created_by = factory.SubFactory(AdminFactory)

    class Params:
        days_ago = factory.Trait(start_date=factory.LazyFunction(lambda: timezone.localdate() - timedelta(days=3)))


class LoanPaymentFactory(factory.django.DjangoModelFactory[LoanPayment]):
    class Meta:
        model = LoanPayment
        skip_postgeneration_save = True

    loan = factory.SubFactory(LoanFactory)
    date = factory.LazyAttribute(lambda o: o.loan.start_date)
    status = LoanPayment.Status.PAID
    value = factory.LazyAttribute(lambda o: o.loan.daily_payment if o.status == LoanPayment.Status.PAID else 0)

    @factory.post_generation
    def paid_entry(obj, create, extracted, **kwargs):
        """A Paid day is in the books, as the ledger's entries for it are."""
        if create and obj.value > 0:
            LedgerEntry.objects.create(
                amount=obj.value,
                from_account="player",
                from_id=obj.loan.player_id,
                to_account="loan",
                to_id=obj.loan_id,
                reason="loan_day_paid",
                player_id=obj.loan.player_id,
            )


class PendingLoanFactory(factory.django.DjangoModelFactory[PendingLoan]):
    """A pending request for 500,000 over 14 days at the base 35%."""

    class Meta:
        model = PendingLoan

    player = factory.SubFactory(PlayerFactory, credit_score=100)
    value = 500_000
    total_days = 14
    interest_rate = Decimal("0.35")
    total_to_pay = factory.LazyAttribute(lambda o: rules.total_to_pay(o.value, o.interest_rate))
    request_reason = "New gear"
    requested_by = factory.LazyAttribute(lambda o: o.player.user)


class SavingsFactory(factory.django.DjangoModelFactory[Savings]):
    """An Active account of 1,000,000 at 7% a week, opened today (week 1 due in 7 days).

    `weeks=n` (n from 1) starts it n + 1 weeks ago with its n weeks recorded Paid (70,000 interest
    each), so week n + 1 falls due today.
    """

    class Meta:
        model = Savings
        skip_postgeneration_save = True

    class Params:
        weeks = 0

    player = factory.SubFactory(PlayerFactory)
    principal = factory.LazyAttribute(lambda o: o.invested_value)
    invested_value = 1_000_000
    interest_rate = Decimal("0.07")
    opening_rate = factory.LazyAttribute(lambda o: o.interest_rate)
    start_date = factory.LazyAttribute(
        lambda o: timezone.localdate() - timedelta(days=7 * (o.weeks + 1) if o.weeks else 0)
    )
    next_week = factory.LazyAttribute(lambda o: o.weeks + 1)
    next_due_date = factory.LazyAttribute(lambda o: rules.week_due_date(o.start_date, o.weeks + 1))
    created_by = factory.SubFactory(AdminFactory)

    @factory.post_generation
    def opening_entry(obj, create, extracted, **kwargs):
        """The books hold the balance the account starts with, as the ledger's opening entries do."""
        if create and obj.invested_value > 0:
            LedgerEntry.objects.create(
                amount=obj.invested_value,
                from_account="bank",
                to_account="savings",
                to_id=obj.pk,
                reason="opening_balance",
                player_id=obj.player_id,
            )

    @factory.post_generation
    def recorded_weeks(obj, create, extracted, **kwargs):
        if not create:
            return
        SavingsWeek.objects.bulk_create(
            SavingsWeek(
                savings=obj,
                week=week,
                due_date=rules.week_due_date(obj.start_date, week),
                status=SavingsWeek.Status.PAID,
                interest=rules.week_interest(obj.invested_value, obj.interest_rate),
                points_awarded=True,
            )
            for week in range(1, obj.next_week)
        )


class WithdrawalRequestFactory(factory.django.DjangoModelFactory[WithdrawalRequest]):
    """A pending request to withdraw 100,000 tomorrow at 18:00, GMT+1."""

    class Meta:
        model = WithdrawalRequest

    player = factory.SubFactory(PlayerFactory)
    amount = 100_000
    withdrawal_date = factory.LazyFunction(lambda: timezone.localdate() + timedelta(days=1))
    withdrawal_time = time(18, 0)
    player_timezone = 1
    requested_by = factory.LazyAttribute(lambda o: o.player.user)

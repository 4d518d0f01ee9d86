from datetime import timedelta
from decimal import Decimal

import factory
from django.utils import timezone

from accounts.tests.factories import AdminFactory, PlayerFactory
from lending import rules
from lending.models import Loan, LoanPayment, PendingLoan


class LoanFactory(factory.django.DjangoModelFactory):
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


class LoanPaymentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = LoanPayment

    loan = factory.SubFactory(LoanFactory)
    date = factory.LazyAttribute(lambda o: o.loan.start_date)
    status = LoanPayment.Status.PAID
    value = factory.LazyAttribute(lambda o: o.loan.daily_payment if o.status == LoanPayment.Status.PAID else 0)


class PendingLoanFactory(factory.django.DjangoModelFactory):
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

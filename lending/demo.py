"""Demo loans for `manage.py seed_demo`, made through the services so that credit points follow.

Aria: a loan paid off (dividends) and an active one with paid and missed days, and a denied
request. Borin: an active loan paid today, and a pending request. Cyra: a loan starting today and
one whose period is over. Idempotent: nothing is added once any demo player has a loan.
"""

from datetime import time, timedelta

from django.db import transaction

from accounts.models import Player, User
from bank import clock
from bank.demo import DEMO_PLAYERS, history_controls
from bank.outcomes import decided
from lending.loans import services

from .models import Loan


def _user(player: Player) -> User:
    """A demo player with a password signed up: their user."""
    assert player.user is not None, player.name
    return player.user


def _paid_days(loan: Loan, *, days: range, admin: User, missed: tuple[int, ...] = ()) -> None:
    for day in days:
        status = "Not Paid" if day in missed else "Paid"
        services.loan_payment_mark(
            loan_id=loan.pk, status=status, on_date=loan.start_date + timedelta(days=day - 1), admin=admin
        )


@transaction.atomic
def _seed_loans() -> None:
    names = [name for name, _discord, with_password, _solo in DEMO_PLAYERS if with_password][:3]
    players = {p.name: p for p in Player.objects.filter(name__in=names)}
    admin = User.objects.filter(is_staff=True).order_by("pk").first()
    if admin is None or len(players) < 3 or Loan.objects.filter(player__in=players.values()).exists():
        return
    aria, borin, cyra = (players[name] for name in names)
    today = clock.today()

    # Aria: 100,000 for 10 days, every day paid, then paid off (17,500 to the solo dividends)
    first = decided(
        services.loan_create(
            player_id=aria.pk, value=100_000, total_days=10, admin=admin, start_date=today - timedelta(days=20)
        )
    )
    _paid_days(first, days=range(1, 11), admin=admin)
    services.loan_pay_off(loan_id=first.pk, admin=admin)
    # ... and 600,000 for 30 days, started a week ago: days 1-5 paid, day 6 missed
    second = decided(
        services.loan_create(
            player_id=aria.pk, value=600_000, total_days=30, admin=admin, start_date=today - timedelta(days=7)
        )
    )
    _paid_days(second, days=range(1, 7), admin=admin, missed=(6,))
    aria_user = _user(Player.objects.get(pk=aria.pk))
    denied = services.loan_request_create(
        user=aria_user, player_id=aria.pk, value=250_000, total_days=14, request_reason="New gear for the raid"
    )
    services.loan_request_deny(request_id=denied.pk, admin=admin, reason="Please finish your current loan first.")

    # Borin: 500,000 for 20 days, started a week ago, days 1-6 paid and today paid; then a request
    borin_loan = decided(
        services.loan_create(
            player_id=borin.pk, value=500_000, total_days=20, admin=admin, start_date=today - timedelta(days=6)
        )
    )
    _paid_days(borin_loan, days=range(1, 8), admin=admin)
    services.loan_request_create(
        user=_user(Player.objects.get(pk=borin.pk)),
        player_id=borin.pk,
        value=500_000,
        total_days=14,
        request_reason="Expanding my farm",
    )

    # Cyra: a loan starting today, and one whose 5 days are over with a day missed
    services.loan_create(player_id=cyra.pk, value=100_000, total_days=7, admin=admin)
    over = decided(
        services.loan_create(
            player_id=cyra.pk, value=200_000, total_days=5, admin=admin, start_date=today - timedelta(days=9)
        )
    )
    _paid_days(over, days=range(1, 6), admin=admin, missed=(4,))


@transaction.atomic
def _seed_savings() -> None:
    """Savings in every listing status and withdrawal requests of every status, made through the
    services. Aria: an account with paid and compounded weeks and its next week due today, and one
    overdue; Borin: an upcoming account and a pending withdrawal; Cyra: an account, an approved and a
    denied withdrawal. Idempotent: nothing is added once any demo player has savings."""
    from lending.savings.services import (
        savings_create,
        savings_payment_mark,
        withdrawal_request_approve,
        withdrawal_request_create,
        withdrawal_request_deny,
    )

    from .models import Savings

    names = [name for name, _discord, with_password, _solo in DEMO_PLAYERS if with_password][:3]
    players = {p.name: p for p in Player.objects.select_related("user").filter(name__in=names)}
    admin = User.objects.filter(is_staff=True).order_by("pk").first()
    if admin is None or len(players) < 3 or Savings.objects.filter(player__in=players.values()).exists():
        return
    aria, borin, cyra = (players[name] for name in names)
    today = clock.today()

    # Aria: 500,000 started three weeks ago: week 1 paid, week 2 not paid (compounded), week 3 due today
    first = decided(
        savings_create(player_id=aria.pk, invested_value=500_000, admin=admin, start_date=today - timedelta(days=21))
    )
    savings_payment_mark(savings_id=first.pk, status="Paid", admin=admin)
    savings_payment_mark(savings_id=first.pk, status="Not Paid", admin=admin)
    # ... and 200,000 started ten days ago, its first week overdue
    savings_create(player_id=aria.pk, invested_value=200_000, admin=admin, start_date=today - timedelta(days=10))

    # Borin: 300,000 opened today (upcoming), and a pending withdrawal of 50,000
    savings_create(player_id=borin.pk, invested_value=300_000, admin=admin)
    withdrawal_request_create(
        user=_user(borin),
        player_id=borin.pk,
        amount=50_000,
        withdrawal_date=today + timedelta(days=2),
        withdrawal_time=time(18, 30),
        player_timezone=1,
    )

    # Cyra: 400,000 opened a week ago (due today); an approved and a denied withdrawal
    savings_create(player_id=cyra.pk, invested_value=400_000, admin=admin, start_date=today - timedelta(days=7))
    approved = withdrawal_request_create(
        user=_user(cyra),
        player_id=cyra.pk,
        amount=100_000,
        withdrawal_date=today + timedelta(days=1),
        withdrawal_time=time(20, 0),
        player_timezone=2,
    )
    withdrawal_request_approve(request_id=approved.pk, admin=admin, notes="Paid out at the bank")
    denied = withdrawal_request_create(
        user=_user(cyra),
        player_id=cyra.pk,
        amount=250_000,
        withdrawal_date=today + timedelta(days=3),
        withdrawal_time=time(9, 15),
        player_timezone=-5,
    )
    withdrawal_request_deny(request_id=denied.pk, admin=admin, reason="Please ask for a time when an admin is online.")


def seed_loans() -> None:
    with history_controls():
        _seed_loans()


def seed_savings() -> None:
    with history_controls():
        _seed_savings()

from io import StringIO

import pytest
from django.core.management import call_command

from accounts.models import Player
from bank import demo
from lending.demo import seed_loans, seed_savings
from lending.loans import selectors
from lending.loans.selectors import solo_dividends_amount
from lending.models import Loan, PendingLoan, Savings, SavingsWeek, WithdrawalRequest
from lending.savings import selectors as savings_selectors

pytestmark = pytest.mark.django_db

DEMO_NAMES = ("Aria", "Borin", "Cyra")


def test_demo_gives_the_demo_players_loans_in_several_states_once():
    assert seed_loans in demo.seeders()
    call_command("seed_demo", stdout=StringIO())
    aria, borin, cyra = (Player.objects.get(name=name) for name in ("Aria", "Borin", "Cyra"))
    assert sorted(Loan.objects.filter(player=aria).values_list("status", flat=True)) == ["Active", "Paid-Off"]
    assert list(PendingLoan.objects.filter(player=aria).values_list("status", flat=True)) == ["denied"]
    assert list(PendingLoan.objects.filter(player=borin).values_list("status", flat=True)) == ["pending"]
    assert solo_dividends_amount() == 17_500
    listing = {
        row["player_name"] + str(row["value"]): row["listing_status"]
        for row in selectors.loans_check()["loans"]
        if row["player_name"] in DEMO_NAMES  # operations/demo_states.py adds players of its own
    }
    assert listing == {
        "Aria600000": "upcoming",
        "Borin500000": "paid_today",
        "Cyra100000": "start_today",
        "Cyra200000": "period_over",
    }
    aria.refresh_from_db()
    cyra.refresh_from_db()
    loans_points, savings_points = 20 + 10 * 5 + 15 + 20 + 5 * 5, 10 + 5 + 1  # two accounts, one week paid
    assert aria.credit_score == loans_points + savings_points
    assert cyra.credit_score == 40 + 4 * 5 + 10

    call_command("seed_demo", stdout=StringIO())
    demo_loans = Loan.objects.filter(player__name__in=DEMO_NAMES)
    assert demo_loans.count() == 5 and PendingLoan.objects.filter(player__name__in=DEMO_NAMES).count() == 2


def test_demo_gives_savings_in_every_listing_status_and_withdrawals_of_every_status_once():
    assert seed_savings in demo.seeders()
    call_command("seed_demo", stdout=StringIO())
    checked = savings_selectors.savings_check()
    assert {row["listing_status"] for row in checked["savings"]} == {"overdue", "due_today", "upcoming"}
    assert set(WithdrawalRequest.objects.values_list("status", flat=True)) == {"pending", "approved", "denied"}
    cyra = Player.objects.get(name="Cyra")
    assert Savings.objects.get(player=cyra).invested_value == 300_000  # 400,000 less the approved 100,000
    weeks = SavingsWeek.objects.filter(savings__player__name="Aria").order_by("week")
    assert [(week.week, week.status) for week in weeks] == [(1, "Paid"), (2, "Not Paid")]

    call_command("seed_demo", stdout=StringIO())
    assert Savings.objects.filter(player__name__in=DEMO_NAMES).count() == 4 and WithdrawalRequest.objects.count() == 3

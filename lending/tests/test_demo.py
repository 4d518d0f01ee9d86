from io import StringIO

import pytest
from django.core.management import call_command

from accounts.models import Player
from bank import demo
from lending import selectors
from lending.demo import seed_loans
from lending.models import Loan, PendingLoan
from lending.selectors import solo_dividends_amount

pytestmark = pytest.mark.django_db


def test_demo_gives_the_demo_players_loans_in_several_states_once():
    assert seed_loans in demo.seeders()
    call_command("seed_demo", stdout=StringIO())
    aria, borin, cyra = (Player.objects.get(name=name) for name in ("Aria", "Borin", "Cyra"))
    assert sorted(Loan.objects.filter(player=aria).values_list("status", flat=True)) == ["Active", "Paid-Off"]
    assert list(PendingLoan.objects.filter(player=aria).values_list("status", flat=True)) == ["denied"]
    assert list(PendingLoan.objects.filter(player=borin).values_list("status", flat=True)) == ["pending"]
    assert solo_dividends_amount() == 17_500
    listing = {row["player_name"] + str(row["value"]): row["listing_status"] for row in selectors.loans_check()}
    assert listing == {
        "Aria1000000": "upcoming",
        "Borin500000": "paid_today",
        "Cyra100000": "start_today",
        "Cyra200000": "period_over",
    }
    aria.refresh_from_db()
    assert aria.credit_score == 20 + 10 * 5 + 15 + 20 + 5 * 5  # two loans, 15 paid days, one paid off
    assert cyra.credit_score == 40 + 4 * 5

    call_command("seed_demo", stdout=StringIO())
    assert Loan.objects.count() == 5 and PendingLoan.objects.count() == 2

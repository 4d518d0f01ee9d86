"""The lending records as the credit migration counts them: the SQL the preview joins (one pass
over every player) counts what the Python sources count, and so scores what the rules score."""

from datetime import timedelta

import pytest
from django.db.models import F

from accounts.tests.factories import PlayerFactory, made
from credit import migration
from credit.selectors import credit_migration_preview
from lending.loans.selectors import loan_counts_for_credit, loan_counts_sql
from lending.models import Loan, LoanPayment, Savings, SavingsWeek
from lending.savings.selectors import savings_counts_for_credit, savings_counts_sql
from lending.tests.factories import LoanFactory, LoanPaymentFactory, SavingsFactory
from testkit.queries import AUTH_QUERIES

pytestmark = pytest.mark.django_db


def loan_with_days(player, *, paid: int, not_paid: int, status=Loan.Status.ACTIVE):
    loan = made(LoanFactory, player=player, total_days=30, status=status, paid_off=status == Loan.Status.PAID_OFF)
    for day in range(paid + not_paid):
        LoanPaymentFactory(
            loan=loan,
            date=loan.start_date + timedelta(days=day),
            status=LoanPayment.Status.PAID if day < paid else LoanPayment.Status.NOT_PAID,
        )
    return loan


@pytest.fixture
def varied_players():
    """Players with nothing, savings only, loans only, both, closed accounts and Not Paid entries,
    and one far past the 300 cap."""
    players = [PlayerFactory() for _ in range(7)]
    _nobody, saver, borrower, both, closed, capped, unpaid = players
    SavingsFactory(player=saver, weeks=3)
    SavingsFactory(player=saver)
    loan_with_days(borrower, paid=4, not_paid=2)
    loan_with_days(borrower, paid=1, not_paid=0, status=Loan.Status.PAID_OFF)
    SavingsFactory(player=both, weeks=2)
    loan_with_days(both, paid=3, not_paid=1)
    withdrawn = SavingsFactory(player=closed, weeks=1)
    Savings.objects.filter(pk=withdrawn.pk).update(status=Savings.Status.WITHDRAWN, invested_value=0)
    SavingsWeek.objects.filter(savings=withdrawn).update(
        status=SavingsWeek.Status.NOT_PAID, interest_compounded=F("interest"), points_awarded=False
    )
    for _ in range(3):
        loan_with_days(capped, paid=25, not_paid=0, status=Loan.Status.PAID_OFF)
    loan_with_days(unpaid, paid=0, not_paid=5)
    return players


def test_the_sql_counts_equal_the_python_sources_for_varied_players(varied_players):
    ids = [player.pk for player in varied_players]
    in_python = migration.counts_for(ids)
    for row in migration.scored_rows(ids):
        expected = {name: in_python.get(row["id"], {}).get(name, 0) for name in migration.COUNT_NAMES}
        assert migration.counts_of(row) == expected
        assert row["calculated_score"] == migration.score(expected)["calculated_score"]


def test_the_preview_scores_every_player_as_the_rules_do(varied_players):
    calculated = migration.calculate()  # the Python path, which Execute sets scores with
    preview = credit_migration_preview()
    assert {row["player_id"]: row["calculated_score"] for row in preview["migration_data"]} == {
        player_id: score["calculated_score"] for player_id, score in calculated.items()
    }
    scores = [score["calculated_score"] for score in calculated.values()]
    assert (preview["total_players"], preview["calculated_scores"], preview["highest_score"]) == (
        len(scores),
        sum(1 for score in scores if score > 0),
        max(scores),
    )
    assert preview["average_score"] == round(sum(scores) / len(scores), 1)


def test_the_counts_by_hand_for_one_player_of_each_kind(varied_players):
    _nobody, saver, borrower, _both, closed, capped, unpaid = varied_players
    rows = {row["id"]: row for row in migration.scored_rows([player.pk for player in varied_players])}
    assert migration.counts_of(rows[saver.pk]) == {
        "savings_opened": 2,
        "loans_taken": 0,
        "loans_completed": 0,
        "loan_days_paid": 0,
        "savings_weeks_paid": 3,
    }
    # 2 loans (+40), 1 paid off (+15), 5 Paid days (+25)
    assert rows[borrower.pk]["calculated_score"] == 80
    # a closed account still counts as opened; its Not Paid week does not
    assert (rows[closed.pk]["count_savings_opened"], rows[closed.pk]["count_savings_weeks_paid"]) == (1, 0)
    assert rows[capped.pk]["calculated_score"] == 300
    assert rows[unpaid.pk]["calculated_score"] == 20


PREVIEW = "/api/admin/credit-score/migration-preview"


def test_the_preview_with_the_real_lending_sources_runs_a_fixed_number_of_queries(
    varied_players, admin_api, django_assert_num_queries
):
    """The pin of credit/tests with the sources lending registers, not a stand-in: a page and its
    summary (total, average, highest over every player) run 4 queries for 8 players as for 58."""
    registered = {source.counts: source.grouped for source in migration._sources}
    assert registered == {loan_counts_for_credit: loan_counts_sql, savings_counts_for_credit: savings_counts_sql}

    def preview(**query):
        with django_assert_num_queries(AUTH_QUERIES + 4):
            response = admin_api.get(PREVIEW, query)
        assert response.status_code == 200
        return response.json()

    few = preview()
    assert few["total_players"] == len(varied_players)  # the admin is no player
    for index in range(50):
        player = PlayerFactory()
        loan_with_days(player, paid=2 + index % 3, not_paid=1)
        SavingsFactory(player=player, weeks=1 + index % 2)
    many = preview(page=2)
    assert (many["total_players"], many["count"], len(many["migration_data"])) == (57, 57, 7)
    preview(page=1, search="a")
    calculated = [score["calculated_score"] for score in migration.calculate().values()]
    assert (many["average_score"], many["highest_score"]) == (
        round(sum(calculated) / len(calculated), 1),
        max(calculated),
    )

"""Statements: a player's records in a date range as CSV a spreadsheet opens."""

import csv
import io
from datetime import date, timedelta

import pytest
from django.utils import timezone

from exchange.models import PearlExchangeRequest
from lending.models import SavingsWeek
from lending.tests.factories import LoanFactory, LoanPaymentFactory, SavingsFactory, WithdrawalRequestFactory
from testkit.queries import AUTH_QUERIES

pytestmark = pytest.mark.django_db

MINE = "/api/me/statement.csv"


def rows(response) -> list[dict]:
    raw = response.content
    assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8 with BOM: spreadsheets read the encoding from it
    return list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"))))


def this_month() -> dict:
    today = timezone.localdate()
    return {"from": (today - timedelta(days=30)).isoformat(), "to": today.isoformat()}


@pytest.fixture
def records(player):
    """A loan with one paid day, a savings account with one recorded week, a withdrawal and a sale."""
    today = timezone.localdate()
    loan = LoanFactory(player=player, start_date=today - timedelta(days=3))
    LoanPaymentFactory(loan=loan, date=today - timedelta(days=2))
    savings = SavingsFactory(player=player, weeks=1)
    withdrawal = WithdrawalRequestFactory(player=player, withdrawal_date=today)
    sale = PearlExchangeRequest.objects.create(
        player=player,
        exchange_type="sell",
        pearls_amount=10,
        exchange_rate=2_500,
        bread_amount=25_000,
        savings_option="cashout",
    )
    return {"loan": loan, "savings": savings, "withdrawal": withdrawal, "sale": sale}


def test_a_player_downloads_their_statement_as_an_attachment(player_api, player, records):
    response = player_api.get(MINE, this_month())
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    today = timezone.localdate()
    name = f"statement-{player.name.lower()}-{(today - timedelta(days=30)).isoformat()}-to-{today.isoformat()}.csv"
    assert response["Content-Disposition"] == f'attachment; filename="{name}"'
    lines = rows(response)
    assert [line["type"] for line in lines] == [
        "savings",
        "savings_week",
        "loan",
        "loan_payment",
        "withdrawal",
        "pearl_sell",
    ]
    loan = next(line for line in lines if line["type"] == "loan")
    assert loan == {
        "date": records["loan"].start_date.isoformat(),
        "type": "loan",
        "reference": f"Loan #{records['loan'].pk}",
        "status": "Active",
        "amount": "1000000",
        "details": "10 days at 30%; total to pay 1300000; daily payment 130000",
    }
    payment = next(line for line in lines if line["type"] == "loan_payment")
    assert (payment["status"], payment["amount"]) == ("Paid", "130000")
    week = next(line for line in lines if line["type"] == "savings_week")
    assert (week["reference"], week["status"], week["amount"]) == (
        f"Savings #{records['savings'].pk} week 1",
        SavingsWeek.Status.PAID,
        "70000",
    )
    sale = next(line for line in lines if line["type"] == "pearl_sell")
    assert (sale["amount"], sale["details"]) == ("25000", "10 pearls at 2500; cashout")


def test_only_the_range_is_listed(player_api, records):
    today = timezone.localdate()
    lines = rows(player_api.get(MINE, {"from": today.isoformat(), "to": today.isoformat()}))
    assert [line["type"] for line in lines] == ["withdrawal", "pearl_sell"]


def test_an_empty_range_is_a_header_only(player_api, records):
    response = player_api.get(MINE, {"from": "2020-01-01", "to": "2020-01-31"})
    assert response.content.decode("utf-8-sig").splitlines() == ["date,type,reference,status,amount,details"]


def test_another_players_records_never_appear(player_api, other_player):
    LoanFactory(player=other_player)
    assert rows(player_api.get(MINE, this_month())) == []


def test_an_admin_downloads_any_players_statement(admin_api, player, records):
    response = admin_api.get(f"/api/players/{player.pk}/statement.csv", this_month())
    assert response.status_code == 200
    assert len(rows(response)) == 6


def test_a_player_asking_for_another_players_statement_gets_404(player_api, other_player):
    response = player_api.get(f"/api/players/{other_player.pk}/statement.csv", this_month())
    assert response.status_code == 404


def test_a_player_reads_their_own_by_id(player_api, player):
    assert player_api.get(f"/api/players/{player.pk}/statement.csv", this_month()).status_code == 200


def test_an_admin_without_a_player_profile_has_no_statement_of_their_own(admin_api):
    response = admin_api.get(MINE, this_month())
    assert response.status_code == 404
    assert response.json()["detail"] == "You have no player profile, so no statement"


@pytest.mark.parametrize(
    "query,detail",
    [
        ({}, "from is required (the statement's first day, YYYY-MM-DD)"),
        ({"from": "2026-01-01"}, "to is required (the statement's last day, YYYY-MM-DD)"),
        ({"from": "01/02/2026", "to": "2026-02-01"}, "Invalid date format. Please use YYYY-MM-DD"),
        ({"from": "2026-03-01", "to": "2026-02-01"}, "The start date (from) must be on or before the end date (to)"),
        ({"from": "2020-01-01", "to": "2026-01-01"}, "A statement covers at most 1,098 days: choose a shorter range"),
    ],
)
def test_a_bad_or_missing_range_answers_400_with_a_clear_detail(player_api, query, detail):
    response = player_api.get(MINE, query)
    assert response.status_code == 400
    assert response.json()["detail"] == detail


def test_a_client_that_accepts_only_csv_still_reads_the_error(player_api):
    response = player_api.get(MINE, {"from": "x", "to": "y"}, HTTP_ACCEPT="text/csv")
    assert response.status_code == 400
    assert response.content == b"Invalid date format. Please use YYYY-MM-DD"


def test_text_a_spreadsheet_would_run_is_kept_as_text(player_api, player):
    from operations import statements

    line = statements.Line(date(2026, 1, 1), "loan", "=HYPERLINK(1)", "Active", 5, "@cmd")
    content = statements.statement_csv([line]).decode("utf-8-sig")
    assert "'=HYPERLINK(1)" in content and "'@cmd" in content


def test_a_statement_runs_a_fixed_number_of_queries(player_api, player, django_assert_num_queries):
    # one query per kind of record (authentication brings the caller's player): loans, payments,
    # savings, weeks, withdrawals, exchanges
    with django_assert_num_queries(AUTH_QUERIES + 6):
        player_api.get(MINE, this_month())
    today = timezone.localdate()
    for days in range(1, 6):
        loan = LoanFactory(player=player, start_date=today - timedelta(days=days))
        LoanPaymentFactory(loan=loan)
        SavingsFactory(player=player, weeks=2)
        WithdrawalRequestFactory(player=player, withdrawal_date=today)
    with django_assert_num_queries(AUTH_QUERIES + 6):
        assert len(rows(player_api.get(MINE, this_month()))) == 5 * 6

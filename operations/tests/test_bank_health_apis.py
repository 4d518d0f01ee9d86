"""Bank Health, the Arrears list and the Overview's arrears (issue 35, part 3): every officer reads them,
players do not; the lists page and sort on the server in a fixed number of queries; bad input is a 400 with
a detail."""

import csv
import io
from datetime import date, timedelta

import pytest

from accounts.tests.factories import AdminFactory, PlayerFactory
from conftest import bearer_for
from lending.tests.factories import LoanFactory, LoanPaymentFactory
from operations import bank_health
from operations.models import DailyFigures
from testkit.queries import AUTH_QUERIES

pytestmark = [pytest.mark.django_db, pytest.mark.bank_date("2027-03-10 12:00")]

TODAY = date(2027, 3, 10)


def behind(days: int, **terms):
    """A loan `days` days in arrears today (started `days` days ago, nothing paid), over 60 days."""
    return LoanFactory(start_date=TODAY - timedelta(days=days), **({"total_days": 60} | terms))


def figures_row(day: date, **figures) -> DailyFigures:
    values = dict.fromkeys(bank_health.FIGURE_FIELDS, 0) | figures
    return DailyFigures.objects.create(day=day, computed_at=bank_health.end_of(day), **values)


@pytest.fixture
def teller_api(db):
    return bearer_for(AdminFactory(role="teller"))


def test_every_officer_reads_the_arrears_sorted_and_paged_by_the_server(teller_api, django_assert_num_queries):
    loans = [behind(days) for days in (2, 5, 12, 40, 1)]
    on_time = LoanFactory(start_date=TODAY - timedelta(days=1))
    LoanPaymentFactory(loan=on_time, date=TODAY - timedelta(days=1))
    # the page, its count and the buckets in one read: each loan's figures computed once
    with django_assert_num_queries(AUTH_QUERIES + 1):
        response = teller_api.get("/api/admin/arrears", {"page_size": 2})
    assert response.status_code == 200
    body = response.json()
    assert (body["count"], body["page"], body["page_size"], body["today"]) == (5, 1, 2, "2027-03-10")
    assert [(row["loan_id"], row["arrears_days"], row["bucket"]) for row in body["rows"]] == [
        (loans[3].pk, 40, "over_30"),
        (loans[2].pk, 12, "8_30"),
    ]
    row = body["rows"][0]
    assert (row["player_id"], row["player_name"]) == (loans[3].player_id, loans[3].player.name)
    assert row["arrears"] == row["due"] - row["paid"] == 40 * row["daily_payment"]
    assert [bucket["count"] for bucket in body["book"]["buckets"]] == [2, 1, 1, 1]
    assert body["book"]["open_loans"] == 6
    # more loans, the same queries
    for days in (3, 6, 9):
        behind(days)
    with django_assert_num_queries(AUTH_QUERIES + 1):
        body = teller_api.get("/api/admin/arrears", {"page": 2, "page_size": 3, "ordering": "amount"}).json()
    assert body["count"] == 8
    amounts = [row["arrears"] for row in body["rows"]]
    assert amounts == sorted(amounts)
    # the same book as the Overview's, and a bucket's count is its own
    assert body["book"] == teller_api.get("/api/admin/arrears").json()["book"]
    filtered = teller_api.get("/api/admin/arrears", {"bucket": "4_7"}).json()
    assert filtered["count"] == 2 and {row["bucket"] for row in filtered["rows"]} == {"4_7"}
    # past the last page: no rows, the buckets still
    with django_assert_num_queries(AUTH_QUERIES + 1):
        empty = teller_api.get("/api/admin/arrears", {"page": 9, "page_size": 3}).json()
    assert (empty["count"], empty["rows"], empty["book"]) == (8, [], body["book"])


def test_the_arrears_list_filters_by_bucket_and_refuses_what_it_cannot_read(teller_api):
    late = behind(10)
    behind(2)
    body = teller_api.get("/api/admin/arrears", {"bucket": "8_30"}).json()
    assert [row["loan_id"] for row in body["rows"]] == [late.pk]
    for query in ({"ordering": "nonsense"}, {"bucket": "9_99"}, {"page": "0"}, {"page_size": "1e3"}):
        response = teller_api.get("/api/admin/arrears", query)
        assert response.status_code == 400, query
        assert response.json()["detail"]


def test_the_overview_shows_the_arrears_buckets_in_the_same_queries(admin_api, django_assert_num_queries):
    behind(2)
    behind(5, value=100_000)
    with django_assert_num_queries(AUTH_QUERIES + 13):
        body = admin_api.get("/api/admin/dashboard-stats").json()
    arrears = body["arrears"]
    assert [(bucket["bucket"], bucket["count"]) for bucket in arrears["buckets"]] == [
        ("1_3", 1),
        ("4_7", 1),
        ("8_30", 0),
        ("over_30", 0),
    ]
    assert arrears["arrears_amount"] == 2 * 21_667 + 5 * 2_167  # 1,300,000 and 130,000 over 60 days
    assert body["stats"]["total_outstanding"] == arrears["outstanding"] == 1_300_000 + 130_000
    assert arrears["portfolio_at_risk"] == 1.0


def test_bank_health_answers_the_range_the_last_day_and_the_change(teller_api, django_assert_num_queries):
    for n in range(40):
        day = TODAY - timedelta(days=40 - n)  # 29 January to 9 March
        figures_row(day, savings_held=1_000 * n, players_all=n, loans_outstanding=100 * n, arrears_outstanding=10 * n)
    with django_assert_num_queries(AUTH_QUERIES + 1):
        body = teller_api.get("/api/admin/bank-health").json()
    assert (body["from_day"], body["to_day"]) == ("2027-02-08", "2027-03-09")  # 30 days to yesterday
    assert len(body["rows"]) == 30
    assert body["latest"]["day"] == "2027-03-09"
    assert body["latest"]["savings_held"] == 39_000
    assert body["change"]["savings_held"] == 29_000
    assert body["change"]["players_all"] == 29
    assert body["portfolio_at_risk"] == 0.1
    ranged = teller_api.get("/api/admin/bank-health", {"from": "2027-03-01", "to": "2027-03-03"}).json()
    assert [row["day"] for row in ranged["rows"]] == ["2027-03-01", "2027-03-02", "2027-03-03"]
    assert len(teller_api.get("/api/admin/bank-health", {"days": "90"}).json()["rows"]) == 40


def test_bank_health_without_figures_answers_an_empty_range(teller_api):
    body = teller_api.get("/api/admin/bank-health", {"days": "365"}).json()
    assert (body["rows"], body["latest"], body["change"], body["portfolio_at_risk"]) == ([], None, None, None)


@pytest.mark.parametrize(
    "query",
    [
        {"days": "31"},
        {"from": "2027-03-05", "to": "2027-03-01"},
        {"from": "03/01/2027"},
        {"days": "30", "from": "2027-03-01"},
        {"from": "2000-01-01", "to": "2027-03-01"},
    ],
)
def test_bank_health_refuses_a_range_it_cannot_read_with_a_detail(teller_api, query):
    response = teller_api.get("/api/admin/bank-health", query)
    assert response.status_code == 400
    assert response.json()["detail"]


def test_the_csv_holds_the_same_rows(teller_api):
    for n in range(3):
        figures_row(TODAY - timedelta(days=3 - n), savings_held=5 * n, lent=7)
    response = teller_api.get("/api/admin/bank-health.csv", {"days": "30"})
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    assert 'filename="bank-health-2027-02-08-to-2027-03-09.csv"' in response["Content-Disposition"]
    rows = list(csv.DictReader(io.StringIO(response.content.decode("utf-8-sig"))))
    json_rows = teller_api.get("/api/admin/bank-health", {"days": "30"}).json()["rows"]
    assert (
        [row["day"] for row in rows] == [row["day"] for row in json_rows] == ["2027-03-07", "2027-03-08", "2027-03-09"]
    )
    assert [int(row["savings_held"]) for row in rows] == [0, 5, 10]
    assert set(rows[0]) == {"day", *bank_health.FIGURE_FIELDS}


@pytest.mark.parametrize("path", ["/api/admin/arrears", "/api/admin/bank-health", "/api/admin/bank-health.csv"])
def test_players_cannot_read_them(player_api, path):
    assert player_api.get(path).status_code == 403


def test_a_player_with_a_loan_is_no_officer(api):
    player = PlayerFactory()
    behind(3, player=player)
    assert bearer_for(player.user).get("/api/admin/arrears").status_code == 403

"""The bank-wide admin calls: New Player, Overview stats, Report, Bad Payers, bulk delete, paging."""

from decimal import Decimal

import pytest
from django.utils import timezone

from accounts.models import Player, User
from accounts.tests.factories import PlayerFactory
from credit.models import CreditEvent
from exchange.models import PearlExchangeRequest
from lending.models import Loan, LoanPayment, PendingLoan, Savings, SavingsWeek, WithdrawalRequest
from lending.tests.factories import LoanFactory, PendingLoanFactory, SavingsFactory, WithdrawalRequestFactory
from operations.tests.stocked import exchange_request, stock_bank, stock_player
from testkit.queries import AUTH_QUERIES

pytestmark = pytest.mark.django_db


# --- New Player ----------------------------------------------------------------------------


def test_admin_creates_a_player_without_a_password(admin_api, admin_user):
    response = admin_api.post("/api/players", {"name": "Zed", "discord": "zed.dc"}, format="json")
    assert response.status_code == 201
    body = response.json()
    assert body["detail"] == "Player created successfully!"
    assert body["player"]["name"] == "Zed"
    assert body["player"]["added_by"] == admin_user.display_name  # never the sign-in name
    assert body["player"]["has_password"] is False
    assert body["player"]["bad_payer"] is False


def test_admin_creates_a_player_with_a_password_who_can_sign_in(admin_api, api):
    body = {"name": "Quinn", "discord": "quinn.dc", "password": "long-enough-1", "user": "admin", "bad_payer": False}
    assert admin_api.post("/api/players", body, format="json").status_code == 201
    login = api.post("/api/login", {"username": "quinn", "password": "long-enough-1"}, format="json")
    assert login.status_code == 200
    assert login.json()["username"] == "Quinn"


@pytest.mark.parametrize(
    "body,message",
    [
        ({"name": "", "discord": "x.dc"}, "Please fill in all required fields"),
        ({"name": "Yan"}, "Please fill in all required fields"),
        ({"name": "Y", "discord": "yy.dc"}, "Player name must be at least 2 characters"),
        ({"name": "Yan", "discord": "yan.dc", "password": "short"}, "Password must be at least 8 characters"),
        ({"name": 12, "discord": "yan.dc"}, "Player name must be text"),
        ({"name": "Y" * 65, "discord": "yan.dc"}, "Player name must be at most 64 characters"),
    ],
)
def test_new_player_validation_messages(admin_api, body, message):
    response = admin_api.post("/api/players", body, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == message
    assert not Player.objects.exists()


def test_a_name_taken_as_anothers_discord_is_refused_ignoring_case(admin_api):
    PlayerFactory(name="Ann", discord="ann.dc")
    response = admin_api.post("/api/players", {"name": "ANN.DC", "discord": "other.dc"}, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == "Player name 'ANN.DC' is already taken"
    assert Player.objects.count() == 1


def test_players_cannot_create_players(player_api):
    assert player_api.post("/api/players", {"name": "Zed", "discord": "zed.dc"}, format="json").status_code == 403
    assert not Player.objects.filter(name="Zed").exists()


# --- Overview -------------------------------------------------------------------------------


def test_dashboard_stats_are_the_banks_figures(admin_api, admin_user):
    stock_bank(admin=admin_user)
    body = admin_api.get("/api/admin/dashboard-stats").json()
    stats = body["stats"]
    assert stats["total_players"] == 4
    assert stats["bad_payers"] == 1
    assert stats["blocked_accounts"] == 1
    assert stats["solo_access_players"] == 1
    assert stats["old_clients"] == 1
    assert stats["active_loans"] == 6
    # each player: 1,000,000 at 30% and 100,000 at 50%
    assert stats["total_loan_value"] == 3 * 1_100_000
    assert stats["total_to_pay"] == 3 * (1_300_000 + 150_000)
    # one Paid day of 130,000 (1,300,000 over 10 days) per player
    assert stats["total_outstanding"] == 3 * (1_300_000 + 150_000 - 130_000)
    assert stats["active_savings"] == 3
    assert stats["total_savings_value"] == 3_000_000
    assert stats["bad_payer_loans_value"] == 1_100_000
    assert stats["bad_payer_savings_value"] == 1_000_000
    assert (stats["pending_loans"], stats["pending_withdrawals"], stats["pending_exchanges"]) == (3, 3, 3)
    assert stats["solo_dividends"] == body["solo_dividends"] == 123_456
    assert len(body["pending_loans"]) == 3
    assert len(body["withdrawal_requests"]) == 3
    assert len(body["pearl_exchange_requests"]) == 3
    [bad] = body["bad_payers"]
    assert (bad["active_loans_count"], bad["active_loans_value"]) == (2, 1_100_000)
    assert (bad["active_savings_count"], bad["active_savings_value"]) == (1, 1_000_000)


def test_outstanding_never_counts_a_loan_below_zero(admin_api):
    loan = LoanFactory(value=100_000, total_days=1)
    LoanPayment.objects.create(loan=loan, date=loan.start_date, status="Paid", value=loan.total_to_pay + 500)
    LoanFactory(value=200_000)
    stats = admin_api.get("/api/admin/dashboard-stats").json()["stats"]
    assert stats["total_outstanding"] == 260_000


def test_decided_requests_and_closed_products_are_not_counted(admin_api, admin_user):
    player = PlayerFactory()
    PendingLoanFactory(player=player, status="denied", decided_by=admin_user, decided_at=timezone.now())
    WithdrawalRequestFactory(player=player, status="denied", decided_by=admin_user, decided_at=timezone.now())
    exchange_request(player, status="denied", decided_by=admin_user, decided_at=timezone.now())
    LoanFactory(player=player, status="Paid-Off", paid_off=True)
    SavingsFactory(player=player, status="Withdrawn", invested_value=0, principal=5)
    stats = admin_api.get("/api/admin/dashboard-stats").json()["stats"]
    assert (stats["pending_loans"], stats["pending_withdrawals"], stats["pending_exchanges"]) == (0, 0, 0)
    assert (stats["active_loans"], stats["active_savings"], stats["total_outstanding"]) == (0, 0, 0)
    assert (stats["total_loans"], stats["paid_off_loans"]) == (1, 1)


def test_the_short_lists_hold_at_most_five_oldest_first(admin_api):
    requests = [PendingLoanFactory() for _ in range(7)]
    body = admin_api.get("/api/admin/dashboard-stats").json()
    assert [row["id"] for row in body["pending_loans"]] == [r.pk for r in requests[:5]]
    assert body["stats"]["pending_loans"] == 7


def test_dashboard_stats_runs_a_fixed_number_of_queries(admin_api, admin_user, django_assert_num_queries):
    stock_bank(admin=admin_user)
    # players, loans, outstanding, savings, 3 pending counts, dividends, the 4 short lists, and the newest backup
    with django_assert_num_queries(AUTH_QUERIES + 13):
        assert admin_api.get("/api/admin/dashboard-stats").status_code == 200
    for _ in range(4):
        stock_player(PlayerFactory(bad_payer=True), admin=admin_user)
    with django_assert_num_queries(AUTH_QUERIES + 13):
        assert admin_api.get("/api/admin/dashboard-stats").json()["stats"]["bad_payers"] == 5


@pytest.mark.parametrize(
    "path",
    ["/api/admin/dashboard-stats", "/api/admin/report", "/api/admin/players/bad-payers", "/api/backup"],
)
def test_players_cannot_read_the_admin_figures(player_api, path):
    assert player_api.get(path).status_code == 403


def test_without_a_session_the_admin_figures_answer_401(api):
    assert api.get("/api/admin/dashboard-stats").status_code == 401


# --- Report ---------------------------------------------------------------------------------


def test_report_lists_every_loan_and_savings_newest_first_a_page_at_a_time(admin_api, admin_user):
    stock_bank(admin=admin_user)
    first = admin_api.get("/api/admin/report", {"page_size": 4}).json()
    assert (first["count"], first["page"], first["page_size"]) == (9, 1, 4)
    assert len(first["rows"]) == 4
    second = admin_api.get("/api/admin/report", {"page": 3, "page_size": 4}).json()
    assert len(second["rows"]) == 1
    everything = admin_api.get("/api/admin/report").json()["rows"]
    assert {row["type"] for row in everything} == {"Loan", "Saving"}
    created = [row["created_at"] for row in everything]
    assert created == sorted(created, reverse=True)
    saving = next(row for row in everything if row["type"] == "Saving")
    assert (saving["value"], saving["interest_rate"], saving["status"]) == (1_000_000, 0.07, "Active")
    assert (saving["total_days"], saving["daily_rate"]) == (None, None)
    counters = first["counters"]
    assert (counters["active_loans"], counters["active_savings"], counters["bad_payers"]) == (6, 3, 1)
    assert counters["solo_dividends"] == 123_456


def test_report_loans_carry_their_days_and_the_daily_equivalent_of_their_rate(admin_api):
    LoanFactory(interest_rate=Decimal("0.30"), total_days=14)
    row = admin_api.get("/api/admin/report", {"product_type": "loan"}).json()["rows"][0]
    assert (row["type"], row["interest_rate"], row["total_days"], row["daily_rate"]) == ("Loan", 0.3, 14, 0.0214)


def test_report_filters_by_type_and_status(admin_api, admin_user):
    stock_bank(admin=admin_user)
    LoanFactory(status="Paid-Off", paid_off=True)
    loans = admin_api.get("/api/admin/report", {"product_type": "loan"}).json()
    assert loans["count"] == 7 and {row["type"] for row in loans["rows"]} == {"Loan"}
    paid_off = admin_api.get("/api/admin/report", {"status": "Paid-Off"}).json()
    assert paid_off["count"] == 1 and paid_off["rows"][0]["status"] == "Paid-Off"
    savings = admin_api.get("/api/admin/report", {"product_type": "saving"}).json()
    assert savings["count"] == 3


@pytest.mark.parametrize(
    "query,field",
    [({"page": "0"}, "page"), ({"page_size": "500"}, "page_size"), ({"product_type": "bond"}, "product_type")],
)
def test_report_refuses_bad_paging_and_filters(admin_api, query, field):
    response = admin_api.get("/api/admin/report", query)
    assert response.status_code == 400
    assert field in response.json()["fields"]


def test_report_runs_a_fixed_number_of_queries(admin_api, admin_user, django_assert_num_queries):
    stock_bank(admin=admin_user)
    # the page's keys, its loans, its savings, the two counts, and 4 for the counters
    with django_assert_num_queries(AUTH_QUERIES + 9):
        admin_api.get("/api/admin/report")
    for _ in range(5):
        stock_player(PlayerFactory(), admin=admin_user)
    with django_assert_num_queries(AUTH_QUERIES + 9):
        assert admin_api.get("/api/admin/report").json()["count"] == 24


# --- Bad Payers, Blocked, Search: paged -----------------------------------------------------


def test_bad_payers_list_with_their_holdings_paged(admin_api, admin_user):
    stock_bank(admin=admin_user)
    PlayerFactory(name="Aaron", bad_payer=True)
    body = admin_api.get("/api/admin/players/bad-payers", {"page_size": 1}).json()
    assert (body["count"], len(body["bad_payers"])) == (2, 1)
    assert body["bad_payers"][0]["name"] == "Aaron"
    assert body["bad_payers"][0]["active_loans_count"] == 0
    second = admin_api.get("/api/admin/players/bad-payers", {"page": 2, "page_size": 1}).json()["bad_payers"][0]
    assert (second["active_loans_count"], second["active_savings_value"]) == (2, 1_000_000)


def test_bad_payers_list_runs_a_fixed_number_of_queries(admin_api, admin_user, django_assert_num_queries):
    stock_player(PlayerFactory(bad_payer=True), admin=admin_user)
    with django_assert_num_queries(AUTH_QUERIES + 2):
        admin_api.get("/api/admin/players/bad-payers")
    for _ in range(5):
        stock_player(PlayerFactory(bad_payer=True), admin=admin_user)
    with django_assert_num_queries(AUTH_QUERIES + 2):
        assert len(admin_api.get("/api/admin/players/bad-payers").json()["bad_payers"]) == 6


def test_blocked_list_pages_on_the_server(admin_api):
    for _ in range(3):
        PlayerFactory(failed_attempts=5, blocked_at=timezone.now())
    body = admin_api.get("/api/admin/players/blocked", {"page_size": 2}).json()
    assert (body["count"], body["page"], body["page_size"], len(body["blocked_players"])) == (3, 1, 2, 2)
    assert len(admin_api.get("/api/admin/players/blocked", {"page": 2, "page_size": 2}).json()["blocked_players"]) == 1


def test_a_blocked_player_is_listed_unblocked_and_signs_in(admin_api, api):
    admin_api.post("/api/players", {"name": "Lock", "discord": "lock.dc", "password": "lock-pass-1"}, format="json")
    for _ in range(5):
        api.post("/api/login", {"username": "Lock", "password": "wrong-password"}, format="json")
    assert api.post("/api/login", {"username": "Lock", "password": "lock-pass-1"}, format="json").status_code == 403
    [listed] = admin_api.get("/api/admin/players/blocked").json()["blocked_players"]
    assert (listed["name"], listed["failed_attempts"]) == ("Lock", 5)
    assert admin_api.put(f"/api/admin/players/{listed['id']}/unblock").status_code == 200
    assert admin_api.get("/api/admin/players/blocked").json()["count"] == 0
    assert api.post("/api/login", {"username": "Lock", "password": "lock-pass-1"}, format="json").status_code == 200


def test_search_pages_on_the_server_exact_match_first(admin_api):
    for index in range(5):
        PlayerFactory(name=f"Kit{index}", discord=f"kit{index}.dc")
    kit = PlayerFactory(name="Kit", discord="kitty.dc")
    body = admin_api.get("/api/search/players", {"term": "kit", "page_size": 2}).json()
    assert (body["count"], len(body["players"])) == (6, 2)
    assert body["players"][0]["id"] == kit.pk
    by_id = admin_api.get("/api/search/players", {"term": str(kit.pk)}).json()["players"]
    assert by_id[0]["id"] == kit.pk


def test_search_without_a_term_answers_the_specs_message(admin_api):
    response = admin_api.get("/api/search/players", {"term": "  "})
    assert response.status_code == 400
    assert response.json()["detail"] == "Please enter a search term"


def test_search_runs_a_fixed_number_of_queries(admin_api, django_assert_num_queries):
    for index in range(3):
        PlayerFactory(name=f"Ray{index}")
    with django_assert_num_queries(AUTH_QUERIES + 2):
        admin_api.get("/api/search/players", {"term": "ray"})
    for index in range(3, 20):
        PlayerFactory(name=f"Ray{index}")
    with django_assert_num_queries(AUTH_QUERIES + 2):
        assert admin_api.get("/api/search/players", {"term": "ray"}).json()["count"] == 20


# --- bulk delete ----------------------------------------------------------------------------


@pytest.mark.usefixtures("high_threshold")
def test_bulk_delete_removes_everything_the_players_hold_and_reports_the_counts(admin_api, admin_user):
    gone = [PlayerFactory(), PlayerFactory()]
    for player in gone:
        stock_player(player, admin=admin_user)
    kept = PlayerFactory()
    stock_player(kept, admin=admin_user)
    gone_users = [player.user_id for player in gone]
    response = admin_api.delete("/api/admin/players/bulk-delete", {"player_ids": [p.pk for p in gone]}, format="json")
    assert response.status_code == 200
    assert response.json() == {
        "players_count": 2,
        "loans_count": 4,
        "savings_count": 2,
        "pending_loans_count": 2,
        "withdrawal_requests_count": 2,
        "pearl_exchange_requests_count": 2,
        "credit_events_count": 4,
        "detail": "Deleted 2 players and all their data.",
    }
    assert list(Player.objects.values_list("pk", flat=True)) == [kept.pk]
    for model in (Loan, Savings, PendingLoan, WithdrawalRequest, PearlExchangeRequest, CreditEvent):
        assert set(model.objects.values_list("player_id", flat=True)) == {kept.pk}
    assert LoanPayment.objects.filter(loan__player=kept).count() == LoanPayment.objects.count() == 2
    assert SavingsWeek.objects.count() == 2
    assert not User.objects.filter(pk__in=gone_users).exists()


def test_bulk_delete_takes_the_specs_bare_list(admin_api):
    player = PlayerFactory()
    response = admin_api.delete("/api/admin/players/bulk-delete", [player.pk], format="json")
    assert response.status_code == 200
    assert response.json()["players_count"] == 1
    assert not Player.objects.exists()


@pytest.mark.parametrize("body", [{"player_ids": []}, [], {}])
def test_bulk_delete_needs_at_least_one_player(admin_api, body):
    PlayerFactory()
    response = admin_api.delete("/api/admin/players/bulk-delete", body, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == "Please select at least one player to delete"
    assert Player.objects.count() == 1


def test_bulk_delete_with_an_unknown_id_removes_nothing(admin_api):
    player = PlayerFactory()
    response = admin_api.delete("/api/admin/players/bulk-delete", {"player_ids": [player.pk, 999_999]}, format="json")
    assert response.status_code == 404
    assert response.json()["detail"] == "Players not found: #999999. Refresh the list and try again."
    assert Player.objects.filter(pk=player.pk).exists()


def test_bulk_delete_refuses_ids_that_are_not_whole_numbers(admin_api):
    response = admin_api.delete("/api/admin/players/bulk-delete", {"player_ids": ["x"]}, format="json")
    assert response.status_code == 400
    assert "player_ids" in response.json()["fields"]


def test_players_cannot_bulk_delete(player_api, other_player):
    response = player_api.delete("/api/admin/players/bulk-delete", [other_player.pk], format="json")
    assert response.status_code == 403
    assert Player.objects.filter(pk=other_player.pk).exists()


def test_a_deleted_players_session_ends(admin_api, player_api, player):
    assert player_api.get("/api/me").status_code == 200
    admin_api.delete("/api/admin/players/bulk-delete", [player.pk], format="json")
    assert player_api.get("/api/me").status_code == 401

"""The savings and withdrawals API: roles, scoping, input, answers and fixed query counts."""

from datetime import date, timedelta

import pytest
from django.utils import timezone

from accounts.models import Player
from accounts.tests.factories import PlayerFactory
from conftest import bearer_for
from lending.models import Savings, SavingsWeek, WithdrawalRequest
from lending.tests.factories import SavingsFactory, WithdrawalRequestFactory
from testkit.queries import AUTH_QUERIES

pytestmark = pytest.mark.django_db

WITHDRAW = "/api/withdrawal-requests"


def today() -> date:
    return timezone.localdate()


def _withdrawal(**changes) -> dict:
    return {
        "amount": 100_000,
        "withdrawal_date": (today() + timedelta(days=1)).isoformat(),
        "withdrawal_time": "18:30",
        "player_timezone": 1,
        **changes,
    }


# --- roles and scoping ---------------------------------------------------------------------


@pytest.mark.parametrize(
    "method,path",
    [
        ("post", "/api/savings"),
        ("post", "/api/savings/{id}/payment?payment_status=Paid"),
        ("put", "/api/admin/savings/{id}/edit"),
        ("put", "/api/admin/savings/{id}/change-date?new_date=2026-06-01"),
        ("get", "/api/admin/savings/check"),
        ("post", "/api/admin/savings/auto-process-overdue"),
        ("get", "/api/admin/savings/client-overview"),
        ("post", "/api/admin/savings/mark-existing-players"),
        ("put", "/api/admin/players/{player}/client-type?client_type=old"),
        ("get", "/api/admin/withdrawal-requests"),
        ("put", "/api/admin/withdrawal-requests/{request}/approve"),
        ("put", "/api/admin/withdrawal-requests/{request}/deny?admin_notes=No"),
    ],
)
def test_players_cannot_call_the_admins_savings_calls(player_api, player, method, path):
    savings = SavingsFactory(player=player)
    request = WithdrawalRequestFactory(player=player)
    url = path.format(id=savings.pk, player=player.pk, request=request.pk)
    response = getattr(player_api, method)(url, {}, format="json")
    assert response.status_code == 403
    savings.refresh_from_db()
    assert savings.invested_value == 1_000_000
    assert WithdrawalRequest.objects.get().status == "pending"
    assert Player.objects.get(pk=player.pk).client_type == "new"


@pytest.mark.parametrize(
    "path",
    [
        "/api/players/{other}/total-savings",
        "/api/players/{other}/withdrawal-history",
        "/api/players/{other}/products",
        "/api/savings/{savings}",
        "/api/savings/quote?player_id={other}",
    ],
)
def test_another_players_savings_answer_404(player_api, other_player, path):
    savings = SavingsFactory(player=other_player)
    response = player_api.get(path.format(other=other_player.pk, savings=savings.pk))
    assert response.status_code == 404


def test_a_withdrawal_for_another_players_id_answers_404_and_files_nothing(player_api, other_player):
    SavingsFactory(player=other_player)
    response = player_api.post(WITHDRAW, _withdrawal(player_id=other_player.pk), format="json")
    assert response.status_code == 404
    assert not WithdrawalRequest.objects.exists()


def test_admins_cannot_file_a_players_withdrawal(admin_api, player):
    SavingsFactory(player=player)
    assert admin_api.post(WITHDRAW, _withdrawal(player_id=player.pk), format="json").status_code == 403


# --- player calls --------------------------------------------------------------------------


def test_total_savings_lists_what_the_player_may_withdraw(player_api, player):
    first = SavingsFactory(player=player, invested_value=300_000, weeks=2)
    SavingsFactory(player=player, invested_value=200_000)
    SavingsFactory(player=PlayerFactory())  # someone else's
    body = player_api.get(f"/api/players/{player.pk}/total-savings").json()
    assert (body["total_available"], body["savings_count"]) == (500_000, 2)
    assert (body["withdrawal_date_min"], body["withdrawal_date_max"]) == (
        today().isoformat(),
        date(today().year + 1, 12, 31).isoformat(),
    )
    assert body["savings_breakdown"][0] == {
        "savings_id": first.pk,
        "amount": 300_000,
        "interest_rate": 0.07,
        "payments_count": 2,
        "start_date": first.start_date.isoformat(),
    }


def test_a_player_files_a_withdrawal_and_reads_it_in_their_history(player_api, player):
    SavingsFactory(player=player)
    response = player_api.post(WITHDRAW, _withdrawal(player_name="anyone", player_discord="x"), format="json")
    assert response.status_code == 201
    body = response.json()
    assert (body["amount"], body["withdrawal_time"], body["player_timezone"], body["status"]) == (
        100_000,
        "18:30",
        1,
        "pending",
    )
    assert (body["time"], body["timezone"], body["date"]) == ("18:30", 1, body["withdrawal_date"])
    history = player_api.get(f"/api/players/{player.pk}/withdrawal-history").json()["withdrawal_history"]
    assert [row["id"] for row in history] == [body["id"]]


@pytest.mark.parametrize(
    "changes,field",
    [
        ({"amount": 1_000_001}, "amount"),  # over the available total
        ({"amount": 0}, "amount"),
        ({"amount": "1e5"}, "amount"),
        ({"amount": 100000.0}, "amount"),
        ({"withdrawal_date": "2020-01-01"}, "withdrawal_date"),
        ({"withdrawal_date": "tomorrow"}, "withdrawal_date"),
        ({"withdrawal_time": "25:00"}, "withdrawal_time"),
        ({"withdrawal_time": "6pm"}, "withdrawal_time"),
        ({"player_timezone": 13}, "player_timezone"),
        ({"player_timezone": -13}, "player_timezone"),
        ({"player_timezone": 1.5}, "player_timezone"),
    ],
)
def test_bad_withdrawal_input_answers_400_naming_the_field(player_api, player, changes, field):
    SavingsFactory(player=player)
    response = player_api.post(WITHDRAW, _withdrawal(**changes), format="json")
    assert response.status_code == 400
    assert list(response.json()["fields"]) == [field]
    assert not WithdrawalRequest.objects.exists()


@pytest.mark.parametrize("missing", ["amount", "withdrawal_date", "withdrawal_time", "player_timezone"])
def test_a_withdrawal_without_a_field_says_fill_in_all_fields(player_api, player, missing):
    SavingsFactory(player=player)
    body = _withdrawal()
    del body[missing]
    response = player_api.post(WITHDRAW, body, format="json")
    assert (response.status_code, response.json()["detail"]) == (400, "Please fill in all required fields")


def test_a_withdrawal_takes_an_idempotency_key(player_api, player):
    SavingsFactory(player=player)
    first = player_api.post(WITHDRAW, _withdrawal(), format="json", HTTP_IDEMPOTENCY_KEY="w-1")
    again = player_api.post(WITHDRAW, _withdrawal(), format="json", HTTP_IDEMPOTENCY_KEY="w-1")
    assert first.json() == again.json() and WithdrawalRequest.objects.count() == 1
    other = player_api.post(WITHDRAW, _withdrawal(amount=5), format="json", HTTP_IDEMPOTENCY_KEY="w-1")
    assert other.status_code == 422


def test_without_a_profile_a_withdrawal_answers_the_specs_message(api):
    from accounts.tests.factories import UserFactory

    client = bearer_for(UserFactory())
    response = client.post(WITHDRAW, _withdrawal(), format="json")
    assert (response.status_code, response.json()["detail"]) == (404, "Player profile not found. Please contact admin.")


def test_bank_data_and_products_carry_the_players_savings(player_api, player):
    savings = SavingsFactory(player=player, weeks=1)
    data = player_api.get("/api/me/bank-data").json()
    [row] = data["savings"]
    assert (row["id"], row["invested_value"], row["payments_count"], row["status"]) == (
        savings.pk,
        1_000_000,
        1,
        "Active",
    )
    assert row["payments_history"][0]["status"] == "Paid"
    assert player_api.get(f"/api/players/{player.pk}/products").json()["savings"] == data["savings"]
    assert data["summary"] == {
        "loans_count": 0,
        "active_loans_count": 0,
        "loans_total_value": 0,
        "loans_remaining": 0,
        "savings_count": 1,
        "active_savings_count": 1,
        "savings_total_value": 1_000_000,
        "savings_weekly_earnings": 70_000,
        "savings_payments_received": 1,
        "savings_total_earnings": 70_000,
    }


def test_the_savings_quote_for_a_player_and_for_an_admin(player_api, player, admin_api):
    SavingsFactory(player=player)
    mine = player_api.get("/api/savings/quote").json()
    assert (mine["current_weekly_earnings"], len(mine["weekly_chart"]), mine["remaining"]) == (70_000, 12, 500_000)
    new = admin_api.get(f"/api/savings/quote?player_id={player.pk}&invested_value=500k").json()
    assert (new["weekly_payment"], new["allowed"], new["reason"]) == (35_000, True, "")
    assert admin_api.get("/api/savings/quote").status_code == 400


def test_anyone_signed_in_reads_the_timezone_settings(player_api):
    assert player_api.get("/api/admin/timezone-settings").json() == {
        "timezone_settings": {"admin_timezone": 1, "display_format": "24h", "min_timezone": -12, "max_timezone": 12}
    }


# --- admin calls ---------------------------------------------------------------------------


def test_admin_adds_a_savings_product(admin_api, player):
    response = admin_api.post(
        "/api/savings", {"player_id": player.pk, "invested_value": "1m", "user": "x"}, format="json"
    )
    assert response.status_code == 201
    body = response.json()
    assert (body["invested_value"], body["interest_rate"], body["weekly_payment"], body["next_week"]) == (
        1_000_000,
        0.07,
        70_000,
        1,
    )


@pytest.mark.parametrize(
    "body,message",
    [
        ({"invested_value": 100_000}, "Please search and select a player first"),
        ({"player_id": "me"}, "Please enter a value"),
        ({"player_id": "me", "invested_value": ""}, "Please enter a value"),
    ],
)
def test_add_savings_names_what_is_missing(admin_api, player, body, message):
    if body.get("player_id") == "me":
        body = {**body, "player_id": player.pk}
    response = admin_api.post("/api/savings", body, format="json")
    answer = response.json()
    assert (response.status_code, answer["detail"], answer["code"]) == (400, message, "missing_fields")


def test_add_savings_over_the_limit_answers_a_clear_400(admin_api, player):
    response = admin_api.post("/api/savings", {"player_id": player.pk, "invested_value": 1_500_001}, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == (
        "New clients can hold at most €1,500,000 in savings: this player holds €0, so at most €1,500,000 more"
    )


def test_admin_marks_a_week_and_reads_solo_gain_and_reverted(admin_api):
    savings = SavingsFactory(weeks=1)
    body = admin_api.post(f"/api/savings/{savings.pk}/payment?payment_status=Not Paid").json()
    assert (body["week"], body["status"], body["interest_compounded"], body["solo_gain"], body["reverted"]) == (
        2,
        "Not Paid",
        70_000,
        0,
        False,
    )
    assert body["detail"] == "Savings payment processed as Not Paid. Solo gained €0"
    back = admin_api.post(f"/api/savings/{savings.pk}/payment?payment_status=Paid&week=2").json()
    assert (back["reverted"], back["savings"]["invested_value"]) == (True, 1_000_000)


def test_a_payment_answer_says_what_it_did_to_the_balance(admin_api):
    savings = SavingsFactory(weeks=1)
    missed = admin_api.post(f"/api/savings/{savings.pk}/payment?payment_status=Not Paid").json()
    assert missed["balance_change"] == 70_000
    back = admin_api.post(f"/api/savings/{savings.pk}/payment?payment_status=Paid&week=2").json()
    assert (back["reverted"], back["balance_change"]) == (True, -70_000)


def test_check_savings_rows_carry_the_latest_recorded_week(admin_api):
    fresh = SavingsFactory()
    missed = SavingsFactory(weeks=1)
    admin_api.post(f"/api/savings/{missed.pk}/payment?payment_status=Not Paid")
    rows = {row["id"]: row for row in admin_api.get("/api/admin/savings/check").json()["savings"]}
    assert rows[fresh.pk]["latest_week"] is None
    latest = rows[missed.pk]["latest_week"]
    assert (latest["week"], latest["status"], latest["interest"], latest["interest_compounded"]) == (
        2,
        "Not Paid",
        70_000,
        70_000,
    )
    assert latest["date"] == today().isoformat()  # week 2 of an account opened two weeks ago
    assert rows[missed.pk]["next_week"] == 3


def test_a_players_products_carry_each_savings_latest_week(admin_api):
    savings = SavingsFactory(weeks=2)
    products = admin_api.get(f"/api/players/{savings.player_id}/products").json()
    assert products["savings"][0]["latest_week"] == products["savings"][0]["payments_history"][-1]
    assert products["savings"][0]["latest_week"]["week"] == 2


@pytest.mark.parametrize("query", ["payment_status=Maybe", "payment_status=Paid&week=0", "payment_status=Paid&week=x"])
def test_bad_payment_input_answers_400(admin_api, query):
    savings = SavingsFactory(weeks=1)
    assert admin_api.post(f"/api/savings/{savings.pk}/payment?{query}").status_code == 400
    assert SavingsWeek.objects.filter(savings=savings).count() == 1


@pytest.mark.usefixtures("high_threshold")
def test_admin_edits_and_moves_a_savings_account(admin_api):
    savings = SavingsFactory()
    body = admin_api.put(
        f"/api/admin/savings/{savings.pk}/edit", {"interest_rate": 0.08, "admin_notes": "Loyal client"}, format="json"
    ).json()
    assert (body["interest_rate"], body["weekly_payment"], body["admin_notes"]) == (0.08, 80_000, "Loyal client")
    year = today().year
    back = (today() - timedelta(days=7)).isoformat()  # as far back as one officer may move it
    moved = admin_api.put(f"/api/admin/savings/{savings.pk}/change-date?new_date={back}").json()
    assert moved["start_date"] == back
    outside = admin_api.put(f"/api/admin/savings/{savings.pk}/change-date?new_date={year - 1}-12-31")
    assert outside.json()["detail"] == f"Date must be between 1 Jan {year} and 31 Dec {year + 1}"


@pytest.mark.parametrize("rate", [-0.01, 1.5, "lots"])
def test_a_weekly_rate_outside_0_to_100_percent_is_refused(admin_api, rate):
    savings = SavingsFactory()
    response = admin_api.put(f"/api/admin/savings/{savings.pk}/edit", {"interest_rate": rate}, format="json")
    assert response.status_code == 400


def test_check_savings_pages_and_filters_on_the_server(admin_api):
    for _ in range(3):
        SavingsFactory(start_date=today() - timedelta(days=9), next_due_date=today() - timedelta(days=2))
    SavingsFactory()
    body = admin_api.get("/api/admin/savings/check?page=1&page_size=2").json()
    assert (body["count"], body["page"], body["page_size"], len(body["savings"])) == (4, 1, 2, 2)
    assert body["counters"] == {"overdue": 3, "due_today": 0, "upcoming": 1, "total_value": 4_000_000}
    second = admin_api.get("/api/admin/savings/check?page=2&page_size=2").json()
    assert [row["listing_status"] for row in second["savings"]] == ["overdue", "upcoming"]
    overdue = admin_api.get("/api/admin/savings/check?listing_status=overdue").json()
    assert overdue["count"] == 3


def test_auto_process_answers_what_it_did(admin_api):
    SavingsFactory(start_date=today() - timedelta(days=15), next_due_date=today() - timedelta(days=8))
    body = admin_api.post("/api/admin/savings/auto-process-overdue").json()
    assert (body["processed_count"], body["total_solo_gain"]) == (2, 0)
    assert admin_api.post("/api/admin/savings/auto-process-overdue").json()["processed_count"] == 0


def test_client_overview_shows_each_player_against_their_limits(admin_api):
    near = PlayerFactory(name="Near")
    SavingsFactory(player=near, invested_value=1_200_000)
    SavingsFactory(player=near, principal=500_000, invested_value=0, status=Savings.Status.WITHDRAWN)  # closed
    old = PlayerFactory(name="Oldie", client_type="old")
    SavingsFactory(player=old, invested_value=4_000_000)
    PlayerFactory(name="Shady", bad_payer=True)
    body = admin_api.get("/api/admin/savings/client-overview").json()
    assert body["summary"] == {
        "new_clients_count": 2,
        "new_clients_total_value": 1_200_000,
        "old_clients_count": 1,
        "old_clients_total_value": 4_000_000,
    }
    assert (body["count"], body["page"], body["page_size"]) == (3, 1, 50)
    assert [row["name"] for row in body["clients"]] == ["Near", "Oldie", "Shady"]  # by name
    rows = {row["name"]: row for row in body["clients"]}
    assert (rows["Near"]["percent_of_limit"], rows["Near"]["status"], rows["Near"]["savings_count"]) == (
        80.0,
        "Within Limit",
        1,
    )
    assert (rows["Oldie"]["limit"], rows["Oldie"]["percent_of_limit"], rows["Oldie"]["client_type"]) == (
        4_000_000,
        100.0,
        "old",
    )
    assert rows["Shady"]["status"] == "Bad Payer"


def test_client_overview_pages_by_name_and_keeps_the_summary_of_the_whole_bank(admin_api):
    for index in range(5):
        SavingsFactory(player=PlayerFactory(name=f"Saver{index}"), invested_value=100_000 * (index + 1))
    first = admin_api.get("/api/admin/savings/client-overview?page=1&page_size=2").json()
    third = admin_api.get("/api/admin/savings/client-overview?page=3&page_size=2").json()
    assert (first["count"], [row["name"] for row in first["clients"]]) == (5, ["Saver0", "Saver1"])
    assert (third["page"], [row["name"] for row in third["clients"]]) == (3, ["Saver4"])
    assert first["summary"] == third["summary"]
    assert first["summary"]["new_clients_total_value"] == 1_500_000


def test_client_overview_filters_by_client_type_status_and_search(admin_api):
    within = PlayerFactory(name="Within", discord="w.guild")
    SavingsFactory(player=within, invested_value=100_000)
    over_total = PlayerFactory(name="OverTotal")  # a new client holding an old client's amount
    SavingsFactory(player=over_total, invested_value=2_000_000)
    over_count = PlayerFactory(name="OverCount", client_type="old")
    for _ in range(4):
        SavingsFactory(player=over_count, invested_value=100_000)
    old_within = PlayerFactory(name="OldWithin", client_type="old")
    SavingsFactory(player=old_within, invested_value=2_000_000)  # over a new client's limit, not an old one's
    bad = PlayerFactory(name="Bad", bad_payer=True)
    SavingsFactory(player=bad, invested_value=2_000_000)  # over the limit too, but a bad payer first

    def names(query: str) -> list[str]:
        body = admin_api.get(f"/api/admin/savings/client-overview?{query}").json()
        assert body["count"] == len(body["clients"])
        return [row["name"] for row in body["clients"]]

    assert names("client_type=old") == ["OldWithin", "OverCount"]
    assert names("client_type=new") == ["Bad", "OverTotal", "Within"]
    assert names("status=over_limit") == ["OverCount", "OverTotal"]
    assert names("status=within_limit") == ["OldWithin", "Within"]
    assert names("status=bad_payer") == ["Bad"]
    assert names("client_type=new&status=over_limit") == ["OverTotal"]
    assert names("search=W.GUILD") == ["Within"]
    assert "OverCount" in names(f"search={over_count.pk}")  # its id (other names may hold the digits)


def test_client_overview_status_filter_agrees_with_the_rows_status(admin_api):
    """The database's Over Limit (a filter) and the rules' (each row's status) say the same for
    players on each side of every limit."""
    from lending import rules

    for client_type, limit in rules.CLIENT_LIMITS.items():
        for accounts, each in ((limit.max_accounts, 1), (limit.max_accounts + 1, 1), (1, limit.max_total)):
            for extra in (0, 1):
                player = PlayerFactory(client_type=client_type)
                for _ in range(accounts):
                    SavingsFactory(player=player, invested_value=each + (extra if accounts == 1 else 0))
    seen = 0
    for status, text in (("bad_payer", "Bad Payer"), ("over_limit", "Over Limit"), ("within_limit", "Within Limit")):
        rows = admin_api.get(f"/api/admin/savings/client-overview?status={status}&page_size=200").json()["clients"]
        assert {row["status"] for row in rows} <= {text}
        seen += len(rows)
    everyone = admin_api.get("/api/admin/savings/client-overview?page_size=200").json()
    assert seen == everyone["count"] == 12
    assert {row["status"] for row in everyone["clients"]} == {"Over Limit", "Within Limit"}


def test_client_overview_refuses_unknown_filters(admin_api):
    for query, detail in (
        ("client_type=ancient", "client_type must be new or old"),
        ("status=rich", "status must be bad_payer, over_limit or within_limit"),
    ):
        response = admin_api.get(f"/api/admin/savings/client-overview?{query}")
        assert response.status_code == 400
        assert detail in str(response.json())
    assert admin_api.get("/api/admin/savings/client-overview?page_size=201").status_code == 400


def test_admin_switches_a_client_type_and_marks_everyone_old(admin_api, player):
    body = admin_api.put(f"/api/admin/players/{player.pk}/client-type?client_type=old").json()
    assert (body["player"]["client_type"], body["detail"]) == ("old", "Client type updated to old")
    assert admin_api.put(f"/api/admin/players/{player.pk}/client-type?client_type=ancient").status_code == 400
    PlayerFactory()
    PlayerFactory()
    marked = admin_api.post("/api/admin/savings/mark-existing-players").json()
    assert marked["updated_count"] == 2
    assert set(Player.objects.values_list("client_type", flat=True)) == {"old"}


def test_admin_lists_withdrawals_pending_first_and_decides_them(admin_api, admin_user, player):
    SavingsFactory(player=player)
    decided = WithdrawalRequestFactory(player=player, amount=10_000)
    admin_api.put(f"/api/admin/withdrawal-requests/{decided.pk}/deny?admin_notes=Too late")
    waiting = WithdrawalRequestFactory(player=player, amount=20_000)
    body = admin_api.get("/api/admin/withdrawal-requests").json()
    assert [row["id"] for row in body["withdrawal_requests"]] == [waiting.pk, decided.pk]
    assert (body["count"], body["pending_count"]) == (2, 1)
    approved = admin_api.put(f"/api/admin/withdrawal-requests/{waiting.pk}/approve?admin_notes=Done").json()
    assert approved["withdrawal_request"]["status"] == "approved"
    assert approved["withdrawal_request"]["decided_by"] == admin_user.display_name
    assert Savings.objects.get(player=player).invested_value == 980_000
    again = admin_api.put(f"/api/admin/withdrawal-requests/{waiting.pk}/approve")
    assert again.status_code == 409
    empty_reason = admin_api.put(f"/api/admin/withdrawal-requests/{waiting.pk}/deny?admin_notes=")
    assert empty_reason.status_code == 409  # decided first, before the empty reason


def test_denying_a_pending_withdrawal_needs_a_reason(admin_api, player):
    request = WithdrawalRequestFactory(player=player)
    response = admin_api.put(f"/api/admin/withdrawal-requests/{request.pk}/deny?admin_notes=")
    assert (response.status_code, response.json()["detail"]) == (
        400,
        "A reason is required to deny a withdrawal request",
    )


# --- fixed query counts --------------------------------------------------------------------


def test_check_savings_runs_a_fixed_number_of_queries(admin_api, django_assert_num_queries):
    for size in (1, 12):
        for _ in range(size):
            SavingsFactory(weeks=2)
        # 2 for the token + the page + its latest recorded weeks + its count + the counters
        with django_assert_num_queries(AUTH_QUERIES + 4):
            admin_api.get("/api/admin/savings/check")


def test_client_overview_and_withdrawal_list_run_a_fixed_number_of_queries(admin_api, django_assert_num_queries):
    for size in (1, 10):
        for _ in range(size):
            player = PlayerFactory()
            SavingsFactory(player=player)
            WithdrawalRequestFactory(player=player)
        # the page + its count + the summary's two aggregates, whatever the filters
        with django_assert_num_queries(AUTH_QUERIES + 4):
            admin_api.get("/api/admin/savings/client-overview")
        with django_assert_num_queries(AUTH_QUERIES + 4):
            admin_api.get("/api/admin/savings/client-overview?client_type=new&status=within_limit&search=a&page=2")
        with django_assert_num_queries(AUTH_QUERIES + 3):  # page + count + pending count
            admin_api.get("/api/admin/withdrawal-requests")


def test_total_savings_and_withdrawal_history_run_a_fixed_number_of_queries(
    player_api, player, django_assert_num_queries
):
    for size in (1, 3):
        for _ in range(size):
            SavingsFactory(player=player, invested_value=100_000, weeks=2)
            WithdrawalRequestFactory(player=player)
        # token 2 + the player asked for + the caller's own player + the accounts (or the requests)
        with django_assert_num_queries(AUTH_QUERIES + 2):
            player_api.get(f"/api/players/{player.pk}/total-savings")
        with django_assert_num_queries(AUTH_QUERIES + 2):
            player_api.get(f"/api/players/{player.pk}/withdrawal-history")

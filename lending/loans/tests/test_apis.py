import json
from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone
from rest_framework.renderers import JSONRenderer

from accounts.tests.factories import PlayerFactory
from conftest import bearer_for
from lending.loans import selectors, services
from lending.loans.selectors import solo_dividends_amount
from lending.models import Loan, LoanPayment, PendingLoan, SoloDividends
from lending.tests.factories import LoanFactory, LoanPaymentFactory, PendingLoanFactory, SavingsFactory
from testkit.queries import AUTH_QUERIES

pytestmark = pytest.mark.django_db

LOAN_KEYS = {
    "id",
    "player_id",
    "player_name",
    "value",
    "interest_rate",
    "daily_rate",
    "total_days",
    "total_to_pay",
    "daily_payment",
    "start_date",
    "status",
    "paid_off",
    "paid_off_at",
    "solo_gain",
    "current_day",
    "days_passed",
    "amount_paid",
    "remaining",
    "repaid_at_pay_off",
    "written_off",
    "payments_made",
    "missed_payments",
    "paid_percent",
    "payoff_solo_gain",
    "payments_history",
    "admin_notes",
    "created_at",
}
# a player's own loans (bank data, products) also say how today's day stands while Active
PLAYER_LOAN_KEYS = LOAN_KEYS | {
    "today_entry",
    "listing_status",
    "status_text",
    "chart",
    "due_today",
    "arrears",
    "arrears_days",
}
PENDING_KEYS = {
    "id",
    "player_id",
    "player_name",
    "player_discord",
    "value",
    "total_days",
    "interest_rate",
    "daily_rate",
    "total_to_pay",
    "user",
    "request_reason",
    "request_date",
    "created_date",
    "status",
    "admin_notes",
    "approved_by",
    "approved_date",
    "denied_by",
    "denied_date",
    "converted_loan_id",
}


def ago(days: int):
    return timezone.localdate() - timedelta(days=days)


# --- player calls --------------------------------------------------------------------------


def test_player_requests_a_loan_with_a_shortcut_amount(eligible_api, eligible_player):
    body = {
        "player_id": eligible_player.pk,
        "value": "1m",
        "total_days": 30,
        "user": "someone-else",
        "request_reason": "Ship",
    }
    response = eligible_api.post("/api/pending-loans", body, format="json")
    assert response.status_code == 201
    data = response.json()
    assert set(data) == PENDING_KEYS
    assert (data["value"], data["interest_rate"], data["total_to_pay"], data["status"]) == (
        1_000_000,
        0.3,
        1_300_000,
        "pending",
    )
    assert data["user"] == eligible_player.name  # the caller, whatever `user` said
    assert PendingLoan.objects.get().requested_by == eligible_player.user


def test_player_requesting_for_another_players_id_gets_404(eligible_api, other_player):
    body = {"player_id": other_player.pk, "value": 100_000, "total_days": 5}
    response = eligible_api.post("/api/pending-loans", body, format="json")
    assert response.status_code == 404
    assert not PendingLoan.objects.exists()


def test_request_over_the_maximum_answers_400_with_the_maximum(eligible_api, eligible_player):
    body = {"player_id": eligible_player.pk, "value": "2m", "total_days": 5}
    response = eligible_api.post("/api/pending-loans", body, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == "The maximum loan amount for your tier is €1,000,000"


@pytest.mark.parametrize(
    "body",
    [{"value": "lots", "total_days": 5}, {"value": 100_000, "total_days": "soon"}, {"value": [1], "total_days": 5}, {}],
)
def test_bad_request_input_answers_400_with_a_detail(eligible_api, eligible_player, body):
    response = eligible_api.post("/api/pending-loans", {"player_id": eligible_player.pk, **body}, format="json")
    assert response.status_code == 400
    assert response.json()["detail"]


def test_a_non_object_body_answers_400(eligible_api):
    assert eligible_api.post("/api/pending-loans", [1, 2], format="json").status_code == 400


def test_my_bank_data_has_own_loans_requests_and_dividends(eligible_api, eligible_player):
    eligible_player.has_solo_access = True
    eligible_player.save()
    SoloDividends.objects.create(pk=1, dividends=12_345)
    loan = LoanFactory(player=eligible_player, start_date=ago(1))
    LoanPaymentFactory(loan=loan, date=ago(1))
    PendingLoanFactory(player=eligible_player)
    LoanFactory()  # someone else's
    data = eligible_api.get("/api/me/bank-data").json()
    assert set(data) == {"player_id", "loans", "savings", "pending_loans", "summary", "solo_dividends"}
    assert [row["id"] for row in data["loans"]] == [loan.pk]
    assert set(data["loans"][0]) == PLAYER_LOAN_KEYS
    assert data["loans"][0]["payments_history"] == [{"date": ago(1).isoformat(), "status": "Paid", "value": 130_000}]
    assert data["loans"][0]["interest_rate"] == 0.3
    assert len(data["pending_loans"]) == 1 and data["savings"] == []
    assert data["solo_dividends"] == {"dividends": 12_345}


def test_bank_data_without_solo_access_has_no_dividends(player_api):
    assert player_api.get("/api/me/bank-data").json()["solo_dividends"] is None


def test_admin_without_a_player_profile_has_no_bank_data(admin_api):
    assert admin_api.get("/api/me/bank-data").status_code == 404


def test_player_reads_own_products_but_not_anothers(player_api, player, other_player):
    LoanFactory(player=player)
    assert len(player_api.get(f"/api/players/{player.pk}/products").json()["loans"]) == 1
    assert player_api.get(f"/api/players/{other_player.pk}/products").status_code == 404


@pytest.mark.parametrize(
    "method,path,body",
    [
        ("post", "/api/loans", {"player_id": "{player}", "value": 100_000, "total_days": 5}),
        ("put", "/api/loans/{loan}", {"paid_off": True}),
        ("post", "/api/loans/{loan}/payment?payment_status=Paid", None),
        ("put", "/api/admin/loans/{loan}/edit", {"value": 5}),
        ("put", "/api/admin/loans/{loan}/change-date?new_date=2026-01-01", None),
        ("put", "/api/admin/loans/{loan}/change-days?new_days=3", None),
        ("get", "/api/admin/loans/check", None),
        ("put", "/api/pending-loans/{pending}/approve", None),
        ("put", "/api/pending-loans/{pending}/deny?admin_notes=no", None),
        ("get", "/api/admin/pending-loans", None),
    ],
)
def test_players_cannot_call_admin_endpoints(player_api, player, method, path, body):
    loan = LoanFactory(player=player)
    pending = PendingLoanFactory(player=player)
    ids = {"player": player.pk, "loan": loan.pk, "pending": pending.pk}
    if body:
        body = {k: (int(v.format(**ids)) if isinstance(v, str) and "{" in v else v) for k, v in body.items()}
    response = getattr(player_api, method)(path.format(**ids), body, format="json")
    assert response.status_code == 403
    assert Loan.objects.count() == 1 and not LoanPayment.objects.exists()
    loan.refresh_from_db()
    pending.refresh_from_db()
    assert (loan.status, loan.value, pending.status) == ("Active", 1_000_000, "pending")


def test_anonymous_callers_get_401(api):
    assert api.get("/api/me/bank-data").status_code == 401
    assert api.post("/api/pending-loans", {}, format="json").status_code == 401


# --- admin calls ---------------------------------------------------------------------------


def test_admin_adds_a_loan_product(admin_api, player):
    response = admin_api.post(
        "/api/loans", {"player_id": player.pk, "value": "500k", "total_days": 14, "user": "x"}, format="json"
    )
    assert response.status_code == 201
    data = response.json()
    assert set(data) == LOAN_KEYS
    assert (data["value"], data["interest_rate"], data["total_to_pay"], data["daily_payment"]) == (
        500_000,
        0.35,
        675_000,
        48_214,
    )
    assert (data["status"], data["paid_off"], data["current_day"], data["days_passed"]) == ("Active", False, 1, 1)


def test_admin_add_product_for_a_bad_payer_answers_400(admin_api):
    bad = PlayerFactory(bad_payer=True)
    response = admin_api.post("/api/loans", {"player_id": bad.pk, "value": 100_000, "total_days": 5}, format="json")
    assert (response.status_code, response.json()["detail"]) == (400, "Cannot create products for bad payers")
    assert response.json()["code"] == "bad_payer"


def test_admin_add_product_for_an_unknown_player_answers_404(admin_api):
    response = admin_api.post("/api/loans", {"player_id": 987654, "value": 100_000, "total_days": 5}, format="json")
    assert response.status_code == 404


def test_payment_endpoint_marks_and_re_marks_a_day(admin_api):
    loan = LoanFactory()
    first = admin_api.post(f"/api/loans/{loan.pk}/payment?payment_status=Paid")
    assert first.status_code == 200
    assert first.json() | {"date": None} == {
        "loan_id": loan.pk,
        "date": None,
        "status": "Paid",
        "value": 130_000,
        "replaced": None,
        "credit_points": 5,
        "detail": "Loan payment marked as Paid",
    }
    again = admin_api.post(f"/api/loans/{loan.pk}/payment?payment_status=Not Paid").json()
    assert (again["status"], again["value"], again["replaced"], again["credit_points"]) == ("Not Paid", 0, "Paid", 0)
    assert LoanPayment.objects.count() == 1


def test_payment_endpoint_with_a_bad_status_answers_400(admin_api):
    loan = LoanFactory()
    response = admin_api.post(f"/api/loans/{loan.pk}/payment?payment_status=Maybe")
    assert (response.status_code, response.json()["detail"]) == (400, "payment_status must be Paid or Not Paid")


@pytest.mark.usefixtures("high_threshold")
def test_pay_off_endpoint_answers_the_gain_then_409(admin_api):
    loan = LoanFactory()
    response = admin_api.put(f"/api/loans/{loan.pk}", {"paid_off": True}, format="json")
    assert response.status_code == 200
    data = response.json()
    assert (data["solo_gain"], data["loan"]["status"], data["loan"]["paid_off"]) == (105_000, "Paid-Off", True)
    again = admin_api.put(f"/api/loans/{loan.pk}", {"status": "Paid-Off", "paid_off": True}, format="json")
    assert (again.status_code, again.json()["detail"]) == (409, "This loan is already paid off.")
    assert solo_dividends_amount() == 105_000


def test_pay_off_endpoint_refuses_anything_but_paying_off(admin_api):
    loan = LoanFactory()
    assert admin_api.put(f"/api/loans/{loan.pk}", {"paid_off": False}, format="json").status_code == 400
    assert admin_api.put(f"/api/loans/{loan.pk}", {"paid_off": "yes"}, format="json").status_code == 400


def test_unknown_loan_ids_answer_404(admin_api):
    for method, path in [
        ("put", "/api/loans/999999"),
        ("post", "/api/loans/999999/payment?payment_status=Paid"),
        ("put", "/api/admin/loans/999999/edit"),
        ("put", "/api/admin/loans/999999/change-days?new_days=3"),
        ("put", "/api/pending-loans/999999/approve"),
        ("put", "/api/pending-loans/999999/deny?admin_notes=no"),
    ]:
        body = {"paid_off": True, "value": 5} if method == "put" else None
        assert getattr(admin_api, method)(path, body, format="json").status_code == 404, path


@pytest.mark.usefixtures("high_threshold")
def test_edit_change_date_and_change_days(admin_api):
    loan = LoanFactory()
    # a Basic player owes at most 1,000,000 on loans in all (issue 29): an edit keeps to it
    over = admin_api.put(f"/api/admin/loans/{loan.pk}/edit", {"value": 2_000_000}, format="json")
    assert (over.status_code, over.json()["code"]) == (400, "over_max_amount")
    edited = admin_api.put(
        f"/api/admin/loans/{loan.pk}/edit",
        {"value": 800_000, "interest_rate": 0.25, "total_days": 20, "admin_notes": "ok"},
        format="json",
    ).json()
    assert (edited["total_to_pay"], edited["daily_payment"], edited["admin_notes"]) == (1_000_000, 50_000, "ok")
    year = timezone.localdate().year
    back = (timezone.localdate() - timedelta(days=7)).isoformat()  # as far back as one officer may move it
    moved = admin_api.put(f"/api/admin/loans/{loan.pk}/change-date?new_date={back}")
    assert (moved.status_code, moved.json()["start_date"]) == (200, back)
    outside = admin_api.put(f"/api/admin/loans/{loan.pk}/change-date?new_date={year + 2}-01-01")
    assert (outside.status_code, outside.json()["detail"]) == (
        400,
        f"Date must be between 1 Jan {year} and 31 Dec {year + 1}",
    )
    badly = admin_api.put(f"/api/admin/loans/{loan.pk}/change-date?new_date=01/01/{year}")
    assert (badly.status_code, badly.json()["detail"]) == (400, "Invalid date format. Please use YYYY-MM-DD")
    days = admin_api.put(f"/api/admin/loans/{loan.pk}/change-days?new_days=4").json()
    assert (days["total_days"], days["daily_payment"]) == (4, 250_000)
    assert admin_api.put(f"/api/admin/loans/{loan.pk}/change-days?new_days=abc").status_code == 400


def test_approve_and_deny_take_the_admin_from_the_token(admin_api, admin_user):
    approved, denied = PendingLoanFactory(), PendingLoanFactory()
    response = admin_api.put(f"/api/pending-loans/{approved.pk}/approve?admin_user=mallory&admin_notes=Enjoy")
    assert response.status_code == 200
    data = response.json()
    assert data["detail"] == "Pending loan approved and converted to active loan!"
    assert (data["pending_loan"]["status"], data["pending_loan"]["approved_by"]) == (
        "approved",
        admin_user.display_name,
    )
    assert data["pending_loan"]["converted_loan_id"] == data["loan"]["id"]
    assert data["loan"]["admin_notes"] == "Enjoy"
    response = admin_api.put(f"/api/pending-loans/{denied.pk}/deny?admin_user=mallory&admin_notes=Too soon")
    data = response.json()
    assert (data["detail"], data["loan"], data["pending_loan"]["denied_by"]) == (
        "Pending loan denied.",
        None,
        admin_user.display_name,
    )


def test_deny_without_a_reason_answers_400(admin_api):
    pending = PendingLoanFactory()
    response = admin_api.put(f"/api/pending-loans/{pending.pk}/deny?admin_notes=")
    assert (response.status_code, response.json()["detail"]) == (400, "A reason is required to deny a loan request")


def test_approving_twice_answers_409(admin_api):
    pending = PendingLoanFactory()
    assert admin_api.put(f"/api/pending-loans/{pending.pk}/approve").status_code == 200
    response = admin_api.put(f"/api/pending-loans/{pending.pk}/approve")
    assert (response.status_code, response.json()["detail"]) == (409, "This loan request was already processed.")
    assert Loan.objects.count() == 1


def test_admin_lists_pending_requests_oldest_first_with_a_count(admin_api):
    first, second = PendingLoanFactory(), PendingLoanFactory()
    PendingLoanFactory(status="denied", decided_by=first.player.user, decided_at=timezone.now(), admin_notes="no")
    data = admin_api.get("/api/admin/pending-loans").json()
    assert data["count"] == 2
    assert [row["id"] for row in data["pending_loans"]] == [first.pk, second.pk]
    assert data["pending_loans"][0]["player_name"] == first.player.name


def test_admin_reads_a_players_products(admin_api, player):
    LoanFactory(player=player)
    PendingLoanFactory(player=player)
    data = admin_api.get(f"/api/players/{player.pk}/products").json()
    assert (len(data["loans"]), len(data["pending_loans"]), data["savings"]) == (1, 1, [])
    assert admin_api.get("/api/players/999999/products").status_code == 404


def test_check_loans_answers_the_listing(admin_api):
    loan = LoanFactory(start_date=ago(2))
    LoanPaymentFactory(loan=loan, date=timezone.localdate())
    data = admin_api.get("/api/admin/loans/check").json()
    assert set(data) == {"count", "page", "page_size", "counters", "loans"}
    assert data["counters"] == {
        "paid_today": 1,
        "not_paid_today": 0,
        "start_today": 0,
        "period_over": 0,
        "upcoming": 0,
        "total_value": 1_000_000,
    }
    row = data["loans"][0]
    assert set(row) == (LOAN_KEYS - {"payments_history"}) | {"today_entry", "listing_status", "status_text"}
    assert (row["listing_status"], row["current_day"], row["amount_paid"], row["remaining"]) == (
        "paid_today",
        3,
        130_000,
        1_170_000,
    )


def test_solo_dividends_read_for_admins_and_solo_players_only(admin_api, player_api, player):
    SoloDividends.objects.create(pk=1, dividends=7)
    assert admin_api.get("/api/solo-dividends").json() == {"dividends": 7}
    assert player_api.get("/api/solo-dividends").status_code == 403
    solo = PlayerFactory(has_solo_access=True)
    assert bearer_for(solo.user).get("/api/solo-dividends").json() == {"dividends": 7}


def test_a_player_without_solo_access_is_told_who_reads_the_solo_dividends(player_api):
    response = player_api.get("/api/solo-dividends")
    detail = "Solo dividends are for admins and solo-access players."
    assert (response.status_code, response.json()) == (
        403,
        {"detail": detail, "code": "permission_denied", "fields": {}},
    )


def test_no_player_sets_the_solo_dividends_not_even_with_solo_access():
    solo = PlayerFactory(has_solo_access=True)
    response = bearer_for(solo.user).put("/api/solo-dividends?dividends=5")
    assert (response.status_code, response.json()) == (
        403,
        {"detail": "Only bank admins can do this.", "code": "permission_denied", "fields": {}},
    )
    assert not SoloDividends.objects.filter(dividends=5).exists()


# --- fixed numbers of queries --------------------------------------------------------------


def make_loans(count: int, *, player=None, payments: int = 3):
    for _ in range(count):
        loan = LoanFactory(start_date=ago(payments), **({"player": player} if player else {}))
        for day in range(payments):
            LoanPaymentFactory(loan=loan, date=ago(day), status="Paid" if day % 2 else "Not Paid")


def test_check_loans_runs_a_fixed_number_of_queries(admin_api, django_assert_num_queries):
    # 2 for the token + the page's ids + their figures (players, summed day entries) + count + counters
    make_loans(1)
    with django_assert_num_queries(AUTH_QUERIES + 4):
        assert len(admin_api.get("/api/admin/loans/check").json()["loans"]) == 1
    make_loans(12, payments=6)
    with django_assert_num_queries(AUTH_QUERIES + 4):
        assert len(admin_api.get("/api/admin/loans/check").json()["loans"]) == 13


def test_check_loans_pages_filters_and_searches_on_the_server(admin_api):
    today = timezone.localdate()
    starting = LoanFactory(player=PlayerFactory(name="Starter"))
    over = LoanFactory(start_date=ago(12), player=PlayerFactory(name="Overdue"))  # 10 days: over
    running = [LoanFactory(start_date=ago(3)) for _ in range(3)]
    paid = LoanFactory(start_date=ago(2))
    LoanPaymentFactory(loan=paid, date=today)
    first = admin_api.get("/api/admin/loans/check?page=1&page_size=2").json()
    assert (first["count"], first["page"], first["page_size"], len(first["loans"])) == (6, 1, 2, 2)
    assert [row["id"] for row in first["loans"]] == [over.pk, running[0].pk]  # oldest start first
    assert first["counters"] | {"total_value": 0} == {
        "paid_today": 1,
        "not_paid_today": 0,
        "start_today": 1,
        "period_over": 1,
        "upcoming": 3,
        "total_value": 0,
    }
    for status, expected in [("period_over", [over.pk]), ("start_today", [starting.pk]), ("paid_today", [paid.pk])]:
        body = admin_api.get(f"/api/admin/loans/check?listing_status={status}").json()
        assert [row["id"] for row in body["loans"]] == expected
        assert {row["listing_status"] for row in body["loans"]} == {status}
    assert [row["id"] for row in admin_api.get("/api/admin/loans/check?search=starter").json()["loans"]] == [
        starting.pk
    ]
    assert admin_api.get("/api/admin/loans/check?listing_status=late").status_code == 400


@pytest.mark.usefixtures("high_threshold")
def test_a_loans_end_date_follows_its_start_and_days(admin_user):
    loan = LoanFactory(start_date=ago(3), total_days=10)
    assert loan.end_date == ago(3) + timedelta(days=9)
    from lending.loans import services

    services.loan_change_days(loan_id=loan.pk, new_days=4, admin=admin_user)
    loan.refresh_from_db()
    assert loan.end_date == ago(3) + timedelta(days=3)
    services.loan_change_date(loan_id=loan.pk, new_date=timezone.localdate(), admin=admin_user)
    loan.refresh_from_db()
    assert loan.end_date == timezone.localdate() + timedelta(days=3)


def test_check_loans_rows_carry_figures_and_todays_entry_not_the_history(admin_api):
    loan = LoanFactory(start_date=ago(1))
    LoanPaymentFactory(loan=loan, date=ago(1))
    LoanPaymentFactory(loan=loan, date=ago(0), status="Not Paid")
    row = admin_api.get("/api/admin/loans/check").json()["loans"][0]
    assert set(row) == (LOAN_KEYS - {"payments_history"}) | {"today_entry", "listing_status", "status_text"}
    assert (row["amount_paid"], row["payments_made"], row["missed_payments"]) == (130_000, 1, 1)
    assert row["today_entry"] == {"date": ago(0).isoformat(), "status": "Not Paid", "value": 0}
    assert row["listing_status"] == "not_paid_today"


def test_check_loans_rows_carry_the_daily_equivalent_of_the_whole_term_rate(admin_api):
    LoanFactory(interest_rate=Decimal("0.30"), total_days=14)
    row = admin_api.get("/api/admin/loans/check").json()["loans"][0]
    assert (row["interest_rate"], row["total_days"], row["daily_rate"]) == (0.3, 14, 0.0214)


def test_request_cards_carry_the_daily_equivalent_of_the_whole_term_rate(admin_api):
    PendingLoanFactory(interest_rate=Decimal("0.35"), total_days=14)
    card = admin_api.get("/api/admin/pending-loans").json()["pending_loans"][0]
    assert (card["interest_rate"], card["daily_rate"]) == (0.35, 0.025)
    # the Overview's short list serialises the requests themselves: the same figure
    overview = admin_api.get("/api/admin/dashboard-stats").json()["pending_loans"][0]
    assert overview["daily_rate"] == 0.025


def test_a_players_active_loans_say_how_today_stands_and_closed_ones_do_not(admin_api):
    active = LoanFactory(start_date=ago(2), total_days=10)
    LoanPaymentFactory(loan=active, date=ago(0))
    LoanFactory(player=active.player, status="Paid-Off", paid_off=True)
    loans = {row["id"]: row for row in admin_api.get(f"/api/players/{active.player_id}/products").json()["loans"]}
    row = loans[active.pk]
    assert (row["listing_status"], row["status_text"]) == ("paid_today", "Paid today (€130,000)")
    assert row["today_entry"] == {"date": ago(0).isoformat(), "status": "Paid", "value": 130_000}
    closed = next(row for pk, row in loans.items() if pk != active.pk)
    assert (closed["listing_status"], closed["today_entry"], closed["status_text"]) == (None, None, "Paid-Off")


def test_a_players_active_loan_not_marked_today_shows_its_day_due(admin_api):
    loan = LoanFactory(start_date=ago(2), total_days=10)
    LoanPaymentFactory(loan=loan, date=ago(1))
    row = admin_api.get(f"/api/players/{loan.player_id}/products").json()["loans"][0]
    assert (row["listing_status"], row["status_text"], row["today_entry"]) == (
        "upcoming",
        "Day 3 of 10: €130,000 due today",
        None,
    )


def test_admin_reads_one_loan_with_its_history(admin_api):
    loan = LoanFactory(start_date=ago(1))
    LoanPaymentFactory(loan=loan, date=ago(1))
    body = admin_api.get(f"/api/loans/{loan.pk}").json()
    assert set(body) == LOAN_KEYS
    assert body["payments_history"] == [{"date": ago(1).isoformat(), "status": "Paid", "value": 130_000}]
    assert admin_api.get("/api/loans/999999").status_code == 404


def test_players_cannot_read_a_loan(player_api):
    loan = LoanFactory()
    assert player_api.get(f"/api/loans/{loan.pk}").status_code == 403


def test_my_bank_data_runs_a_fixed_number_of_queries(django_assert_num_queries):
    player = PlayerFactory(credit_score=100, has_solo_access=True)
    client = bearer_for(player.user)
    # nothing yet: no day entries nor weeks to read
    with django_assert_num_queries(AUTH_QUERIES + 4):
        assert client.get("/api/me/bank-data").json()["summary"]["loans_count"] == 0
    # 2 for the token + the player + loans + day entries + savings + their weeks + loan requests + dividends
    make_loans(1, player=player)
    SavingsFactory(player=player, weeks=1)
    PendingLoanFactory(player=player)
    with django_assert_num_queries(AUTH_QUERIES + 6):
        assert len(client.get("/api/me/bank-data").json()["loans"]) == 1
    make_loans(9, player=player, payments=5)
    for _ in range(2):
        SavingsFactory(player=player, weeks=4)
    for _ in range(6):
        PendingLoanFactory(player=player)
    with django_assert_num_queries(AUTH_QUERIES + 6):
        data = client.get("/api/me/bank-data").json()
    assert (len(data["loans"]), len(data["savings"]), len(data["pending_loans"])) == (10, 3, 7)
    assert [len(loan["chart"]["amount_paid"]) for loan in data["loans"]] == [10] * 10  # the charts cost no query


def test_admin_pending_list_and_products_run_a_fixed_number_of_queries(admin_api, player, django_assert_num_queries):
    for size in (1, 8):
        for _ in range(size):
            PendingLoanFactory(player=player)
        make_loans(size, player=player)
        SavingsFactory(player=player, weeks=size)
        with django_assert_num_queries(AUTH_QUERIES + 2):  # the page + the count
            admin_api.get("/api/admin/pending-loans")
        # token 2 + the player + loans + day entries + savings + their weeks + requests
        with django_assert_num_queries(AUTH_QUERIES + 6):
            admin_api.get(f"/api/players/{player.pk}/products")


def test_admin_pending_list_pages_oldest_first_and_counts_them_all(admin_api):
    requests = [PendingLoanFactory() for _ in range(3)]
    body = admin_api.get("/api/admin/pending-loans?page=2&page_size=2").json()
    assert (body["count"], body["page"], body["page_size"]) == (3, 2, 2)
    assert [row["id"] for row in body["pending_loans"]] == [requests[2].pk]


def test_the_loan_request_rows_pass_through_their_serializer_unchanged(admin_user):
    """The selectors shape the rows in one query; the views answer them through PendingLoanOut, which
    must neither drop a key nor change a value (a rate's decimals, a date's format, who asked)."""
    from lending.loans.serializers import PendingLoanOut

    asked = PendingLoanFactory()
    decided = PendingLoanFactory()
    services.loan_request_approve(request_id=decided.pk, admin=admin_user, notes="ok")
    for pending in (asked, decided):
        row = selectors.pending_loan_detail(request_id=pending.pk)
        assert row.keys() == PendingLoanOut().fields.keys()
        rendered = json.loads(JSONRenderer().render(row))
        assert rendered == json.loads(JSONRenderer().render(PendingLoanOut(row).data))
    assert rendered["approved_by"] == admin_user.display_name and rendered["user"] == decided.player.name


def test_bank_data_renders_exactly_as_its_documented_serializers(eligible_player):
    from lending.loans.serializers import PlayerLoanOut
    from lending.products import selectors as products
    from lending.products.serializers import ProductsSummaryOut
    from lending.savings.serializers import SavingsOut

    loan = LoanFactory(player=eligible_player, start_date=ago(3))
    LoanPaymentFactory(loan=loan, date=ago(2))
    SavingsFactory(player=eligible_player, weeks=2)
    PendingLoanFactory(player=eligible_player)
    raw = products.bank_data_for_player(player=eligible_player)

    def rendered(value):
        return json.loads(JSONRenderer().render(value))

    assert rendered(raw["loans"]) == rendered(PlayerLoanOut(raw["loans"], many=True).data)
    assert rendered(raw["savings"]) == rendered(SavingsOut(raw["savings"], many=True).data)
    assert rendered(raw["summary"]) == rendered(ProductsSummaryOut(raw["summary"]).data)
    # the loan requests' rows are checked against PendingLoanOut above

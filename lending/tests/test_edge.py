"""The loans API at its edge: input parsed by serializers, quotes priced like real requests, limits,
and requests that happen once (Idempotency-Key)."""

from datetime import date
from decimal import Decimal

import pytest
from django.utils import timezone

from accounts.tests.factories import PlayerFactory
from bank.models import IdempotencyRecord
from conftest import bearer_for
from lending.loans import services
from lending.models import Loan, LoanPayment, PendingLoan, SoloDividends
from lending.tests.factories import LoanFactory, PendingLoanFactory

pytestmark = pytest.mark.django_db

REQUEST = "/api/pending-loans"


# --- loan requests: what a client may send -------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        {"total_days": 10},
        {"value": "", "total_days": 10},
        {"value": None, "total_days": 10},
        {"value": "100k"},
        {"value": "100k", "total_days": ""},
        {"value": "100k", "total_days": None},
    ],
)
def test_a_request_without_amount_or_days_says_fill_in_all_fields(eligible_api, body):
    response = eligible_api.post(REQUEST, body, format="json")
    assert (response.status_code, response.json()["detail"]) == (400, "Please fill in all required fields")
    assert not PendingLoan.objects.exists()


@pytest.mark.parametrize("value", ["١٠٠٠٠٠", "100_000", "1e5", 100000.0, "1,000,000", True, {"amount": 1}])
def test_loose_numbers_are_refused_naming_the_field(eligible_api, value):
    response = eligible_api.post(REQUEST, {"value": value, "total_days": 10}, format="json")
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["value"]
    assert not PendingLoan.objects.exists()


@pytest.mark.parametrize("days", ["١٠", "1e1", 10.0, "10_0", False])
def test_loose_day_counts_are_refused_naming_the_field(eligible_api, days):
    response = eligible_api.post(REQUEST, {"value": 100_000, "total_days": days}, format="json")
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["total_days"]


@pytest.mark.parametrize("reason", [{"text": "boat"}, ["boat"], 42, "x" * 501])
def test_a_reason_that_is_not_text_or_too_long_is_refused(eligible_api, reason):
    body = {"value": 100_000, "total_days": 10, "request_reason": reason}
    response = eligible_api.post(REQUEST, body, format="json")
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["request_reason"]
    assert not PendingLoan.objects.exists()


def test_a_reason_of_500_characters_is_kept_whole(eligible_api):
    body = {"value": 100_000, "total_days": 10, "request_reason": "x" * 500}
    assert eligible_api.post(REQUEST, body, format="json").status_code == 201
    assert len(PendingLoan.objects.get().request_reason) == 500


def test_an_admin_cannot_file_a_players_loan_request(admin_api, player):
    response = admin_api.post(REQUEST, {"player_id": player.pk, "value": 100_000, "total_days": 10}, format="json")
    assert response.status_code == 403
    assert not PendingLoan.objects.exists()


def test_a_player_id_beyond_any_database_answers_404(eligible_api):
    response = eligible_api.post(REQUEST, {"player_id": 2**70, "value": 100_000, "total_days": 10}, format="json")
    assert response.status_code == 404


# --- admin calls ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "body,message",
    [
        ({"value": 100_000, "total_days": 10}, "Please search and select a player first"),
        ({"player_id": "me", "total_days": 10}, "Please enter a value"),
        ({"player_id": "me", "value": "", "total_days": 10}, "Please enter a value"),
        ({"player_id": "me", "value": 100_000}, "Please enter loan duration in days"),
    ],
)
def test_add_product_names_what_is_missing_in_the_specs_words(admin_api, player, body, message):
    if body.get("player_id") == "me":
        body = {**body, "player_id": player.pk}
    response = admin_api.post("/api/loans", body, format="json")
    assert (response.status_code, response.json()["detail"]) == (400, message)
    # one code for what the form must fill in, whichever check found it (the screen shows it as the form's own)
    assert response.json()["code"] == "missing_fields"
    assert not Loan.objects.exists()


@pytest.mark.parametrize("value", ["lots", "1,500,000", "1e6"])
def test_add_product_refuses_an_unreadable_amount_as_invalid(admin_api, player, value):
    response = admin_api.post("/api/loans", {"player_id": player.pk, "value": value, "total_days": 10}, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "detail": "Please enter a valid amount: a whole number or a shortcut such as 100k, 500k or 1m",
        "code": "invalid",
        "fields": {"value": ["Please enter a valid amount: a whole number or a shortcut such as 100k, 500k or 1m"]},
    }


@pytest.mark.parametrize("status,stored", [("Paid", "Paid"), ("not paid", "Not Paid"), (" PAID ", "Paid")])
def test_payment_status_is_read_ignoring_case(admin_api, status, stored):
    loan = LoanFactory()
    response = admin_api.post(f"/api/loans/{loan.pk}/payment", {"payment_status": status}, format="json")
    assert response.status_code == 200
    assert LoanPayment.objects.get().status == stored


@pytest.mark.parametrize("status", ["", "paid-ish", "Overdue", None, 1])
def test_payment_status_must_be_paid_or_not_paid(admin_api, status):
    loan = LoanFactory()
    response = admin_api.post(f"/api/loans/{loan.pk}/payment", {"payment_status": status}, format="json")
    assert response.status_code == 400
    assert not LoanPayment.objects.exists()


def test_a_badly_written_payment_date_answers_the_specs_message(admin_api):
    loan = LoanFactory()
    response = admin_api.post(f"/api/loans/{loan.pk}/payment?payment_status=Paid&date=22/11/2026")
    assert (response.status_code, response.json()["detail"]) == (400, "Invalid date format. Please use YYYY-MM-DD")
    assert not LoanPayment.objects.exists()


@pytest.mark.parametrize("new_date", ["31-12-2026", "2026-02-30", "tomorrow", ""])
def test_a_badly_written_start_date_answers_the_specs_message(admin_api, new_date):
    loan = LoanFactory()
    response = admin_api.put(f"/api/admin/loans/{loan.pk}/change-date?new_date={new_date}")
    assert (response.status_code, response.json()["detail"]) == (400, "Invalid date format. Please use YYYY-MM-DD")


@pytest.mark.parametrize("days", ["0", "-3", "abc", "", "2.5"])
def test_change_days_refuses_anything_but_1_to_3650(admin_api, days):
    loan = LoanFactory()
    response = admin_api.put(f"/api/admin/loans/{loan.pk}/change-days?new_days={days}")
    assert response.status_code == 400
    assert response.json()["detail"] == "Loan duration must be a whole number of days from 1 to 3,650"
    loan.refresh_from_db()
    assert loan.total_days == 10


@pytest.mark.usefixtures("high_threshold")
def test_edit_reads_shortcuts_and_fractions(admin_api):
    loan = LoanFactory()
    body = {"value": "0.8m", "interest_rate": "0.25", "total_days": "20", "admin_notes": " renegotiated "}
    response = admin_api.put(f"/api/admin/loans/{loan.pk}/edit", body, format="json")
    assert response.status_code == 200
    loan.refresh_from_db()
    assert (loan.value, loan.interest_rate, loan.total_days, loan.admin_notes) == (
        800_000,
        Decimal("0.25"),
        20,
        "renegotiated",
    )


def test_denying_a_decided_request_with_an_empty_reason_answers_409(admin_api, admin_user):
    pending = PendingLoanFactory()
    admin_api.put(f"/api/pending-loans/{pending.pk}/approve")
    response = admin_api.put(f"/api/pending-loans/{pending.pk}/deny?admin_notes=")
    assert (response.status_code, response.json()["code"]) == (409, "already_processed")


@pytest.mark.parametrize("dividends", ["-1", "abc", "1.5", "1e3", ""])
def test_dividends_must_be_a_whole_number_from_0(admin_api, dividends):
    SoloDividends.objects.create(pk=1, dividends=7)
    response = admin_api.put(f"/api/solo-dividends?dividends={dividends}")
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["dividends"]
    assert SoloDividends.objects.get().dividends == 7


# --- the quote -----------------------------------------------------------------------------

AMOUNT_CLASSES = [100_000, 500_000, 250_000, 1_000_000]
TIER_SCORES = [60, 150, 300]  # Basic, Silver, Gold


@pytest.mark.parametrize("score", TIER_SCORES)
@pytest.mark.parametrize("value", AMOUNT_CLASSES)
def test_the_quote_and_a_real_request_price_the_same(admin_user, score, value):
    player = PlayerFactory(credit_score=score)
    client = bearer_for(player.user)
    quote = client.get(f"/api/loans/quote?value={value}&total_days=14").json()
    assert quote["eligible"] is True and quote["reason"] == ""
    created = client.post(REQUEST, {"value": value, "total_days": 14}, format="json").json()
    pending = PendingLoan.objects.get(pk=created["id"])
    assert Decimal(str(quote["interest_rate"])) == pending.interest_rate
    assert quote["total_to_pay"] == pending.total_to_pay
    loan = services.loan_request_approve(request_id=pending.pk, admin=admin_user)
    assert (quote["total_to_pay"], quote["daily_payment"]) == (loan.total_to_pay, loan.daily_payment)


def test_the_quote_shows_the_tier_discount_and_the_base_rate_table():
    player = PlayerFactory(credit_score=160)
    quote = bearer_for(player.user).get("/api/loans/quote?value=500k&total_days=10").json()
    assert quote == {
        "player_id": player.pk,
        "value": 500_000,
        "total_days": 10,
        "tier": "Silver",
        "base_rate": 0.35,
        "tier_discount": 0.01,
        "interest_rate": 0.34,
        "total_to_pay": 670_000,
        "daily_payment": 67_000,
        "max_loan_amount": 5_000_000,
        "eligible": True,
        "reason": "",
        "rate_table": [
            {"label": "Exactly €100,000", "amount": 100_000, "rate": 0.5},
            {"label": "Exactly €500,000", "amount": 500_000, "rate": 0.35},
            {"label": "Any other amount", "amount": None, "rate": 0.3},
        ],
    }


def test_the_quote_without_a_value_answers_the_table_and_eligibility_only(player_api, player):
    quote = player_api.get("/api/loans/quote").json()
    assert (quote["value"], quote["interest_rate"], quote["total_to_pay"], quote["daily_payment"]) == (
        None,
        None,
        None,
        None,
    )
    assert quote["eligible"] is False
    assert quote["reason"] == "You need at least 50 credit score points to apply for loans."


def test_the_quote_gives_the_requests_own_refusal_over_the_maximum(eligible_api):
    quote = eligible_api.get("/api/loans/quote?value=2m").json()
    assert quote["eligible"] is False
    assert quote["reason"] == "The maximum loan amount for your tier is €1,000,000"
    assert quote["total_to_pay"] == 2_600_000  # still priced: the form shows what it would cost


def test_a_quote_for_another_players_id_answers_404(eligible_api, other_player):
    assert eligible_api.get(f"/api/loans/quote?player_id={other_player.pk}&value=100000").status_code == 404


def test_an_admin_quotes_for_a_chosen_player_and_must_name_one(admin_api):
    player = PlayerFactory(credit_score=300)
    quote = admin_api.get(f"/api/loans/quote?player_id={player.pk}&value=100k").json()
    assert (quote["interest_rate"], quote["total_to_pay"]) == (0.48, 148_000)
    response = admin_api.get("/api/loans/quote?value=100k")
    assert (response.status_code, response.json()["detail"]) == (400, "player_id is required")


@pytest.mark.parametrize("query", ["value=lots", "value=1e5", "total_days=0", "total_days=x"])
def test_a_quote_of_unreadable_input_answers_400(eligible_api, query):
    assert eligible_api.get(f"/api/loans/quote?{query}").status_code == 400


def test_the_limits_say_the_bounds_the_server_checks(player_api):
    today = timezone.localdate()
    assert player_api.get("/api/loans/limits").json() == {
        "min_amount": 1,
        "max_amount": 1_000_000_000,
        "min_days": 1,
        "max_days": 3650,
        "max_rate": 5.0,
        "notes_max_length": 500,
        "start_date_min": date(today.year, 1, 1).isoformat(),
        "start_date_max": date(today.year + 1, 12, 31).isoformat(),
        "today": today.isoformat(),
    }


@pytest.mark.usefixtures("high_threshold")
def test_loans_carry_their_paid_share_and_pay_off_gain(admin_api):
    loan = LoanFactory(value=1_000_000, total_to_pay=1_300_000)
    LoanPayment.objects.create(loan=loan, date=loan.start_date, status="Paid", value=130_000)
    body = admin_api.get(f"/api/loans/{loan.pk}").json()
    assert (body["paid_percent"], body["payoff_solo_gain"]) == (10.0, 105_000)
    admin_api.put(f"/api/loans/{loan.pk}", {"paid_off": True}, format="json")
    body = admin_api.get(f"/api/loans/{loan.pk}").json()
    assert (body["paid_percent"], body["payoff_solo_gain"], body["solo_gain"]) == (100.0, 105_000, 105_000)


# --- requests happen once ------------------------------------------------------------------


def _request(client, key, value=100_000):
    headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
    return client.post(REQUEST, {"value": value, "total_days": 10}, format="json", **headers)


def test_the_same_key_and_body_answers_the_first_answer_and_files_once(eligible_api):
    first = _request(eligible_api, "form-1")
    again = _request(eligible_api, "form-1")
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert PendingLoan.objects.count() == 1


def test_the_same_key_with_another_body_answers_422_and_files_nothing_more(eligible_api):
    _request(eligible_api, "form-1")
    response = _request(eligible_api, "form-1", value=250_000)
    assert (response.status_code, response.json()["code"]) == (422, "idempotency_key_reused")
    assert PendingLoan.objects.count() == 1


def test_without_a_key_each_call_files_a_request(eligible_api):
    _request(eligible_api, None)
    _request(eligible_api, None)
    assert PendingLoan.objects.count() == 2


def test_keys_belong_to_their_caller(eligible_api):
    other = bearer_for(PlayerFactory(credit_score=100).user)
    _request(eligible_api, "shared-key")
    assert _request(other, "shared-key").status_code == 201
    assert PendingLoan.objects.count() == 2


def test_a_failed_call_stores_nothing_and_may_be_retried(eligible_api, eligible_player):
    eligible_player.bad_payer = True
    eligible_player.save()
    assert _request(eligible_api, "retry-me").status_code == 400
    eligible_player.bad_payer = False
    eligible_player.save()
    assert _request(eligible_api, "retry-me").status_code == 201
    assert IdempotencyRecord.objects.count() == 1


def test_a_key_older_than_24_hours_is_free_again(eligible_api):
    _request(eligible_api, "old-key")
    IdempotencyRecord.objects.update(created_at=timezone.now() - timezone.timedelta(hours=25))
    assert _request(eligible_api, "old-key", value=250_000).status_code == 201
    assert PendingLoan.objects.count() == 2


@pytest.mark.parametrize("key", ["", "x" * 256, "naïve", "with space"])
def test_a_malformed_key_answers_400(eligible_api, key):
    response = eligible_api.post(REQUEST, {"value": 100_000, "total_days": 10}, format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert response.status_code == 400
    assert not PendingLoan.objects.exists()


def test_admin_add_product_and_approval_take_a_key_too(admin_api, player):
    body = {"player_id": player.pk, "value": 100_000, "total_days": 10}
    first = admin_api.post("/api/loans", body, format="json", HTTP_IDEMPOTENCY_KEY="add-1")
    again = admin_api.post("/api/loans", body, format="json", HTTP_IDEMPOTENCY_KEY="add-1")
    assert first.json() == again.json() and Loan.objects.count() == 1
    pending = PendingLoanFactory()
    url = f"/api/pending-loans/{pending.pk}/approve"
    first = admin_api.put(url, HTTP_IDEMPOTENCY_KEY="approve-1")
    again = admin_api.put(url, HTTP_IDEMPOTENCY_KEY="approve-1")
    assert (first.status_code, again.status_code) == (200, 200)
    assert again.json() == first.json()

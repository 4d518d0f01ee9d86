"""Pearl exchange: rates, quotes, requests, and what each approval does to the savings."""

import pytest

from accounts.tests.factories import PlayerFactory
from conftest import bearer_for
from credit.models import CreditEvent
from exchange.models import ExchangeSettings, PearlExchangeRequest
from lending.models import Savings
from lending.tests.factories import SavingsFactory
from testkit.queries import AUTH_QUERIES

pytestmark = pytest.mark.django_db

REQUEST = "/api/pearl-exchange-requests"
SETTINGS = "/api/admin/pearl-exchange-settings"


def ask(client, **body):
    return client.post(REQUEST, body, format="json")


# --- rates -----------------------------------------------------------------------------------


def test_the_default_rates_are_2500_to_sell_and_3500_to_buy_and_players_may_read_them(player_api):
    body = player_api.get(SETTINGS).json()["settings"]
    assert (body["sell_rate"], body["buy_rate"], body["updated_by"]) == (2_500, 3_500, None)
    assert not ExchangeSettings.objects.exists()  # a read never writes


def test_an_admin_changes_the_rates_and_who_and_when_is_kept(admin_api, admin_user):
    body = admin_api.put(f"{SETTINGS}?sell_rate=2600&buy_rate=3600&admin_user=someone").json()["settings"]
    assert (body["sell_rate"], body["buy_rate"], body["updated_by"]) == (2_600, 3_600, admin_user.display_name)
    assert body["last_updated"]


@pytest.mark.parametrize(
    "query,message",
    [
        ("sell_rate=3600&buy_rate=3600", "The sell rate must be lower than the buy rate"),
        ("sell_rate=4000", "The sell rate must be lower than the buy rate"),
        ("sell_rate=0&buy_rate=3500", "sell_rate must be between 1 and 1,000,000"),
        ("sell_rate=-5&buy_rate=3500", "sell_rate must be between 1 and 1,000,000"),
        ("sell_rate=2500.5&buy_rate=3500", "sell_rate must be a whole number"),
        ("buy_rate=abc", "buy_rate must be a whole number"),
    ],
)
def test_rates_must_be_positive_whole_numbers_with_sell_below_buy(admin_api, query, message):
    response = admin_api.put(f"{SETTINGS}?{query}")
    assert (response.status_code, response.json()["detail"]) == (400, message)
    assert admin_api.get(SETTINGS).json()["settings"]["sell_rate"] == 2_500


def test_players_cannot_change_the_rates(player_api):
    assert player_api.put(f"{SETTINGS}?sell_rate=1&buy_rate=2").status_code == 403


# --- quotes and requests ---------------------------------------------------------------------


@pytest.mark.parametrize("kind,rate,bread", [("sell", 2_500, 25_000), ("buy", 3_500, 35_000)])
def test_the_quote_is_pearls_times_the_directions_rate(player_api, kind, rate, bread):
    quote = player_api.get(f"/api/pearl-exchange/quote?exchange_type={kind}&pearls_amount=10").json()
    assert (quote["exchange_rate"], quote["bread_amount"]) == (rate, bread)
    empty = player_api.get(f"/api/pearl-exchange/quote?exchange_type={kind}").json()
    assert empty["bread_amount"] == 0


@pytest.mark.parametrize("kind,rate", [("sell", 2_500), ("buy", 3_500)])
def test_a_request_stores_the_rate_and_the_bread_the_server_computed(player_api, player, kind, rate):
    savings = SavingsFactory(player=player)
    response = ask(player_api, exchange_type=kind, pearls_amount=12, savings_option=savings.pk, bread_amount=1)
    assert response.status_code == 201
    body = response.json()
    assert (body["exchange_rate"], body["bread_amount"], body["pearls"]) == (rate, 12 * rate, 12)
    assert (body["savings_option"], body["savings_id"], body["destination"]) == (
        str(savings.pk),
        savings.pk,
        f"Savings Account #{savings.pk}",
    )
    stored = PearlExchangeRequest.objects.get()
    assert (stored.exchange_rate, stored.bread_amount) == (rate, 12 * rate)


def test_a_rate_change_after_submission_does_not_change_the_request(player_api, admin_api):
    ask(player_api, exchange_type="sell", pearls_amount=10, savings_option="cashout")
    admin_api.put(f"{SETTINGS}?sell_rate=3000&buy_rate=4000")
    stored = PearlExchangeRequest.objects.get()
    assert (stored.exchange_rate, stored.bread_amount) == (2_500, 25_000)


@pytest.mark.parametrize(
    "body,message",
    [
        ({"exchange_type": "sell", "savings_option": "cashout"}, "Please enter a valid number of pearls"),
        (
            {"exchange_type": "sell", "pearls_amount": 0, "savings_option": "cashout"},
            "Please enter a valid number of pearls",
        ),
        (
            {"exchange_type": "sell", "pearls_amount": -3, "savings_option": "cashout"},
            "Please enter a valid number of pearls",
        ),
        (
            {"exchange_type": "sell", "pearls_amount": 1_000_001, "savings_option": "cashout"},
            "pearls_amount must be between 1 and 1,000,000",
        ),
        (
            {"exchange_type": "sell", "pearls_amount": "ten", "savings_option": "cashout"},
            "Please enter a valid number of pearls",
        ),
        (
            {"exchange_type": "sell", "pearls_amount": 1.5, "savings_option": "cashout"},
            "Please enter a valid number of pearls",
        ),
        ({"exchange_type": "buy", "pearls_amount": 5}, "Please select a savings account to deduct funds from"),
        (
            {"exchange_type": "buy", "pearls_amount": 5, "savings_option": "cashout"},
            "Please select a savings account to deduct funds from",
        ),
        ({"exchange_type": "sell", "pearls_amount": 5}, "Choose where the bread should go"),
        (
            {"exchange_type": "sell", "pearls_amount": 5, "savings_option": "bank"},
            "savings_option must be cashout, new_savings or a savings account id",
        ),
        (
            {"exchange_type": "trade", "pearls_amount": 5, "savings_option": "cashout"},
            "exchange_type must be sell or buy",
        ),
    ],
)
def test_each_validation_message(player_api, body, message):
    response = ask(player_api, **body)
    assert (response.status_code, response.json()["detail"]) == (400, message)
    assert not PearlExchangeRequest.objects.exists()


def test_naming_another_players_savings_answers_404(player_api, other_player):
    theirs = SavingsFactory(player=other_player)
    for kind in ("sell", "buy"):
        response = ask(player_api, exchange_type=kind, pearls_amount=1, savings_option=theirs.pk)
        assert response.status_code == 404
    assert not PearlExchangeRequest.objects.exists()


def test_a_purchase_must_be_covered_by_the_chosen_savings(player_api, player):
    savings = SavingsFactory(player=player, invested_value=30_000)
    response = ask(player_api, exchange_type="buy", pearls_amount=9, savings_option=savings.pk)
    assert response.status_code == 400
    assert (
        response.json()["detail"]
        == f"Savings Account #{savings.pk} holds €30,000, not enough to pay €31,500 for 9 pearls"
    )
    assert not PearlExchangeRequest.objects.exists()


def test_a_purchase_not_covered_is_a_refusal_not_a_mistake_in_the_form(player_api, player):
    # no `fields`: the screen words it as every refusal ("Failed to submit pearl exchange request: ...")
    savings = SavingsFactory(player=player, invested_value=30_000)
    response = ask(player_api, exchange_type="buy", pearls_amount=9, savings_option=savings.pk)
    assert (response.json()["code"], response.json()["fields"]) == ("not_covered", {})


def test_a_sale_into_new_savings_at_the_account_cap_is_refused_when_filed(player_api, player):
    for _ in range(3):
        SavingsFactory(player=player, invested_value=100_000)
    response = ask(player_api, exchange_type="sell", pearls_amount=10, savings_option="new_savings")
    assert (response.status_code, response.json()["code"]) == (400, "client_limit")
    assert response.json()["detail"] == "New clients can hold at most 3 active savings accounts (this player has 3)"
    assert not PearlExchangeRequest.objects.exists()


def test_a_sale_into_new_savings_past_the_clients_total_is_refused_when_filed(player_api, player):
    SavingsFactory(player=player, invested_value=1_490_000)
    response = ask(player_api, exchange_type="sell", pearls_amount=10, savings_option="new_savings")
    assert (response.status_code, response.json()["detail"]) == (
        400,
        "New clients can hold at most €1,500,000 in savings: this player holds €1,490,000, so at most €10,000 more",
    )
    assert not PearlExchangeRequest.objects.exists()


def test_a_sale_that_would_grow_an_account_past_the_limit_is_refused_when_filed(player_api, player):
    savings = SavingsFactory(player=player, invested_value=1_490_000)
    response = ask(player_api, exchange_type="sell", pearls_amount=10, savings_option=savings.pk)
    assert (response.status_code, response.json()["code"]) == (400, "client_limit")
    assert not PearlExchangeRequest.objects.exists()


def test_a_sale_within_the_limits_and_a_cash_out_are_filed(player_api, player):
    SavingsFactory(player=player, invested_value=1_470_000)
    for option in ("new_savings", "cashout"):
        response = ask(player_api, exchange_type="sell", pearls_amount=10, savings_option=option)
        assert response.status_code == 201, response.json()
    # a cash-out moves nothing in the bank: the limits do not apply to it
    assert ask(player_api, exchange_type="sell", pearls_amount=1_000, savings_option="cashout").status_code == 201


def test_an_admin_cannot_file_a_players_exchange(admin_api):
    assert ask(admin_api, exchange_type="sell", pearls_amount=1, savings_option="cashout").status_code == 403


def test_requests_take_an_idempotency_key(player_api):
    body = {"exchange_type": "sell", "pearls_amount": 4, "savings_option": "cashout"}
    first = player_api.post(REQUEST, body, format="json", HTTP_IDEMPOTENCY_KEY="pearls-1")
    again = player_api.post(REQUEST, body, format="json", HTTP_IDEMPOTENCY_KEY="pearls-1")
    assert first.json() == again.json() and PearlExchangeRequest.objects.count() == 1


def test_history_lists_the_players_own_requests_and_hides_anothers(player_api, player, other_player):
    ask(player_api, exchange_type="sell", pearls_amount=1, savings_option="cashout")
    ask(bearer_for(other_player.user), exchange_type="sell", pearls_amount=2, savings_option="cashout")
    history = player_api.get(f"/api/players/{player.pk}/pearl-exchange-history").json()["pearl_exchange_history"]
    assert [row["pearls_amount"] for row in history] == [1]
    assert player_api.get(f"/api/players/{other_player.pk}/pearl-exchange-history").status_code == 404


# --- approvals -------------------------------------------------------------------------------


def _approve(admin_api, request_id):
    return admin_api.put(f"/api/admin/pearl-exchange-requests/{request_id}/approve?admin_notes=ok")


def test_a_cash_out_moves_nothing_in_the_bank(player_api, admin_api, player):
    savings = SavingsFactory(player=player)
    request_id = ask(player_api, exchange_type="sell", pearls_amount=10, savings_option="cashout").json()["id"]
    assert _approve(admin_api, request_id).json()["pearl_exchange_request"]["status"] == "approved"
    savings.refresh_from_db()
    assert savings.invested_value == 1_000_000 and Savings.objects.count() == 1


def test_a_sale_into_new_savings_opens_an_account_with_its_credit_points(player_api, admin_api, player):
    request_id = ask(player_api, exchange_type="sell", pearls_amount=40, savings_option="new_savings").json()["id"]
    body = _approve(admin_api, request_id).json()["pearl_exchange_request"]
    opened = Savings.objects.get(player=player)
    assert (opened.invested_value, opened.principal, body["created_savings_id"]) == (100_000, 100_000, opened.pk)
    assert CreditEvent.objects.filter(player=player, action_type="savings_opened").get().points_change == 10


def test_a_sale_into_an_account_grows_it(player_api, admin_api, player):
    savings = SavingsFactory(player=player, invested_value=500_000)
    request_id = ask(player_api, exchange_type="sell", pearls_amount=10, savings_option=savings.pk).json()["id"]
    _approve(admin_api, request_id)
    savings.refresh_from_db()
    assert savings.invested_value == 525_000


def test_a_purchase_takes_its_bread_from_the_account(player_api, admin_api, player):
    savings = SavingsFactory(player=player, invested_value=35_000)
    request_id = ask(player_api, exchange_type="buy", pearls_amount=10, savings_option=savings.pk).json()["id"]
    _approve(admin_api, request_id)
    savings.refresh_from_db()
    assert (savings.invested_value, savings.status) == (0, "Withdrawn")  # emptied: closed


def test_a_purchase_no_longer_covered_answers_409_and_changes_nothing(player_api, admin_api, player):
    savings = SavingsFactory(player=player, invested_value=100_000)
    request_id = ask(player_api, exchange_type="buy", pearls_amount=20, savings_option=savings.pk).json()["id"]
    Savings.objects.filter(pk=savings.pk).update(invested_value=50_000)
    response = _approve(admin_api, request_id)
    assert (response.status_code, response.json()["code"]) == (409, "not_covered")
    savings.refresh_from_db()
    assert savings.invested_value == 50_000
    assert PearlExchangeRequest.objects.get().status == "pending"


def test_a_sale_into_an_account_closed_meanwhile_answers_409_and_changes_nothing(player_api, admin_api, player):
    savings = SavingsFactory(player=player, invested_value=500_000)
    request_id = ask(player_api, exchange_type="sell", pearls_amount=10, savings_option=savings.pk).json()["id"]
    Savings.objects.filter(pk=savings.pk).update(invested_value=0, status=Savings.Status.WITHDRAWN)  # emptied since
    response = _approve(admin_api, request_id)
    assert (response.status_code, response.json()["code"]) == (409, "savings_closed")
    assert f"Savings #{savings.pk} was closed" in response.json()["detail"]
    savings.refresh_from_db()
    assert (savings.invested_value, savings.status) == (0, Savings.Status.WITHDRAWN)
    assert PearlExchangeRequest.objects.get().status == "pending"


def test_a_sale_into_an_account_removed_meanwhile_answers_409_and_changes_nothing(player_api, admin_api, player):
    savings = SavingsFactory(player=player, invested_value=500_000)
    request_id = ask(player_api, exchange_type="sell", pearls_amount=10, savings_option=savings.pk).json()["id"]
    Savings.objects.filter(pk=savings.pk).delete()  # removed since (the Django admin site)
    response = _approve(admin_api, request_id)
    assert (response.status_code, response.json()["code"]) == (409, "savings_closed")
    assert "no longer exists" in response.json()["detail"]
    assert not Savings.objects.filter(player=player).exists()
    assert PearlExchangeRequest.objects.get().status == "pending"


def test_a_sale_into_new_savings_that_breaks_the_limits_is_refused_at_approval(player_api, admin_api, player):
    request_id = ask(player_api, exchange_type="sell", pearls_amount=100, savings_option="new_savings").json()["id"]
    SavingsFactory(player=player, invested_value=1_400_000)  # opened meanwhile: 250,000 more would pass 1.5M
    response = _approve(admin_api, request_id)
    assert (response.status_code, response.json()["code"]) == (409, "client_limit")
    assert "at most €1,500,000 in savings" in response.json()["detail"]
    assert Savings.objects.filter(player=player).count() == 1
    assert PearlExchangeRequest.objects.get().status == "pending"


def test_a_sale_that_grows_an_account_past_the_limit_is_refused_at_approval(player_api, admin_api, player):
    savings = SavingsFactory(player=player, invested_value=1_400_000)
    request_id = ask(player_api, exchange_type="sell", pearls_amount=10, savings_option=savings.pk).json()["id"]
    Savings.objects.filter(pk=savings.pk).update(invested_value=1_490_000)  # grown meanwhile: 25,000 more is too much
    assert _approve(admin_api, request_id).status_code == 409
    savings.refresh_from_db()
    assert savings.invested_value == 1_490_000


def test_deny_needs_a_reason_and_a_decided_request_answers_409_first(admin_api, player_api):
    request_id = ask(player_api, exchange_type="sell", pearls_amount=1, savings_option="cashout").json()["id"]
    empty = admin_api.put(f"/api/admin/pearl-exchange-requests/{request_id}/deny?admin_notes=")
    assert (empty.status_code, empty.json()["detail"]) == (400, "A reason is required to deny a pearl exchange request")
    denied = admin_api.put(f"/api/admin/pearl-exchange-requests/{request_id}/deny?admin_notes=No stock")
    assert denied.json()["pearl_exchange_request"]["admin_notes"] == "No stock"
    for path in ("approve", "deny?admin_notes="):
        response = admin_api.put(f"/api/admin/pearl-exchange-requests/{request_id}/{path}")
        assert (response.status_code, response.json()["code"]) == (409, "already_processed")


def test_players_cannot_list_or_decide_requests(player_api):
    assert player_api.get("/api/admin/pearl-exchange-requests").status_code == 403
    request_id = ask(player_api, exchange_type="sell", pearls_amount=1, savings_option="cashout").json()["id"]
    assert _approve(player_api, request_id).status_code == 403


def test_the_admin_list_puts_pending_first_and_counts_them(admin_api, player_api):
    ids = [
        ask(player_api, exchange_type="sell", pearls_amount=n, savings_option="cashout").json()["id"] for n in (1, 2, 3)
    ]
    admin_api.put(f"/api/admin/pearl-exchange-requests/{ids[2]}/deny?admin_notes=No")
    body = admin_api.get("/api/admin/pearl-exchange-requests").json()
    assert [row["id"] for row in body["pearl_exchange_requests"]] == [ids[1], ids[0], ids[2]]
    assert (body["count"], body["pending_count"]) == (3, 2)


def test_the_lists_run_a_fixed_number_of_queries(admin_api, django_assert_num_queries):
    for size in (1, 8):
        for _ in range(size):
            player = PlayerFactory()
            ask(bearer_for(player.user), exchange_type="sell", pearls_amount=1, savings_option="cashout")
        with django_assert_num_queries(AUTH_QUERIES + 3):  # page + count + pending count
            admin_api.get("/api/admin/pearl-exchange-requests")
        with django_assert_num_queries(AUTH_QUERIES + 2):  # the player + their requests
            admin_api.get(f"/api/players/{player.pk}/pearl-exchange-history")


def test_demo_adds_exchanges_of_both_directions_and_every_status():
    from io import StringIO

    from django.core.management import call_command

    call_command("seed_demo", stdout=StringIO())
    pairs = set(PearlExchangeRequest.objects.values_list("exchange_type", "status"))
    assert {kind for kind, _ in pairs} == {"sell", "buy"}
    assert {status for _, status in pairs} == {"pending", "approved", "denied"}

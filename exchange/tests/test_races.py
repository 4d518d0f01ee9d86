"""Simultaneous approvals across two real server processes: purchases paid from one savings account
never take it below zero (what it no longer covers answers 409 and changes nothing), and of twenty
simultaneous second approvals of a large exchange one carries it out (docs/rules.md, "Four eyes")."""

from collections import Counter

import pytest

from accounts.models import User
from accounts.tests.factories import PASSWORD, AdminFactory, PlayerFactory
from bank import roles
from bank.models import LedgerEntry
from exchange import services
from exchange.models import PearlExchangeRequest
from lending.models import Savings
from lending.tests.factories import SavingsFactory
from testkit.factors import authenticator_for, sign_in_with_code
from testkit.servers import asgi_server, call, env_for_test_database, fire_together

# after every race: the books balance (the ledger proves every balance it touched)
pytestmark = pytest.mark.usefixtures("books_balance")

REQUESTS = 20


@pytest.mark.django_db(transaction=True)
def test_twenty_purchase_approvals_against_one_account_across_two_processes_never_overdraw_it():
    AdminFactory()
    player = PlayerFactory()
    savings = SavingsFactory(player=player, invested_value=100_000)
    # twenty purchases of 10 pearls (35,000 bread each) against 100,000: two fit, the rest no longer do
    purchases = [
        PearlExchangeRequest.objects.create(
            player=player,
            exchange_type="buy",
            pearls_amount=10,
            exchange_rate=3_500,
            bread_amount=35_000,
            savings_option="savings",
            savings=savings,
        )
        for _ in range(REQUESTS)
    ]
    env = env_for_test_database()
    with asgi_server(env) as server_a, asgi_server(env) as server_b:
        _, login = call(server_a, "POST", "/api/login", {"username": "admin", "password": PASSWORD})
        statuses = fire_together(
            [server_a, server_b],
            "PUT",
            lambda index: f"/api/admin/pearl-exchange-requests/{purchases[index].pk}/approve",
            login["access_token"],
            requests=REQUESTS,
        )

    assert Counter(statuses) == {200: 2, 409: REQUESTS - 2}
    savings.refresh_from_db()
    assert savings.invested_value == 30_000
    assert Counter(PearlExchangeRequest.objects.values_list("status", flat=True)) == {"approved": 2, "pending": 18}


@pytest.mark.django_db(transaction=True)
def test_twenty_simultaneous_second_approvals_of_a_large_exchange_carry_it_out_once():
    AdminFactory()
    lou = AdminFactory(username="lou", role=roles.LOAN_OFFICER, is_superuser=False)
    AdminFactory(username="mia", role=roles.LOAN_OFFICER, is_superuser=False)
    seller, buyer = PlayerFactory(), PlayerFactory()
    savings = SavingsFactory(player=buyer, invested_value=3_000_000)
    sale = PearlExchangeRequest.objects.create(  # 2,500,000 bread paid out in the game: above the million
        player=seller,
        exchange_type="sell",
        pearls_amount=1_000,
        exchange_rate=2_500,
        bread_amount=2_500_000,
        savings_option="cashout",
    )
    purchase = PearlExchangeRequest.objects.create(  # 1,400,000 bread from the savings
        player=buyer,
        exchange_type="buy",
        pearls_amount=400,
        exchange_rate=3_500,
        bread_amount=1_400_000,
        savings_option="savings",
        savings=savings,
    )
    for request in (sale, purchase):
        assert services.exchange_request_approve(request_id=request.pk, admin=lou).approvals
    phone = authenticator_for(User.objects.get(username="mia"))
    env = env_for_test_database()
    with asgi_server(env) as server_a, asgi_server(env) as server_b:
        # a second approval above the threshold asks for a fresh second factor (step-up): mia signs in with one
        token = sign_in_with_code(server_a, phone, username="mia", password=PASSWORD)
        sales = fire_together(
            [server_a, server_b], "PUT", f"/api/admin/pearl-exchange-requests/{sale.pk}/approve", token
        )
        purchases = fire_together(
            [server_a, server_b], "PUT", f"/api/admin/pearl-exchange-requests/{purchase.pk}/approve", token
        )

    assert Counter(sales) == {200: 1, 409: REQUESTS - 1}
    assert Counter(purchases) == {200: 1, 409: REQUESTS - 1}
    for request in (sale, purchase):
        request.refresh_from_db()
        assert (request.status, [a["officer"] for a in request.approvals]) == ("approved", ["lou", "mia"])
    assert LedgerEntry.objects.filter(reason="pearl_sale", player_id=seller.pk).count() == 1
    assert LedgerEntry.objects.filter(reason="pearl_buy").count() == 1
    assert Savings.objects.get(pk=savings.pk).invested_value == 1_600_000

"""Simultaneous purchase approvals paid from one savings account, across two real server processes:
the account never goes below zero, and what it no longer covers answers 409 and changes nothing."""

from collections import Counter

import pytest

from accounts.tests.factories import PASSWORD, AdminFactory, PlayerFactory
from bank.core.testing.servers import asgi_server, call, env_for_test_database, fire_together
from exchange.models import PearlExchangeRequest
from lending.tests.factories import SavingsFactory

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

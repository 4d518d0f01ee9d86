"""One answer for "not yours" and "not there" (docs/rules.md, "Identity and roles"): on every route
with an id, another player's record answers exactly as a record that does not exist (same status,
same body), so a player cannot learn which ids exist.

The routes are read from the URL configuration: a new route with an id fails here until it is
named in ROUTE_KINDS (which record its id names) and INPUTS (a valid input, so that the id is what
decides the answer).
"""

import re
from datetime import timedelta

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from django_otp.plugins.otp_totp.models import TOTPDevice

from accounts.models import Passkey
from accounts.tests.factories import PlayerFactory
from bank.models import Proposal
from conftest import RULES_DAY, bank_moment, bearer_for
from exchange.models import PearlExchangeRequest
from lending.tests.factories import LoanFactory, PendingLoanFactory, SavingsFactory, WithdrawalRequestFactory

# the valid inputs' dates are in the windows of this day (a start date within this year and next)
pytestmark = [pytest.mark.django_db, pytest.mark.bank_date(RULES_DAY)]

ID = "<int:pk>"
MISSING_ID = 987_654_321
BEYOND_ANY_ID = 2**63  # more than any database row's id: no such record either

# which record a route's id names, by the route's pattern (under /api/)
ROUTE_KINDS = [
    (r"^(admin/)?players/<int:pk>(/|$)", "player"),
    (r"^loans/eligibility/<int:pk>$", "player"),
    (r"^(admin/)?savings/<int:pk>(/|$)", "savings"),
    (r"^(admin/)?loans/<int:pk>(/|$)", "loan"),
    (r"^pending-loans/<int:pk>/", "pending_loan"),
    (r"^withdrawal-requests/<int:pk>/", "withdrawal"),
    (r"^pearl-exchange-requests/<int:pk>/", "exchange"),
    (r"^admin/withdrawal-requests/<int:pk>/", "withdrawal"),
    (r"^admin/pearl-exchange-requests/<int:pk>/", "exchange"),
    (r"^admin/officers/<int:pk>(/|$)", "player"),  # an officer's id; a player gets 403 whatever the id
    (r"^admin/proposals/<int:pk>/", "proposal"),  # officers only: a player gets 403 whatever the id
    (r"^me/factors/totp/<int:pk>(/|$)", "factor"),  # the caller's own second factor
    (r"^me/factors/passkey/<int:pk>$", "passkey"),  # the caller's own passkey
]

TODAY = bank_moment(RULES_DAY).date()
# a valid input for each route and method, so that only the id can make the call fail
INPUTS: dict[tuple[str, str], dict] = {
    ("players/<int:pk>", "put"): {"body": {"has_solo_access": True}},
    ("admin/players/<int:pk>/unblock", "put"): {},
    ("admin/players/<int:pk>/password", "put"): {"body": {"new_password": "brand-new-pass"}},
    ("admin/players/<int:pk>/client-type", "put"): {"query": {"client_type": "old"}},
    ("players/<int:pk>/statement.csv", "get"): {"query": {"from": str(TODAY.replace(day=1)), "to": str(TODAY)}},
    ("players/<int:pk>/credit-score", "get"): {},
    ("players/<int:pk>/credit-history", "get"): {},
    ("loans/eligibility/<int:pk>", "get"): {},
    ("players/<int:pk>/pearl-exchange-history", "get"): {},
    ("players/<int:pk>/total-savings", "get"): {},
    ("players/<int:pk>/withdrawal-history", "get"): {},
    ("players/<int:pk>/products", "get"): {},
    ("savings/<int:pk>", "get"): {},
    ("savings/<int:pk>/payment", "post"): {"query": {"payment_status": "Paid"}},
    ("admin/savings/<int:pk>/edit", "put"): {"body": {"admin_notes": "checked"}},
    ("admin/savings/<int:pk>/change-date", "put"): {"query": {"new_date": str(TODAY)}},
    ("loans/<int:pk>", "get"): {},
    ("loans/<int:pk>", "put"): {"body": {"paid_off": True}},
    ("loans/<int:pk>/payment", "post"): {"query": {"payment_status": "Paid"}},
    ("admin/loans/<int:pk>/edit", "put"): {"body": {"admin_notes": "checked"}},
    ("admin/loans/<int:pk>/change-date", "put"): {"query": {"new_date": str(TODAY)}},
    ("admin/loans/<int:pk>/change-days", "put"): {"query": {"new_days": "20"}},
    ("pending-loans/<int:pk>/approve", "put"): {},
    ("pending-loans/<int:pk>/cancel", "put"): {},
    ("withdrawal-requests/<int:pk>/cancel", "put"): {},
    ("pearl-exchange-requests/<int:pk>/cancel", "put"): {},
    ("pending-loans/<int:pk>/deny", "put"): {"query": {"admin_notes": "not now"}},
    ("admin/withdrawal-requests/<int:pk>/approve", "put"): {},
    ("admin/withdrawal-requests/<int:pk>/deny", "put"): {"query": {"admin_notes": "not now"}},
    ("admin/pearl-exchange-requests/<int:pk>/approve", "put"): {},
    ("admin/pearl-exchange-requests/<int:pk>/deny", "put"): {"query": {"admin_notes": "not now"}},
    ("admin/officers/<int:pk>", "patch"): {"body": {"role": "teller"}},
    ("admin/officers/<int:pk>/password", "put"): {"body": {"new_password": "brand-new-pass"}},
    ("admin/officers/<int:pk>/lockout", "delete"): {},
    ("admin/loans/<int:pk>/write-off", "post"): {"body": {"reason": "left the guild"}},
    ("admin/proposals/<int:pk>/approve", "put"): {},
    ("admin/proposals/<int:pk>/deny", "put"): {"query": {"admin_notes": "not now"}},
    ("me/factors/totp/<int:pk>", "delete"): {},
    ("me/factors/passkey/<int:pk>", "delete"): {},
    ("me/factors/totp/<int:pk>/confirm", "post"): {"body": {"otp": "123456"}},
    ("admin/officers/<int:pk>/factors/reset", "post"): {"body": {"reason": "lost phone"}},
    ("admin/players/<int:pk>/factors/reset", "post"): {"body": {"reason": "lost phone"}},
}


def _routes(patterns, prefix: str = "") -> list[tuple[str, type]]:
    found = []
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            found += _routes(pattern.url_patterns, route)
        elif isinstance(pattern, URLPattern) and ID in route and hasattr(pattern.callback, "view_class"):
            found.append((route, pattern.callback.view_class))
    return found


def id_routes() -> list[tuple[str, str]]:
    """(route under /api/, method) for every route with an id in its path."""
    calls = []
    for route, view in _routes(get_resolver().url_patterns):
        if route.startswith("api/"):
            for method in ("get", "post", "put", "patch", "delete"):
                if hasattr(view, method):
                    calls.append((route.removeprefix("api/"), method))
    return sorted(calls)


def kind_of(route: str) -> str | None:
    return next((kind for pattern, kind in ROUTE_KINDS if re.search(pattern, route)), None)


def test_every_id_route_is_named_here():
    unnamed = [call for call in id_routes() if kind_of(call[0]) is None or call not in INPUTS]
    assert unnamed == [], "name these routes in ROUTE_KINDS and INPUTS, then check their answers below"


@pytest.fixture
def bank():
    """The caller (a player) and another player, each with one record of every kind."""
    me, other = PlayerFactory(credit_score=120), PlayerFactory(credit_score=120)
    records = {}
    for owner in (me, other):
        savings = SavingsFactory(player=owner)
        records[owner.pk] = {
            "player": owner.pk,
            "savings": savings.pk,
            "loan": LoanFactory(player=owner).pk,
            "pending_loan": PendingLoanFactory(player=owner).pk,
            "withdrawal": WithdrawalRequestFactory(player=owner).pk,
            "exchange": PearlExchangeRequest.objects.create(
                player=owner,
                exchange_type="sell",
                pearls_amount=10,
                exchange_rate=2_500,
                bread_amount=25_000,
                savings_option="cashout",
            ).pk,
            "proposal": Proposal.objects.create(
                kind="loan.payment", least_role="teller", summary="x", reason="y", player_id=owner.pk
            ).pk,
            # an authenticator being set up (the confirm route's) that is also removable (the delete route's)
            "factor": TOTPDevice.objects.create(user=owner.user, name="Phone", confirmed=False).pk,
            "passkey": Passkey.objects.create(
                user=owner.user, name="Laptop", confirmed=True, credential_id=f"cred-{owner.pk}", public_key=b"k"
            ).pk,
        }
    return {"me": me, "mine": records[me.pk], "theirs": records[other.pk]}


def answer(client, route: str, method: str, record_id: int):
    given = INPUTS.get((route, method), {})
    query = "&".join(f"{name}={value}" for name, value in given.get("query", {}).items())
    path = "/api/" + route.replace(ID, str(record_id)) + (f"?{query}" if query else "")
    response = getattr(client, method)(path, given.get("body", {}), format="json")
    body = response.json() if response["Content-Type"].startswith("application/json") else response.content
    return response.status_code, body


@pytest.mark.parametrize("route,method", id_routes(), ids=[f"{m.upper()} {r}" for r, m in id_routes()])
def test_another_players_record_answers_as_one_that_is_not_there(bank, route, method):
    player = bearer_for(bank["me"].user)
    theirs = bank["theirs"][kind_of(route)]
    not_yours = answer(player, route, method, theirs)
    assert not_yours[0] in {403, 404}, not_yours
    assert not_yours == answer(player, route, method, MISSING_ID)
    assert not_yours == answer(player, route, method, BEYOND_ANY_ID)


@pytest.mark.parametrize("route,method", id_routes(), ids=[f"{m.upper()} {r}" for r, m in id_routes()])
def test_a_record_that_is_not_there_answers_404_with_one_text_for_everyone(bank, admin_user, route, method):
    admin = bearer_for(admin_user)
    player = bearer_for(bank["me"].user)
    status, body = answer(admin, route, method, MISSING_ID)
    if status == 403 and body["code"] == "permission_denied":  # a player's own route (a cancel): ask as one
        admin = player
        status, body = answer(player, route, method, MISSING_ID)
    assert status == 404, body
    assert (status, body) == answer(admin, route, method, BEYOND_ANY_ID)
    player_status, player_body = answer(player, route, method, MISSING_ID)
    if player_status != 403:  # a player may use this route: the same words for both
        assert (player_status, player_body) == (status, body)


def test_a_player_reaches_their_own_records_on_these_routes(bank):
    """The routes above are not 404 for everyone: the player's own ids answer (or the route is an
    admin's, whatever the id)."""
    player = bearer_for(bank["me"].user)
    for route, method in [(route, method) for route, method in id_routes() if method == "get"]:
        status, body = answer(player, route, method, bank["mine"][kind_of(route)])
        assert status == 200 or (status, body["code"]) == (403, "permission_denied"), (route, body)


# ids in the input rather than the path: the player filing for, or quoting, another player's id,
# or naming another player's savings account
def _player_id_calls(theirs_or_missing: dict) -> list[tuple[str, str, dict]]:
    player_id, savings_id = theirs_or_missing["player"], theirs_or_missing["savings"]
    tomorrow = str(TODAY + timedelta(days=1))
    return [
        ("get", f"/api/loans/quote?player_id={player_id}", {}),
        ("get", f"/api/savings/quote?player_id={player_id}", {}),
        ("post", "/api/pending-loans", {"player_id": player_id, "value": 100_000, "total_days": 10}),
        (
            "post",
            "/api/withdrawal-requests",
            {"player_id": player_id, "amount": 1_000, "withdrawal_date": tomorrow, "withdrawal_time": "18:30"},
        ),
        ("post", "/api/pearl-exchange-requests", {"player_id": player_id, "exchange_type": "sell", "pearls_amount": 1}),
        (
            "post",
            "/api/pearl-exchange-requests",
            {"exchange_type": "buy", "pearls_amount": 1, "savings_option": str(savings_id)},
        ),
    ]


@pytest.mark.parametrize("index", range(len(_player_id_calls({"player": 0, "savings": 0}))))
def test_another_players_id_in_the_input_answers_as_one_that_is_not_there(bank, index):
    player = bearer_for(bank["me"].user)
    results = []
    for ids in (bank["theirs"], {"player": MISSING_ID, "savings": MISSING_ID}):
        method, path, body = _player_id_calls(ids)[index]
        response = getattr(player, method)(path, body, format="json")
        results.append((response.status_code, response.json()))
    assert results[0][0] in {400, 403, 404}, results[0]
    assert results[0] == results[1]

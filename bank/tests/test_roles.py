"""The role matrix: every API route an officer's token can reach, for each role, answers 403 when
the role is below the one `bank.core.roles.ROUTES` names and passes the permission otherwise.

The routes are read from the URL resolver, not from the table: a route added to the API without a
line in the table fails `test_every_route_an_officer_can_reach_is_in_the_table` (and answers 403 to
every officer meanwhile, since a route the table does not name is closed to officers).
"""

from datetime import timedelta

import pytest
from django.urls import get_resolver
from django.urls.resolvers import URLPattern, URLResolver
from django.utils import timezone
from rest_framework.permissions import AllowAny

from accounts.tests.factories import AdminFactory
from bank.core import roles
from bank.tests.stocked import stock_bank
from conftest import bearer_for
from exchange.models import PearlExchangeRequest
from lending.models import Loan, PendingLoan, Savings, WithdrawalRequest

METHODS = ("get", "post", "put", "patch", "delete")


def _walk(patterns, prefix=""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            yield from _walk(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern), pattern


def officer_routes() -> list[tuple[str, str, str]]:
    """(URL name, route, METHOD) of every API view an authenticated officer can call, from the resolver."""
    found = []
    for route, pattern in _walk(get_resolver().url_patterns):
        view = getattr(pattern.callback, "view_class", None) or getattr(pattern.callback, "cls", None)
        if view is None or not route.startswith("api/"):
            continue
        permissions = getattr(view, "permission_classes", [])
        if permissions and all(permission is AllowAny for permission in permissions):
            continue  # sign-in, registration, health, the schema: no token needed, no role
        for method in METHODS:
            if hasattr(view, method):
                found.append((pattern.name, route, method.upper()))
    return found


ROUTES = officer_routes()


def test_every_route_an_officer_can_reach_is_in_the_table():
    missing = [(name, method) for name, _, method in ROUTES if roles.least_role(name, method) is None]
    assert not missing, f"add these routes to bank.core.roles.ROUTES: {missing}"


def test_the_table_names_only_routes_that_exist():
    reachable = {(name, method) for name, _, method in ROUTES}
    named = {(name, method) for name, methods in roles.ROUTES.items() for method in methods}
    assert named - reachable == set()


def test_the_roles_build_on_each_other():
    assert roles.role_at_least(roles.TREASURER, roles.LOAN_OFFICER)
    assert roles.role_at_least(roles.LOAN_OFFICER, roles.TELLER)
    assert not roles.role_at_least(roles.TELLER, roles.LOAN_OFFICER)
    assert not roles.role_at_least(roles.TREASURER, roles.PLAYERS_ONLY)
    assert not roles.role_at_least(None, roles.TELLER)


@pytest.fixture
def officers(db):
    return {
        roles.TELLER: AdminFactory(username="tina", role=roles.TELLER, is_superuser=False),
        roles.LOAN_OFFICER: AdminFactory(username="lou", role=roles.LOAN_OFFICER, is_superuser=False),
        roles.TREASURER: AdminFactory(username="admin"),
    }


def _ids(officers) -> dict[str, int]:
    """An existing record behind each kind of <pk> in the routes."""
    stock_bank(admin=officers[roles.TREASURER])
    return {
        "players": WithdrawalRequest.objects.first().player_id,
        "loans": Loan.objects.first().pk,
        "savings": Savings.objects.first().pk,
        "pending-loans": PendingLoan.objects.first().pk,
        "withdrawal-requests": WithdrawalRequest.objects.first().pk,
        "pearl-exchange-requests": PearlExchangeRequest.objects.first().pk,
        "officers": officers[roles.TELLER].pk,
        "eligibility": WithdrawalRequest.objects.first().player_id,
    }


def _path(route: str, ids: dict[str, int]) -> str:
    path = "/" + route
    if "<int:pk>" in path:
        owner = next(key for key in sorted(ids, key=len, reverse=True) if f"/{key}/<int:pk>" in path)
        path = path.replace("<int:pk>", str(ids[owner]))
    return path


# Reads an officer may make that do not answer 200, and why.
READS_NOT_200 = {
    "my-bank-data": 404,  # an officer has no player of their own
    "my-statement": 404,
}


def _query(name: str, ids: dict[str, int]) -> dict[str, str]:
    """What a read needs to answer 200."""
    today = timezone.localdate()
    if name.endswith("statement"):
        return {"from": (today - timedelta(days=30)).isoformat(), "to": today.isoformat()}
    return {
        "player-search": {"term": "Player"},
        "loan-quote": {"player_id": str(ids["players"]), "value": "100000", "total_days": "10"},
        "savings-quote": {"player_id": str(ids["players"]), "invested_value": "100000"},
        "exchange-quote": {"exchange_type": "sell", "pearls_amount": "10"},
    }.get(name, {})


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "route", "method"), ROUTES, ids=[f"{m} {r}" for _, r, m in ROUTES])
def test_each_role_gets_exactly_what_the_table_allows(officers, name, route, method):
    ids = _ids(officers)
    path = _path(route, ids)
    least = roles.least_role(name, method)
    for role in roles.ROLES:
        # a fresh session each call: a logout or a deactivation must not spoil the next call
        client = bearer_for(officers[role])
        if method == "GET":
            response = client.get(path, _query(name, ids))
        else:  # an empty body: the permission is checked before the body is read
            response = getattr(client, method.lower())(path, {}, format="json")
        allowed = roles.role_at_least(role, least)
        if not allowed:
            assert response.status_code == 403, (role, method, path, response.status_code)
        elif method == "GET":
            assert response.status_code == READS_NOT_200.get(name, 200), (role, path, response.status_code)
        else:
            assert response.status_code != 403, (role, method, path, response.json())


@pytest.mark.django_db
def test_a_route_left_out_of_the_table_is_closed_to_every_officer(officers, monkeypatch):
    monkeypatch.setitem(roles.ROUTES, "dashboard-stats", {})
    for officer in officers.values():
        response = bearer_for(officer).get("/api/admin/dashboard-stats")
        assert response.status_code == 403


@pytest.mark.django_db
def test_a_refusal_names_the_role_and_the_role_needed(officers):
    response = bearer_for(officers[roles.TELLER]).put("/api/pending-loans/1/approve", {}, format="json")
    assert response.status_code == 403
    assert response.json()["detail"] == "Your role (Teller) cannot do this: it needs a Loan Officer."


@pytest.mark.django_db
def test_a_loan_officer_sets_bad_payer_but_only_a_treasurer_changes_client_type_or_solo_access(officers, player):
    loan_officer = bearer_for(officers[roles.LOAN_OFFICER])
    assert loan_officer.put(f"/api/players/{player.pk}", {"bad_payer": True}, format="json").status_code == 200
    for change in ({"client_type": "old"}, {"has_solo_access": True}):
        response = loan_officer.put(f"/api/players/{player.pk}", change, format="json")
        assert response.status_code == 403, change
    treasurer = bearer_for(officers[roles.TREASURER])
    assert treasurer.put(f"/api/players/{player.pk}", {"client_type": "old"}, format="json").status_code == 200


@pytest.mark.django_db
def test_a_player_is_not_an_officer(player_api):
    assert player_api.get("/api/admin/dashboard-stats").status_code == 403
    assert player_api.get("/api/admin/officers").status_code == 403

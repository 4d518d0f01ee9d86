"""The role matrix: every API route an officer's token can reach, for each role, answers 403 when
the role is below the one issue 23 gives it and passes the permission otherwise.

The routes are read from the URL resolver, not from a table: a route added to the API without a
line in `bank.roles.ROUTES` fails `test_every_route_an_officer_can_reach_is_in_the_table`
(and answers 403 to every officer meanwhile, since a route the table does not name is closed to
officers). The expectations come from `ISSUE_23` below, written from the issue's text and not from
`roles.ROUTES`, so a wrong line in the server's table fails `test_the_servers_table_is_issue_23s`
and the matrix itself.
"""

from datetime import timedelta

import pytest
from django.db.models import Model
from django.urls import get_resolver
from django.urls.resolvers import URLPattern, URLResolver
from django.utils import timezone
from rest_framework.permissions import AllowAny

from accounts.tests.factories import AdminFactory
from bank import roles
from bank.models import Proposal
from conftest import bearer_for
from exchange.models import PearlExchangeRequest
from lending.models import Loan, PendingLoan, Savings, WithdrawalRequest
from operations.tests.stocked import stock_bank

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

# Issue 23's roles, from its text ("Roles, checked on the server"): each role does everything the
# one before it does, and what it adds is listed under it as routes (URL name, METHOD). Written
# by hand from the issue, never from bank.roles: the two are compared below.
ISSUE_ROLES = ("teller", "loan_officer", "treasurer")
ISSUE_23: dict[str, dict[str, list[tuple[str, str]]]] = {
    "teller": {
        # implied: an officer signs in, keeps the session alive, opens the live socket, signs out
        "their own session": [("extend-session", "POST"), ("logout", "POST"), ("ws-ticket", "POST")],
        # issue 30: an officer changes their own password in the app
        "their own password": [("own-password", "POST")],
        # issue 34: every officer manages their own second factors on the Security screen
        "their own second factors": [
            ("my-factor-totp", "POST"),
            ("my-factor-totp-confirm", "POST"),
            ("my-factor", "DELETE"),
            ("my-recovery-codes", "POST"),
            # issue 34, part 3: a fresh second factor before the most sensitive calls (step-up)
            ("step-up", "POST"),
            ("step-up-passkey-options", "POST"),
            ("step-up-passkey", "POST"),
            # passkeys: registration and removal
            ("my-passkey-options", "POST"),
            ("my-passkeys", "POST"),
            ("my-passkey", "DELETE"),
        ],
        # issue 36: every officer links their own Discord account
        "their own Discord link": [
            ("discord-link", "GET"),
            ("discord-link", "POST"),
            ("discord-link", "DELETE"),
            ("discord-link-complete", "POST"),
        ],
        "creates players": [("player-create", "POST")],
        "marks loan days and savings weeks": [("loan-payment", "POST"), ("savings-payment", "POST")],
        "runs Auto-Process Overdue": [("savings-auto", "POST")],
        # issue 29: every officer approves or denies what waits for a second officer; each proposal
        # names the least role that may decide it (a teller a payment's, a treasurer a setting's)
        "decides proposals within their role": [("proposal-approve", "PUT"), ("proposal-deny", "PUT")],
    },
    "loan_officer": {
        "decides loan, withdrawal and pearl exchange requests": [
            ("loan-request-approve", "PUT"),
            ("loan-request-deny", "PUT"),
            ("withdrawal-approve", "PUT"),
            ("withdrawal-deny", "PUT"),
            ("exchange-approve", "PUT"),
            ("exchange-deny", "PUT"),
        ],
        "adds products": [("loan-create", "POST"), ("savings-create", "POST")],
        # paying a loan off is an edit of the loan (docs/rules.md: "edits and pays off loans")
        "edits loans and savings": [("loan-edit", "PUT"), ("loan-update", "PUT"), ("savings-edit", "PUT")],
        "sets or clears bad payer": [("player-update", "PUT")],
        # issue 29: "Tellers make no change with a money effect beyond recording a due payment": moving a
        # start date or a loan's days changes what is due, so it is a loan officer's decision now
        "changes dates and days": [
            ("loan-change-date", "PUT"),
            ("loan-change-days", "PUT"),
            ("savings-change-date", "PUT"),
        ],
        "writes a loan off": [("loan-write-off", "POST")],
    },
    "treasurer": {
        "officers": [
            ("officers", "GET"),
            ("officers", "POST"),
            ("officer-update", "PATCH"),
            # issue 30: a treasurer resets an officer's password and lifts a lockout
            ("officer-password", "PUT"),
            ("officer-lockout", "DELETE"),
            # issue 34: a treasurer resets another officer's lost second factor
            ("officer-factors-reset", "POST"),
        ],
        "exchange rates": [("exchange-settings", "PUT")],
        "solo dividends": [("solo-dividends", "PUT")],
        # Mark Existing Players makes every current player an old client: a change of client type
        "client types": [("player-client-type", "PUT"), ("savings-mark-old", "POST")],
        "credit adjustments": [("credit-adjust", "POST")],
        "penalties and migration": [("credit-penalty", "POST"), ("credit-migration-execute", "POST")],
        "passwords and unblocking": [("player-password", "PUT"), ("player-unblock", "PUT")],
        # issue 34: a player who lost every second factor gets back in through a treasurer
        "a player's lost second factor": [("player-factors-reset", "POST")],
        "bulk delete": [("players-bulk-delete", "DELETE")],
        "backup and restore": [("backup", "GET")],  # a restore is manage.py's, not a route
        # issue 30: the Overview runs the books check now (the treasurer's, as the backups are)
        "the books check": [("reconcile-run", "POST")],
        # issue 29: every officer reads the bank's controls (the bounds their changes must keep)
        "the bank settings": [("bank-settings", "PUT")],
    },
}
# The fields of a route that need more than the route: a loan officer sets bad payer through
# player-update, but client types and solo dividends (solo access) are a treasurer's.
ISSUE_23_FIELDS = {("player-update", "PUT"): {"client_type": "treasurer", "has_solo_access": "treasurer"}}
# What a player asks for themselves (a loan, a withdrawal, a pearl exchange): no officer's action.
PLAYERS_OWN = {
    ("loan-request-create", "POST"),
    ("withdrawal-create", "POST"),
    ("exchange-create", "POST"),
    # issue 30: a player cancels their own request before it is decided
    ("loan-request-cancel", "PUT"),
    ("withdrawal-cancel", "PUT"),
    ("exchange-cancel", "PUT"),
}
NO_OFFICER = "no officer"


def _issue_claims() -> dict[tuple[str, str], str]:
    claims: dict[tuple[str, str], str] = {}
    for role, capabilities in ISSUE_23.items():
        for routes in capabilities.values():
            for route in routes:
                assert route not in claims, f"{route} is listed twice in ISSUE_23"
                claims[route] = role
    return claims


ISSUE_CLAIMS = _issue_claims()


def issue_least_role(name: str, method: str) -> str | None:
    """The least role issue 23 gives this route: a capability's role; nobody for a player's own
    request; a teller for any other read ("reads every admin screen"); None for a write the table
    above does not place."""
    if (name, method) in ISSUE_CLAIMS:
        return ISSUE_CLAIMS[(name, method)]
    if (name, method) in PLAYERS_OWN:
        return NO_OFFICER
    return "teller" if method == "GET" else None


def issue_allows(role: str, least: str | None) -> bool:
    return least in ISSUE_ROLES and ISSUE_ROLES.index(role) >= ISSUE_ROLES.index(least)


def test_issue_23s_table_places_every_write_an_officer_can_reach():
    unplaced = [(name, method) for name, _, method in ROUTES if issue_least_role(name, method) is None]
    assert not unplaced, f"say in ISSUE_23 (or PLAYERS_OWN) which role the issue gives: {unplaced}"


def test_issue_23s_table_names_only_routes_that_exist():
    reachable = {(name, method) for name, _, method in ROUTES}
    assert (set(ISSUE_CLAIMS) | PLAYERS_OWN) - reachable == set()


def test_the_servers_table_is_issue_23s():
    assert roles.ROLES == ISSUE_ROLES
    server = {(name, method): roles.least_role(name, method) for name, _, method in ROUTES}
    issue = {
        (name, method): roles.PLAYERS_ONLY if least == NO_OFFICER else least
        for name, _, method in ROUTES
        if (least := issue_least_role(name, method)) is not None
    }
    mismatches = {route: (server[route], issue.get(route)) for route in server if server[route] != issue.get(route)}
    assert not mismatches, f"(route, method): (roles.ROUTES, issue 23): {mismatches}"
    assert roles.FIELDS == ISSUE_23_FIELDS


def test_every_route_an_officer_can_reach_is_in_the_table():
    missing = [(name, method) for name, _, method in ROUTES if roles.least_role(name, method) is None]
    assert not missing, f"add these routes to bank.roles.ROUTES: {missing}"


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


def _first[Row: Model](model: type[Row]) -> Row:
    """The table's first row (objects.first()): stock_bank made one in each."""
    row = model._default_manager.first()
    assert row is not None, model
    return row


def _ids(officers) -> dict[str, int]:
    """An existing record behind each kind of <pk> in the routes."""
    stock_bank(admin=officers[roles.TREASURER])
    # a change waiting for a second officer that a teller may decide (a loan day's payment)
    proposal = Proposal.objects.create(
        kind="loan.payment",
        least_role=roles.TELLER,
        summary="Loan: mark a day Paid",
        reason="above the four-eyes threshold",
        proposed_by=officers[roles.TREASURER],
        proposed_by_name="admin",
        object_type="loan",
        object_id=_first(Loan).pk,
        params={"date": timezone.localdate().isoformat(), "status": "Paid"},
    )
    return {
        "proposals": proposal.pk,
        "players": _first(WithdrawalRequest).player_id,
        "loans": _first(Loan).pk,
        "savings": _first(Savings).pk,
        "pending-loans": _first(PendingLoan).pk,
        "withdrawal-requests": _first(WithdrawalRequest).pk,
        "pearl-exchange-requests": _first(PearlExchangeRequest).pk,
        "officers": officers[roles.TELLER].pk,
        "eligibility": _first(WithdrawalRequest).player_id,
        "totp": 999_999,  # no such factor of the caller's: 404 once the role passes
        "passkey": 999_999,
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
        "ledger": {"account": "bank"},
    }.get(name, {})


# What an allowed write with an empty body may answer: done (2xx), or refused for its body or its
# record (400, 404, 409), never 403 and never a server error.
WRITE_PASSED_THE_ROLE = {200, 201, 202, 204, 400, 404, 409}


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "route", "method"), ROUTES, ids=[f"{m} {r}" for _, r, m in ROUTES])
def test_each_role_gets_exactly_what_issue_23_allows(officers, name, route, method):
    ids = _ids(officers)
    path = _path(route, ids)
    least = issue_least_role(name, method)
    for role in roles.ROLES:
        # a fresh session each call: a logout or a deactivation must not spoil the next call
        client = bearer_for(officers[role])
        if method == "GET":
            response = client.get(path, _query(name, ids))
        else:  # an empty body: the permission is checked before the body is read
            response = getattr(client, method.lower())(path, {}, format="json")
        if not issue_allows(role, least):
            assert response.status_code == 403, (role, method, path, response.status_code)
        elif method == "GET":
            assert response.status_code == READS_NOT_200.get(name, 200), (role, path, response.status_code)
        else:
            assert response.status_code in WRITE_PASSED_THE_ROLE, (role, method, path, response.status_code)


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


# --- what /api/me says a caller may do (the screens read it; no role table in the frontend) ---------


def issue_allows_call(role: str, call: tuple[str, ...]) -> bool:
    name, method, *field = call
    least = ISSUE_23_FIELDS[(name, method)][field[0]] if field else issue_least_role(name, method)
    return issue_allows(role, least)


def test_every_action_names_calls_an_officer_can_make():
    reachable = {(name, method) for name, _, method in ROUTES}
    named = {(call[0], call[1]) for calls in roles.ACTIONS.values() for call in calls}
    assert named <= reachable, named - reachable
    fields = [call for calls in roles.ACTIONS.values() for call in calls if len(call) == 3]
    assert all(call[2] in roles.FIELDS[(call[0], call[1])] for call in fields), fields


@pytest.mark.django_db
def test_me_answers_what_each_role_may_do_as_issue_23_gives_it(officers, player_api):
    for role in roles.ROLES:
        may = bearer_for(officers[role]).get("/api/me").json()["may"]
        expected = {name: all(issue_allows_call(role, call) for call in calls) for name, calls in roles.ACTIONS.items()}
        assert may == expected, role
    assert bearer_for(officers[roles.TELLER]).get("/api/me").json()["may"]["decide"] is False
    assert bearer_for(officers[roles.LOAN_OFFICER]).get("/api/me").json()["may"]["decide"] is True
    assert bearer_for(officers[roles.LOAN_OFFICER]).get("/api/me").json()["may"]["solo_access"] is False
    assert all(bearer_for(officers[roles.TREASURER]).get("/api/me").json()["may"].values())
    assert not any(player_api.get("/api/me").json()["may"].values())


@pytest.mark.django_db
def test_what_me_says_follows_the_servers_table(officers, monkeypatch):
    """The map is computed from ROUTES on each call: a route given to treasurers alone takes the
    action from a loan officer's screens at once."""
    monkeypatch.setitem(roles.ROUTES, "savings-create", {roles.POST: roles.TREASURER})
    may = bearer_for(officers[roles.LOAN_OFFICER]).get("/api/me").json()["may"]
    assert may["add_product"] is False
    assert may["edit_product"] is True

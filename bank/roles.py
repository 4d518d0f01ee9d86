"""Officers' roles, and the one table of what each admin route needs (docs/rules.md, "Officers").

A bank is run by officers of three roles, each able to do everything the one before it does:
a teller reads every admin screen and keeps the books day to day; a loan officer also decides
requests and changes products; a treasurer also runs the bank (officers, rates, settings, credit,
passwords, deletes, backups). The role is read from the signed-in user's row on every call,
never from input. Plumbing: this module names routes by their URL name and imports no app.
"""

from collections.abc import Mapping

from .registry import merge

TELLER = "teller"
LOAN_OFFICER = "loan_officer"
TREASURER = "treasurer"

# least to most: a role may do what any role before it may
ROLES: tuple[str, ...] = (TELLER, LOAN_OFFICER, TREASURER)
LABELS = {TELLER: "Teller", LOAN_OFFICER: "Loan Officer", TREASURER: "Treasurer"}
CHOICES = [(role, LABELS[role]) for role in ROLES]

# A route a player calls for themselves (asking for a loan...): no officer may (403).
PLAYERS_ONLY = "players_only"

GET, POST, PUT, PATCH, DELETE = "GET", "POST", "PUT", "PATCH", "DELETE"

# Every API route an officer's token can reach (URL name -> method -> the least role that may call
# it), registered by the app that serves it (bank.vocabulary). A route missing here answers 403 to
# every officer, and the role-matrix test (operations/tests/test_roles.py), which walks the URL resolver,
# fails: a new route must be registered.
ROUTES: dict[str, dict[str, str]] = {}

# Fields of a route that need more than the route itself: (URL name, method) -> field -> least role.
FIELDS: dict[tuple[str, str], dict[str, str]] = {}


# What an officer's screens offer, each named by the calls it makes (URL name, method[, field]): the
# caller may do it when their role may make every one of those calls. GET /api/me answers the map
# (`may`), so the panel shows exactly what the server lets through and keeps no role table of its own.
# Each app adds the calls of its routes (two apps' calls of one action add up: "decide").
Call = tuple[str, str] | tuple[str, str, str]
ACTIONS: dict[str, tuple[Call, ...]] = {}


def register(
    *,
    routes: Mapping[str, Mapping[str, str]],
    fields: Mapping[tuple[str, str], Mapping[str, str]],
    actions: Mapping[str, tuple[Call, ...]],
) -> None:
    merge(ROUTES, {name: dict(methods) for name, methods in routes.items()}, what="route")
    merge(FIELDS, {call: dict(least) for call, least in fields.items()}, what="route's fields")
    for name, calls in actions.items():
        ACTIONS[name] = tuple(dict.fromkeys((*ACTIONS.get(name, ()), *calls)))


def role_of(user) -> str | None:
    """The officer's role, or None for a player, an anonymous or a deactivated user."""
    if user is None or not getattr(user, "is_authenticated", False):
        return None
    if not user.is_staff or not user.is_active:
        return None
    role = getattr(user, "role", "")
    return role if role in ROLES else None


def role_at_least(role: str | None, least: str | None) -> bool:
    if role is None or least not in ROLES:  # PLAYERS_ONLY, or a typo: no officer
        return False
    return ROLES.index(role) >= ROLES.index(least)


def may(user, least: str | None) -> bool:
    return role_at_least(role_of(user), least)


def least_role(url_name: str | None, method: str) -> str | None:
    """The least role for this route and method; None when the table does not name it (no officer)."""
    return ROUTES.get(url_name or "", {}).get(method.upper())


def call_least_role(call: Call) -> str | None:
    """The least role that may make one call of ACTIONS (the field's own, where FIELDS names one)."""
    route, method, *field = call
    if field:
        return FIELDS.get((route, method), {}).get(field[0])
    return least_role(route, method)


def capabilities_of(role: str | None) -> dict[str, bool]:
    """What a role may do of ACTIONS; None (a player) may do none of them."""
    return {name: all(role_at_least(role, call_least_role(call)) for call in calls) for name, calls in ACTIONS.items()}


def capabilities(user) -> dict[str, bool]:
    """What the caller may do of ACTIONS: all False for a player."""
    return capabilities_of(role_of(user))


def refusal(role: str | None, least: str | None) -> str:
    """What a 403 says: the officer's role and the role the action needs."""
    if least is None or least == PLAYERS_ONLY:
        return "Officers cannot do this."
    have = LABELS.get(role or "", "no role")
    return f"Your role ({have}) cannot do this: it needs a {LABELS[least]}."

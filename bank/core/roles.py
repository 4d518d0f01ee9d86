"""Officers' roles, and the one table of what each admin route needs (docs/rules.md, "Officers").

A bank is run by officers of three roles, each able to do everything the one before it does:
a teller reads every admin screen and keeps the books day to day; a loan officer also decides
requests and changes products; a treasurer also runs the bank (officers, rates, settings, credit,
passwords, deletes, backups). The role is read from the signed-in user's row on every call,
never from input. Plumbing: this module names routes by their URL name and imports no app.
"""

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
# it). A route missing here answers 403 to every officer, and the role-matrix test
# (bank/tests/test_roles.py), which walks the URL resolver, fails: a new route must be added here.
ROUTES: dict[str, dict[str, str]] = {
    # sessions and the officer's own screens: every officer
    "extend-session": {POST: TELLER},
    "logout": {POST: TELLER},
    "me": {GET: TELLER},
    "ws-ticket": {POST: TELLER},
    # players
    "player-create": {POST: TELLER},
    "player-update": {PUT: LOAN_OFFICER},  # bad payer; client type and solo access: FIELDS below
    "player-search": {GET: TELLER},
    "players-blocked": {GET: TELLER},
    "player-unblock": {PUT: TREASURER},
    "player-password": {PUT: TREASURER},
    "players-bad-payers": {GET: TELLER},
    "players-bulk-delete": {DELETE: TREASURER},
    "player-client-type": {PUT: TREASURER},
    "player-products": {GET: TELLER},
    "player-statement": {GET: TELLER},
    # credit
    "credit-score": {GET: TELLER},
    "credit-history": {GET: TELLER},
    "loan-eligibility": {GET: TELLER},
    "credit-benefits": {GET: TELLER},
    "credit-overview": {GET: TELLER},
    "credit-penalty": {POST: TREASURER},
    "credit-adjust": {POST: TREASURER},
    "credit-migration-preview": {GET: TELLER},
    "credit-migration-execute": {POST: TREASURER},
    # savings
    "savings-create": {POST: LOAN_OFFICER},
    "savings-quote": {GET: TELLER},
    "savings-detail": {GET: TELLER},
    "savings-payment": {POST: TELLER},
    "savings-check": {GET: TELLER},
    "savings-auto": {POST: TELLER},
    "savings-clients": {GET: TELLER},
    "savings-mark-old": {POST: TREASURER},
    "savings-edit": {PUT: LOAN_OFFICER},
    "savings-change-date": {PUT: LOAN_OFFICER},
    "timezone-settings": {GET: TELLER},
    "total-savings": {GET: TELLER},
    # withdrawals
    "withdrawal-create": {POST: PLAYERS_ONLY},
    "withdrawal-cancel": {PUT: PLAYERS_ONLY},
    "withdrawal-history": {GET: TELLER},
    "withdrawal-list": {GET: TELLER},
    "withdrawal-approve": {PUT: LOAN_OFFICER},
    "withdrawal-deny": {PUT: LOAN_OFFICER},
    # loans
    "solo-dividends": {GET: TELLER, PUT: TREASURER},
    "my-bank-data": {GET: TELLER},  # answers 404: an officer has no player
    "loan-request-create": {POST: PLAYERS_ONLY},
    "loan-request-cancel": {PUT: PLAYERS_ONLY},
    "loan-quote": {GET: TELLER},
    "loan-limits": {GET: TELLER},
    "loan-request-approve": {PUT: LOAN_OFFICER},
    "loan-request-deny": {PUT: LOAN_OFFICER},
    "pending-loans-admin": {GET: TELLER},
    "loan-create": {POST: LOAN_OFFICER},
    "loan-update": {GET: TELLER, PUT: LOAN_OFFICER},  # PUT: pay off
    "loan-payment": {POST: TELLER},
    "loans-check": {GET: TELLER},
    "loan-edit": {PUT: LOAN_OFFICER},
    "loan-change-date": {PUT: LOAN_OFFICER},
    "loan-change-days": {PUT: LOAN_OFFICER},
    "loan-write-off": {POST: LOAN_OFFICER},
    # pearl exchange
    "exchange-settings": {GET: TELLER, PUT: TREASURER},
    "exchange-quote": {GET: TELLER},
    "exchange-create": {POST: PLAYERS_ONLY},
    "exchange-cancel": {PUT: PLAYERS_ONLY},
    "exchange-history": {GET: TELLER},
    "exchange-list": {GET: TELLER},
    "exchange-approve": {PUT: LOAN_OFFICER},
    "exchange-deny": {PUT: LOAN_OFFICER},
    # the bank
    "dashboard-stats": {GET: TELLER},
    "report": {GET: TELLER},
    "backup": {GET: TREASURER},
    "audit-list": {GET: TELLER},
    "audit-csv": {GET: TELLER},
    "notifications-undelivered": {GET: TELLER},
    "jobs": {GET: TELLER},
    "reconcile": {GET: TELLER},
    "reconcile-run": {POST: TREASURER},
    "ledger": {GET: TELLER},
    "my-statement": {GET: TELLER},  # answers 404: an officer has no player
    "officers": {GET: TREASURER, POST: TREASURER},
    "officer-update": {PATCH: TREASURER},
    "officer-password": {PUT: TREASURER},
    "officer-lockout": {DELETE: TREASURER},
    "own-password": {POST: TELLER},  # every officer, for themselves (players too: not an officer's route)
    "bank-settings": {GET: TELLER, PUT: TREASURER},
    # officers' changes waiting for a second officer: each proposal names the least role that may decide it
    "proposals": {GET: TELLER},
    "waiting": {GET: TELLER},
    "proposal-approve": {PUT: TELLER},
    "proposal-deny": {PUT: TELLER},
}

# Fields of a route that need more than the route itself: (URL name, method) -> field -> least role.
FIELDS: dict[tuple[str, str], dict[str, str]] = {
    ("player-update", PUT): {"client_type": TREASURER, "has_solo_access": TREASURER},
}


# What an officer's screens offer, each named by the calls it makes (URL name, method[, field]): the
# caller may do it when their role may make every one of those calls. GET /api/me answers the map
# (`may`), so the panel shows exactly what the server lets through and keeps no role table of its own.
Call = tuple[str, str] | tuple[str, str, str]
ACTIONS: dict[str, tuple[Call, ...]] = {
    "decide": (
        ("loan-request-approve", PUT),
        ("loan-request-deny", PUT),
        ("withdrawal-approve", PUT),
        ("withdrawal-deny", PUT),
        ("exchange-approve", PUT),
        ("exchange-deny", PUT),
    ),
    "add_product": (("loan-create", POST), ("savings-create", POST)),
    "edit_product": (("loan-edit", PUT), ("savings-edit", PUT)),
    "pay_off": (("loan-update", PUT),),
    "write_off": (("loan-write-off", POST),),
    "bad_payer": (("player-update", PUT),),
    "solo_access": (("player-update", PUT, "has_solo_access"),),
    "client_type": (("player-client-type", PUT), ("savings-mark-old", POST)),
    "password": (("player-password", PUT),),
    "unblock": (("player-unblock", PUT),),
    "bulk_delete": (("players-bulk-delete", DELETE),),
    "credit_adjust": (("credit-adjust", POST), ("credit-penalty", POST)),
    "migration_execute": (("credit-migration-execute", POST),),
    "solo_dividends": (("solo-dividends", PUT),),
    "exchange_rates": (("exchange-settings", PUT),),
    "bank_settings": (("bank-settings", PUT),),
    "backup": (("backup", GET),),
    "check_books": (("reconcile-run", POST),),
    "officers": (("officers", GET), ("officers", POST), ("officer-update", PATCH)),
}


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


def may(user, least: str) -> bool:
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

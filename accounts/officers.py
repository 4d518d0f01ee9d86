"""The bank's officers (docs/rules.md, "Officers"): a treasurer adds officers, changes their role,
deactivates and reactivates them. An officer is a staff user with a role (bank.core.roles).

An officer's username follows the player name rules and shares the players' namespace: no officer
may be called like a player's name or discord (a sign-in name finds one account), checked under the
same lock as registrations. The last active treasurer can be neither demoted nor deactivated: the
active treasurers' rows are locked (by id) before any change, so two treasurers demoting each other
at the same moment cannot both succeed.
"""

from django.contrib.auth.hashers import make_password
from django.db import IntegrityError, transaction
from django.db.models import QuerySet

from bank.core import audit, live, roles
from bank.core.errors import BankError

from . import rules
from .models import User
from .services import _clean, _identities_lock, _identity_clash, _validate_password
from .tokens import sessions_end_for_user

OFFICER_NOT_FOUND = "Officer not found"
LAST_TREASURER = (
    "The last active treasurer can be neither demoted nor deactivated: make another officer a treasurer first"
)
OFFICER_FIELDS = ("username", "role", "is_active")


def _username_taken(username: str) -> BankError:
    message = f"The name '{username}' is already taken"
    return BankError(message, code="name_taken", fields={"username": [message]})


def _validate_username(username: str) -> None:
    """The player name rules: 2 to 64 characters."""
    if len(username) < rules.NAME_MIN_LENGTH:
        message = f"Username must be at least {rules.NAME_MIN_LENGTH} characters"
        raise BankError(message, fields={"username": [message]})
    if len(username) > rules.NAME_MAX_LENGTH:
        message = f"Username must be at most {rules.NAME_MAX_LENGTH} characters"
        raise BankError(message, fields={"username": [message]})


def _validate_role(role) -> str:
    if role not in roles.ROLES:
        message = "role must be teller, loan_officer or treasurer"
        raise BankError(message, fields={"role": [message]})
    return role


def officer_list() -> QuerySet[User]:
    """Every officer, active or not, in the order they were added. 1 query."""
    return User.objects.filter(is_staff=True).order_by("id")


def officer_create(*, username, password, role, by: User) -> User:
    """A new officer with a password and a role, who signs in on the bank's sign-in screen."""
    username = _clean(username)
    password = password if isinstance(password, str) else ""
    if not username or not password or not role:
        raise BankError("Please fill in the username, the password and the role", code="missing_fields")
    _validate_username(username)
    _validate_password(password)
    role = _validate_role(role)
    password_hash = make_password(password)  # before the transaction (accounts.services)
    try:
        with transaction.atomic():
            _identities_lock()
            if User.objects.filter(username__iexact=username).exists():
                raise _username_taken(username)
            if _identity_clash(name=username, discord=username) is not None:
                raise _username_taken(username)
            officer = User.objects.create(
                username=username,
                password=password_hash,
                is_staff=True,
                # the Django admin site is a treasurer's tool (accounts/admin_site.py)
                is_superuser=role == roles.TREASURER,
                role=role,
            )
            audit.record(
                actor=by,
                kind="officer.created",
                obj=officer,
                after={"username": officer.username, "role": role, "is_active": True, "password": "set"},
            )
            live.notify({"officers"})
            return officer
    except IntegrityError:
        raise _username_taken(username) from None


@transaction.atomic
def officer_update(*, officer_id: int, by: User, role=None, active: bool | None = None) -> User:
    """Change an officer's role, or deactivate (their sessions, tickets and sockets end at once) or
    reactivate them."""
    if role is None and active is None:
        raise BankError("Nothing to change: send role or active", code="nothing_to_change")
    if role is not None:
        role = _validate_role(role)
    # the lock order of officer changes: the active treasurers by id, then the officer
    treasurers = list(
        User.objects.select_for_update()
        .filter(is_staff=True, is_active=True, role=roles.TREASURER)
        .order_by("id")
        .values_list("id", flat=True)
    )
    officer = User.objects.select_for_update().filter(pk=officer_id, is_staff=True).first()
    if officer is None:
        raise BankError(OFFICER_NOT_FOUND, code="not_found", status=404)
    before = audit.snapshot(officer, OFFICER_FIELDS)
    stays_treasurer = (role or officer.role) == roles.TREASURER and (
        active if active is not None else officer.is_active
    )
    if officer.pk in treasurers and not stays_treasurer and len(treasurers) == 1:
        raise BankError(LAST_TREASURER, code="last_treasurer", status=409)
    fields = []
    if role is not None and role != officer.role:
        officer.role = role
        officer.is_superuser = role == roles.TREASURER
        fields += ["role", "is_superuser"]
    if active is not None and active != officer.is_active:
        officer.is_active = active
        fields.append("is_active")
        if not active:
            # signed out everywhere at once, exactly like a logout: sessions, tickets, sockets
            sessions_end_for_user(user_id=officer.pk)
    if fields:
        officer.save(update_fields=fields)
        audit.record(
            actor=by,
            kind="officer.updated",
            obj=officer,
            before={name: before[name] for name in OFFICER_FIELDS if before[name] != getattr(officer, name)},
            after={name: getattr(officer, name) for name in OFFICER_FIELDS if before[name] != getattr(officer, name)},
        )
        live.notify({"officers"})
    return officer

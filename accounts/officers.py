"""The bank's officers (docs/rules.md, "Officers"): a treasurer adds officers, changes their role,
deactivates and reactivates them. An officer is a staff user with a role (bank.core.roles).

An officer's username follows the player name rules and shares the players' namespace: no officer
may be called like a player's name or discord (a sign-in name finds one account), checked under the
same lock as registrations. The last active treasurer can be neither demoted nor deactivated: the
active treasurers' rows are locked (by id) before any change, so two treasurers demoting each other
at the same moment cannot both succeed.

Adding an officer, raising a role and reactivating one give a person the power to decide: each is a
decision that takes a second treasurer once the bank has two, and waits a published delay while it
has one (bank.core.decisions). The officer it appoints is never the second approver of what the
treasurer who proposed it starts (`User.appointed_by`). Demoting and deactivating happen at once.
"""

from django.contrib.auth.hashers import make_password
from django.db import IntegrityError, transaction
from django.db.models import QuerySet

from bank.core import audit, decisions, live, roles
from bank.core.decisions import AwaitingSecondApproval, Draft, Verdict
from bank.core.errors import BankError
from bank.core.models import Proposal

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


def officer_create(*, username, password, role, by: User) -> User | AwaitingSecondApproval:
    """Propose a new officer with a password and a role, who signs in on the bank's sign-in screen once
    a second treasurer approves (or the published delay ends, while the bank has one treasurer)."""
    username = _clean(username)
    password = password if isinstance(password, str) else ""
    if not username or not password or not role:
        raise BankError("Please fill in the username, the password and the role", code="missing_fields")
    _validate_username(username)
    _validate_password(password)
    role = _validate_role(role)
    password_hash = make_password(password)  # before the transaction (accounts.services)
    with transaction.atomic():
        _identities_lock()
        _refuse_taken(username)
        return decisions.decide(
            kind="officer.create",
            officer=by,
            amount=0,
            least_role=roles.TREASURER,
            always_two="adding an officer takes a second treasurer",
            draft=Draft(
                summary=f"Add {username} as {roles.LABELS[role]}",
                params={"username": username, "role": role, "secret": {"password": password_hash}},
                basis={},
                object_label=username,
            ),
        )


def _refuse_taken(username: str) -> None:
    """The caller holds the identities lock."""
    if User.objects.filter(username__iexact=username).exists():
        raise _username_taken(username)
    if _identity_clash(name=username, discord=username) is not None:
        raise _username_taken(username)
    pending = Proposal.objects.filter(kind="officer.create", status=Proposal.Status.PENDING)
    if any(str(proposal.params.get("username", "")).lower() == username.lower() for proposal in pending):
        raise BankError(
            f"An officer named '{username}' is already proposed", code="name_taken", fields={"username": ["Proposed."]}
        )


def carry_out_create(proposal: Proposal, verdict: Verdict) -> dict:
    username = proposal.params["username"]
    role = proposal.params["role"]
    try:
        with transaction.atomic():
            _identities_lock()
            if User.objects.filter(username__iexact=username).exists() or _identity_clash(
                name=username, discord=username
            ):
                raise decisions.StaleProposal(f"The name '{username}' was taken since this was proposed")
            officer = User.objects.create(
                username=username,
                password=proposal.params["secret"]["password"],
                is_staff=True,
                # the Django admin site is a treasurer's tool (accounts/admin_site.py)
                is_superuser=role == roles.TREASURER,
                role=role,
                appointed_by_id=proposal.proposed_by_id,
            )
    except IntegrityError:
        raise decisions.StaleProposal(f"The name '{username}' was taken since this was proposed") from None
    audit.record(
        actor=verdict.officer,
        kind="officer.created",
        obj=officer,
        after={
            "username": officer.username,
            "role": role,
            "is_active": True,
            "password": "set",
            "approved_by": verdict.approved_by,
        },
    )
    live.notify({"officers"})
    return {"officer_id": officer.pk}


RAISES = "raising a role takes a second treasurer"
REACTIVATES = "reactivating an officer takes a second treasurer"


def _rank(role: str) -> int:
    return roles.ROLES.index(role) if role in roles.ROLES else -1


@transaction.atomic
def officer_update(
    *, officer_id: int, by: User, role=None, active: bool | None = None
) -> User | AwaitingSecondApproval:
    """Change an officer's role, or deactivate (their sessions, tickets and sockets end at once) or
    reactivate them. Lowering happens at once; raising a role or reactivating is proposed."""
    if role is None and active is None:
        raise BankError("Nothing to change: send role or active", code="nothing_to_change")
    if role is not None:
        role = _validate_role(role)
    treasurers, officer = _locked_officers(officer_id)
    changes = {}
    if role is not None and role != officer.role:
        changes["role"] = role
    if active is not None and active != officer.is_active:
        changes["is_active"] = active
    if not changes:
        return officer
    stays_treasurer = changes.get("role", officer.role) == roles.TREASURER and changes.get(
        "is_active", officer.is_active
    )
    if officer.pk in treasurers and not stays_treasurer and len(treasurers) == 1:
        raise BankError(LAST_TREASURER, code="last_treasurer", status=409)
    raises = "role" in changes and _rank(changes["role"]) > _rank(officer.role)
    reactivates = changes.get("is_active") is True
    if raises or reactivates:
        if officer.pk == by.pk:
            raise BankError("An officer cannot raise their own role", code="own_role", status=403)
        what = (
            [f"{roles.LABELS.get(officer.role, officer.role)} → {roles.LABELS[changes['role']]}"]
            if "role" in changes
            else []
        )
        if reactivates:
            what.append("reactivate")
        return decisions.decide(
            kind="officer.update",
            officer=by,
            amount=0,
            least_role=roles.TREASURER,
            always_two=RAISES if raises else REACTIVATES,
            draft=Draft(
                summary=f"{officer.username}: {', '.join(what)}",
                params=changes,
                basis=audit.snapshot(officer, OFFICER_FIELDS),
                obj=officer,
                object_label=officer.username,
            ),
        )
    return _officer_apply(officer, changes, by=by)


def _locked_officers(officer_id: int) -> tuple[list[int], User]:
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
    return treasurers, officer


def _officer_apply(
    officer: User, changes: dict, *, by: User, appointed_by: int | None = None, approved_by: str = ""
) -> User:
    before = audit.snapshot(officer, OFFICER_FIELDS)
    fields = []
    if "role" in changes:
        officer.role = changes["role"]
        officer.is_superuser = changes["role"] == roles.TREASURER
        fields += ["role", "is_superuser"]
    if "is_active" in changes:
        officer.is_active = changes["is_active"]
        fields.append("is_active")
        if not officer.is_active:
            # signed out everywhere at once, exactly like a logout: sessions, tickets, sockets
            sessions_end_for_user(user_id=officer.pk)
    if appointed_by is not None:
        officer.appointed_by_id = appointed_by
        fields.append("appointed_by")
    officer.save(update_fields=fields)
    changed = [name for name in OFFICER_FIELDS if before[name] != getattr(officer, name)]
    audit.record(
        actor=by,
        kind="officer.updated",
        obj=officer,
        before={name: before[name] for name in changed},
        after={name: getattr(officer, name) for name in changed}
        | ({"approved_by": approved_by} if approved_by else {}),
    )
    live.notify({"officers"})
    return officer


def carry_out_update(proposal: Proposal, verdict: Verdict) -> dict:
    _, officer = _locked_officers(proposal.object_id)
    decisions.stale_unless(proposal, audit.snapshot(officer, OFFICER_FIELDS), noun=f"Officer {officer.username}")
    _officer_apply(
        officer,
        proposal.params,
        by=verdict.officer,
        appointed_by=proposal.proposed_by_id,
        approved_by=verdict.approved_by,
    )
    return {"officer_id": officer.pk}


def register_changes() -> None:
    """The officer changes that wait for a second treasurer (AccountsConfig.ready)."""
    for kind, label, carry_out in (
        ("officer.create", "New officer", carry_out_create),
        ("officer.update", "Officer's role", carry_out_update),
    ):
        decisions.register_change(
            decisions.Change(kind=kind, label=label, least_role=roles.TREASURER, carry_out=carry_out, treasurers=True)
        )

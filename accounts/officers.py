"""The bank's officers (docs/rules.md, "Officers"): a treasurer adds officers, changes their role,
deactivates and reactivates them. An officer is a staff user with a role (bank.roles).

An officer's username follows the player name rules and shares the players' namespace: no officer
may be called like a player's name or discord (a sign-in name finds one account), checked under the
same lock as registrations. An officer's display name (what players see instead of the username)
joins that namespace too: it is no sign-in name (no officer's username, no player's name or discord)
and no other officer's display name, and no username or player name may later take it. The last
active treasurer can be neither demoted nor deactivated: the active treasurers' rows are locked (by id)
before any change, so two treasurers demoting each other at the same moment cannot both succeed.

Adding an officer, raising a role and reactivating one give a person the power to decide: each is a
decision that takes a second treasurer once the bank has two, and waits a published delay while it
has one (bank.decisions). The officer it appoints is never the second approver of what the
treasurer who proposed it starts (`User.appointed_by`). Demoting, deactivating and renaming happen at
once.
"""

import re
from typing import Any

from django.contrib.auth.hashers import make_password
from django.db import IntegrityError, transaction
from django.db.models import Count, Max, Q, QuerySet

from bank import audit, clock, decisions, live, roles, step_up
from bank.decisions import AwaitingSecondApproval, Draft, Verdict
from bank.errors import BankError
from bank.models import Proposal

from . import factors, rules
from .models import Player, User
from .services import _clean, _identities_lock, _identity_clash, _validate_password
from .tokens import sessions_end_for_user

OFFICER_NOT_FOUND = "Officer not found"
MSG_FILL_ALL = "Please fill in the username, the display name, the password and the role"
LAST_TREASURER = (
    "The last active treasurer can be neither demoted nor deactivated: make another officer a treasurer first"
)
OFFICER_FIELDS = ("username", "display_name", "role", "is_active")
STEP_UP_UPDATE = "change an officer's role, deactivate or reactivate an officer"
# what a rename changes on the screens: every card and history that names the officers who acted
SHOWS_OFFICER_NAMES = {
    "officers",
    "credit",
    "pending_loans",
    "withdrawal_requests",
    "pearl_exchange_requests",
    "exchange_settings",
}


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


def _validate_display_name(display_name: str) -> None:
    """The player name rules: 2 to 64 characters."""
    if len(display_name) < rules.NAME_MIN_LENGTH:
        message = f"Display name must be at least {rules.NAME_MIN_LENGTH} characters"
        raise BankError(message, fields={"display_name": [message]})
    if len(display_name) > rules.NAME_MAX_LENGTH:
        message = f"Display name must be at most {rules.NAME_MAX_LENGTH} characters"
        raise BankError(message, fields={"display_name": [message]})


def _display_name_refused(display_name: str, why: str) -> BankError:
    message = f"The display name '{display_name}' {why}: choose another"
    return BankError(message, code="name_taken", fields={"display_name": [message]})


def _holds_word(text: str, word: str) -> bool:
    """`word` stands in `text` on its own, ignoring case ("lou" in "Lou S.", not in "Louise")."""
    return re.search(rf"(?<![\w]){re.escape(word)}(?![\w])", text, re.IGNORECASE) is not None


def _display_name_clash(display_name: str, *, username: str = "", officer_id: int | None = None) -> BankError | None:
    """Why this display name cannot be the officer's, or None. Called under `_identities_lock`.

    A display name is shown to players: it must never be, nor hold as a word, an officer's sign-in
    name (that officer's own username or any officer's), nor be a player's name or discord (their
    sign-in names), nor another officer's display name. Officers are few: their usernames are read."""
    staff = User.objects.filter(is_staff=True)
    if display_name.lower() == username.lower() or staff.filter(username__iexact=display_name).exists():
        return _display_name_refused(display_name, "is an officer's sign-in name, which players must never see")
    usernames = [username, *staff.values_list("username", flat=True)]
    if any(_holds_word(display_name, name) for name in usernames if name):
        return _display_name_refused(display_name, "holds an officer's sign-in name, which players must never see")
    if Player.objects.filter(Q(name__iexact=display_name) | Q(discord__iexact=display_name)).exists():
        return _display_name_refused(display_name, "is a player's name")
    # no id (an officer not made yet): exclude(pk=None) leaves every officer in
    if staff.exclude(pk=officer_id).filter(display_name__iexact=display_name).exists():  # type: ignore[misc]
        return _display_name_refused(display_name, "is another officer's display name")
    return None


def _validate_role(role) -> str:
    if role not in roles.ROLES:
        message = "role must be teller, loan_officer or treasurer"
        raise BankError(message, fields={"role": [message]})
    return role


def officer_list() -> QuerySet[User]:
    """Every officer, active or not, in the order they were added, with the end of their latest
    sign-in lockout still running (at any address) and how many addresses it holds. 1 query."""
    now = clock.now()
    locked = Q(staff_lockouts__locked_until__gt=now)
    return (
        User.objects.filter(is_staff=True)
        .annotate(
            locked_until=Max("staff_lockouts__locked_until", filter=locked),
            locked_addresses=Count("staff_lockouts", filter=locked),
            has_factor=factors.has_factor_expression(),
        )
        .order_by("id")
    )


def officer_create(*, username, display_name, password, role, by: User) -> AwaitingSecondApproval:
    """Propose a new officer with a password, a role and the display name players see, who signs in on
    the bank's sign-in screen once a second treasurer approves (or the published delay ends, while the
    bank has one treasurer)."""
    username, display_name = _clean(username), _clean(display_name)
    password = password if isinstance(password, str) else ""
    if not username or not display_name or not password or not role:
        raise BankError(MSG_FILL_ALL, code="missing_fields")
    _validate_username(username)
    _validate_display_name(display_name)
    _validate_password(password)
    role = _validate_role(role)
    step_up.require(by, what="add an officer")
    password_hash = make_password(password)  # before the transaction (accounts.services)
    with transaction.atomic():
        _identities_lock()
        _refuse_taken(username, display_name)
        # always two and no request: decide() answers AwaitingSecondApproval (a proposal)
        return decisions.decide(  # type: ignore[return-value]
            kind="officer.create",
            officer=by,
            amount=0,
            least_role=roles.TREASURER,
            always_two="adding an officer takes a second treasurer",
            draft=Draft(
                summary=f"Add {username} ({display_name}) as {roles.LABELS[role]}",
                params={
                    "username": username,
                    "display_name": display_name,
                    "role": role,
                    "secret": {"password": password_hash},
                },
                basis={},
                object_label=username,
            ),
        )


def _refuse_taken(username: str, display_name: str, *, proposal_id: int | None = None) -> None:
    """The names a new officer would take are free, and not proposed for another (than `proposal_id`,
    the one being carried out). The caller holds the identities lock."""
    if User.objects.filter(username__iexact=username).exists():
        raise _username_taken(username)
    # a player's name or discord, or an officer's display name (accounts.services)
    if _identity_clash(name=username, discord=username) is not None:
        raise _username_taken(username)
    # nor a word of an officer's display name: players would read it there
    shown = User.objects.filter(is_staff=True).values_list("display_name", flat=True)
    if any(_holds_word(name, username) for name in shown):
        raise _username_taken(username)
    clash = _display_name_clash(display_name, username=username)
    if clash is not None:
        raise clash
    # no id (a new proposal): exclude(pk=None) leaves every proposal in
    pending = Proposal.objects.filter(kind="officer.create", status=Proposal.Status.PENDING).exclude(pk=proposal_id)  # type: ignore[misc]
    for proposal in pending:
        if str(proposal.params.get("username", "")).lower() == username.lower():
            message = f"An officer named '{username}' is already proposed"
            raise BankError(message, code="name_taken", fields={"username": [message]})
        if str(proposal.params.get("display_name", "")).lower() == display_name.lower():
            raise _display_name_refused(display_name, "is proposed for another officer")


def carry_out_create(proposal: Proposal, verdict: Verdict) -> dict:
    username = proposal.params["username"]
    display_name = proposal.params.get("display_name", "")
    role = proposal.params["role"]
    taken = f"The name '{username}' or '{display_name}' was taken since this was proposed"
    try:
        with transaction.atomic():
            _identities_lock()
            try:
                _refuse_taken(username, display_name, proposal_id=proposal.pk)
            except BankError:
                raise decisions.StaleProposal(taken) from None
            officer = User.objects.create(
                username=username,
                display_name=display_name,
                password=proposal.params["secret"]["password"],
                is_staff=True,
                # the Django admin site is a treasurer's tool (accounts/admin_site.py)
                is_superuser=role == roles.TREASURER,
                role=role,
                appointed_by_id=proposal.proposed_by_id,
            )
    except IntegrityError:
        raise decisions.StaleProposal(taken) from None
    audit.record(
        actor=verdict.officer,
        kind="officer.created",
        obj=officer,
        after={
            "username": officer.username,
            "display_name": display_name,
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
    *, officer_id: int, by: User, role=None, active: bool | None = None, display_name: str | None = None
) -> User | AwaitingSecondApproval:
    """Change an officer's role or display name, or deactivate (their sessions, tickets and sockets end
    at once) or reactivate them. Lowering and renaming happen at once; raising a role or reactivating
    is proposed (the whole change, as one)."""
    if role is None and active is None and display_name is None:
        raise BankError("Nothing to change: send role, active or display_name", code="nothing_to_change")
    if role is not None:
        role = _validate_role(role)
    if display_name is not None:
        display_name = _clean(display_name)
        if not display_name:
            message = "Please fill in the display name"
            raise BankError(message, code="missing_fields", fields={"display_name": [message]})
        _validate_display_name(display_name)
        # the namespace lock first, as registrations take it, then the officers' rows
        _identities_lock()
    treasurers, officer = _locked_officers(officer_id)
    changes: dict[str, Any] = {}
    if display_name is not None and display_name != officer.display_name:
        clash = _display_name_clash(display_name, username=officer.username, officer_id=officer.pk)
        if clash is not None:
            raise clash
        changes["display_name"] = display_name
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
    if "role" in changes or "is_active" in changes:  # a new name alone asks for no factor
        step_up.require(by, what=STEP_UP_UPDATE)
    if raises or reactivates:
        if officer.pk == by.pk:
            raise BankError("An officer cannot raise their own role", code="own_role", status=403)
        what = []
        if "role" in changes:
            what.append(f"{roles.LABELS.get(officer.role, officer.role)} → {roles.LABELS[changes['role']]}")
        if reactivates:
            what.append("reactivate")
        if "display_name" in changes:
            what.append(f"display name {changes['display_name']}")
        # always two and no request: decide() answers AwaitingSecondApproval (a proposal)
        return decisions.decide(  # type: ignore[return-value]
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
    if "display_name" in changes:
        officer.display_name = changes["display_name"]
        fields.append("display_name")
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
    try:
        with transaction.atomic():
            officer.save(update_fields=fields)
    except IntegrityError:  # the display name's unique index: another officer took it meanwhile
        raise _display_name_refused(officer.display_name, "is another officer's display name") from None
    changed = [name for name in OFFICER_FIELDS if before[name] != getattr(officer, name)]
    audit.record(
        actor=by,
        kind="officer.updated",
        obj=officer,
        before={name: before[name] for name in changed},
        after={name: getattr(officer, name) for name in changed}
        | ({"approved_by": approved_by} if approved_by else {}),
    )
    # a new display name shows at once wherever the officer's decisions are named
    renamed = "display_name" in changes
    live.notify(SHOWS_OFFICER_NAMES if renamed else {"officers"}, everyone=renamed)
    return officer


def carry_out_update(proposal: Proposal, verdict: Verdict) -> dict:
    _, officer = _locked_officers(proposal.object_id)  # type: ignore[arg-type]  # it names its officer
    decisions.stale_unless(proposal, audit.snapshot(officer, OFFICER_FIELDS), noun=f"Officer {officer.username}")
    _officer_apply(
        officer,
        proposal.params,
        by=verdict.officer,
        appointed_by=proposal.proposed_by_id,
        approved_by=verdict.approved_by,
    )
    return {"officer_id": officer.pk}


def officer_password_reset(*, officer_id: int, new_password, by: User) -> AwaitingSecondApproval:
    """A treasurer resets an officer's password (a forgotten one): whoever knows the new password can
    act as that officer, so it takes a second treasurer, or the published delay while the bank has one
    (bank.decisions). Carried out, the officer's sessions end and their lockouts lift. An officer
    changes their own password themselves (accounts.services.own_password_change)."""
    new_password = new_password if isinstance(new_password, str) else ""
    if not new_password:
        message = "Please enter a new password"
        raise BankError(message, code="missing_fields", fields={"new_password": [message]})
    _validate_password(new_password, field="new_password")
    password_hash = make_password(new_password)  # before the transaction (accounts.services)
    with transaction.atomic():
        _, officer = _locked_officers(officer_id)
        if officer.pk == by.pk:
            message = "Change your own password under your account's settings (your current password is asked)"
            raise BankError(message, code="own_password", status=403)
        # always two and no request: decide() answers AwaitingSecondApproval (a proposal)
        return decisions.decide(  # type: ignore[return-value]
            kind="officer.password",
            officer=by,
            amount=0,
            least_role=roles.TREASURER,
            always_two="whoever knows an officer's new password can act as them: a second treasurer approves it",
            draft=Draft(
                summary=f"Set a new password for {officer.username} ({officer.public_name})",
                params={"secret": {"password": password_hash}},
                basis={"is_active": officer.is_active},
                obj=officer,
                object_label=officer.username,
            ),
        )


def carry_out_password(proposal: Proposal, verdict: Verdict) -> dict:
    from .services import _staff_lockout_lift

    _, officer = _locked_officers(proposal.object_id)  # type: ignore[arg-type]  # it names its officer
    officer.password = proposal.params["secret"]["password"]
    officer.save(update_fields=["password"])
    # whoever held the old password is signed out everywhere at once; the new one signs in anywhere
    sessions_end_for_user(user_id=officer.pk)
    _staff_lockout_lift(user=officer, by="a password reset", actor=verdict.officer)
    audit.record(
        actor=verdict.officer,
        kind="officer.password_set",
        obj=officer,
        before={"password": "set"},
        after={"password": "changed", "approved_by": verdict.approved_by},
    )
    live.notify({"officers"})
    return {"officer_id": officer.pk}


def register_changes() -> None:
    """The officer changes that wait for a second treasurer (AccountsConfig.ready)."""
    for kind, label, carry_out in (
        ("officer.create", "New officer", carry_out_create),
        ("officer.update", "Officer's role", carry_out_update),
        ("officer.password", "Officer's password", carry_out_password),
    ):
        decisions.register_change(
            decisions.Change(kind=kind, label=label, least_role=roles.TREASURER, carry_out=carry_out, treasurers=True)
        )

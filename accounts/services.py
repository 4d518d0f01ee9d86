"""Every write about players and sign-in."""

import math
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth.hashers import make_password
from django.db import IntegrityError, connection, transaction
from django.db.models import Q
from django.utils import timezone

from bank import audit, clock, live, roles
from bank.errors import SESSION_EXPIRED, BankError
from bank.models import BankSettings, DecisionRecord

from . import factors, passkeys, rules
from .models import Player, StaffLockout, StaffSignInFailure, User
from .tokens import sessions_end_for_user, sessions_end_for_user_but

PLAYER_FLAGS = ("bad_payer", "has_solo_access", "client_type")


def _clean(value) -> str:
    return value.strip() if isinstance(value, str) else ""


def _player_user_create(*, player: Player, password_hash: str) -> User:
    """A user for the player, with a password hashed by the caller before its transaction began.

    Every password here is hashed (about half a second, by design) before a write transaction
    starts: on SQLite a transaction holds the database's write lock, and all other writes wait.
    """
    user = User(username=f"player-{player.pk}", password=password_hash)
    user.save()
    player.user = user
    player.save(update_fields=["user"])
    return user


def _is_admin_name(name: str) -> bool:
    """An officer's username or display name: neither may be a player's name or discord."""
    return User.objects.filter(Q(username__iexact=name) | Q(display_name__iexact=name), is_staff=True).exists()


# The doors a sign-in comes through, as the audit trail names them.
DOOR_API = "app sign-in"
DOOR_ADMIN_SITE = "Django admin site"


def auth_login(*, username, password, address: str, door: str = DOOR_API) -> User:
    """The user for these credentials, at any door (the app's /api/login, the Django admin site):
    counts failed passwords, blocks a player after five until an admin unblocks them, and cools
    an officer down after five from one client address, at that address only (docs/rules.md,
    "Signing in and sessions"). `address` is the client's address as the sign-in throttle reads it
    (`accounts.throttles.client_address`)."""
    username, password = _clean(username), password if isinstance(password, str) else ""
    if not username or not password:
        raise BankError(rules.MSG_FILL_ALL, code="missing_fields")

    admin = User.objects.filter(is_staff=True, username__iexact=username).first()
    if admin is not None and admin.is_active:
        return _staff_sign_in(admin=admin, password=password, address=address, door=door)
    if admin is not None:
        # a deactivated officer learns why, once the password shows it is them (a stranger only learns
        # the password is wrong); nothing is counted: the account cannot sign in anyway
        if admin.check_password(password):
            raise BankError(rules.MSG_OFFICER_DEACTIVATED, code="officer_deactivated", status=403)
        raise BankError(rules.MSG_INCORRECT_PASSWORD, code="incorrect_password", status=401)

    player = _player_for_sign_in(username)
    if player is None:
        raise BankError(rules.MSG_PLAYER_NOT_FOUND, code="player_not_found", status=404)
    if player.is_blocked:
        raise BankError(rules.MSG_BLOCKED, code="account_blocked", status=403)
    if not player.has_password:
        raise BankError(rules.msg_no_password(player.name), code="no_password")
    # checked before any lock is taken (see _player_user_create)
    # has_password: the player has a user
    correct = player.user.check_password(password)  # type: ignore[union-attr]
    if correct and not player.failed_attempts:
        return player.user  # type: ignore[return-value]

    failure: BankError | None = None
    with transaction.atomic():
        player = player_locked(player_id=player.pk)
        if player.is_blocked:  # blocked by other attempts meanwhile
            raise BankError(rules.MSG_BLOCKED, code="account_blocked", status=403)
        if correct:
            # with a second factor, only a right code forgets the failures: a stolen password must not
            # reset the count of wrong codes (accounts/factors.py)
            if not factors.has_factor(player.user):  # type: ignore[arg-type]  # has_password, above
                player.failed_attempts = 0
                player.save(update_fields=["failed_attempts"])
            return player.user  # type: ignore[return-value]  # has_password, above
        # a wrong password is counted, and the count must commit although the call fails
        failure = _player_failure_count(
            player=player,
            door=door,
            wrong=BankError(rules.MSG_INCORRECT_PASSWORD, code="incorrect_password", status=401),
        )
    raise failure


def _staff_locked(lockout: StaffLockout, now) -> BankError:
    minutes_left = max(1, math.ceil((lockout.locked_until - now).total_seconds() / 60))
    local_until = clock.local(lockout.locked_until)  # type: ignore[arg-type]  # it is locked: a time is set
    until = f"until {local_until:%H:%M} {timezone.get_current_timezone_name()}"
    return BankError(
        rules.msg_staff_locked(minutes_left, until, lockout.user.get_username()), code="account_locked", status=403
    )


def _staff_sign_in(*, admin: User, password: str, address: str, door: str) -> User:
    """An officer's sign-in: five wrong passwords in a row from one client address lock the account
    for sign-ins from that address (15 minutes, doubling with each further lockout there until a
    successful sign-in from it, at most a day), during which even the right password is refused
    there. From any other address the officer signs in as usual: a stranger guessing from one
    address cannot shut the officer out, and `manage.py ensure_admin` lifts every lockout at once.
    The lockout ends no session: a stranger guessing must not sign the real officer out. Every wrong
    password is recorded for the officer to see (`StaffSignInFailure`)."""
    address = (address or "unknown")[: rules.ADDRESS_MAX_LENGTH]
    now = clock.now()
    lockout = StaffLockout.objects.filter(user=admin, address=address).first()
    if lockout is not None and lockout.is_locked(now):
        raise _staff_locked(lockout, now)
    # checked before any lock is taken (see _player_user_create)
    correct = admin.check_password(password)
    if correct and lockout is None:
        return admin

    failure: BankError | None = None
    with transaction.atomic():
        # the officer's row first: every attempt on one officer waits here, whatever its address
        User.objects.select_for_update().filter(pk=admin.pk).first()
        lockout, _ = StaffLockout.objects.get_or_create(user=admin, address=address)
        if lockout.is_locked(now):  # locked by other attempts meanwhile
            raise _staff_locked(lockout, now)
        if correct:
            # a successful sign-in forgets this address's failures and doubling; with a second factor,
            # only the right code does (a stolen password must not reset the count of wrong codes)
            if not factors.has_factor(admin):
                lockout.delete()
            return admin
        # a wrong password is counted and recorded, and both must commit although the call fails
        _sign_in_failure_record(user=admin, at=now, address=address, door=door)
        failure = _staff_failure_count(
            admin=admin,
            lockout=lockout,
            door=door,
            now=now,
            wrong=BankError(rules.MSG_INCORRECT_PASSWORD, code="incorrect_password", status=401),
        )
        _staff_lockouts_forget_stale(user=admin, now=now)
    raise failure


def auth_login_factor(*, challenge, code, address: str, door: str = DOOR_API):
    """The second step of a sign-in: the challenge a right password answered, and a code (an
    authenticator's or a recovery code). Answers the user and the device that took the code. A wrong
    code counts toward the lockout a wrong password counts toward (an officer's at this address, a
    player's block), and is in the audit trail; a locked or blocked account is refused even the right
    code. The challenge is used once, by the right code."""
    row = factors.challenge_read(challenge)
    user = row.user
    return _factor_sign_in(user=user, challenge=row, code=code, address=address, door=door)


def auth_factor_check(*, user: User, code, address: str, door: str):
    """The Django admin site's second step (its form holds the password and the code together): the
    device that took the code, or the refusal, counted as auth_login_factor counts it."""
    return _factor_sign_in(user=user, challenge=None, code=code, address=address, door=door)


DOOR_STEP_UP = "step-up"
MSG_STEP_UP_CODE = "Please enter the 6-digit code from your authenticator app (or one of your recovery codes)"


def factor_step_up(*, user: User, sid: str, code, address: str, door: str = DOOR_STEP_UP):
    """Step-up: a second factor given again inside a session (bank/step_up.py): a right code refreshes the
    session's `factor_verified_at`; a wrong one counts toward the lockout as a wrong sign-in code does (a
    stolen session cannot guess codes past five), and a locked or blocked account is refused. Answers the
    device that took the code. Without a session (`sid` empty: a code typed in Discord's form, whose `door`
    and `address` say so) the code is checked and counted the same, and the caller marks the moment
    (`bank.step_up.factor_given_now`)."""
    if not (isinstance(code, str) and code.strip()):
        raise BankError(MSG_STEP_UP_CODE, code="missing_fields", fields={"otp": [MSG_STEP_UP_CODE]})
    _user, device = _factor_sign_in(user=user, challenge=None, code=code, address=address, door=door, sid=sid)
    return device


def auth_login_passkey(*, challenge, credential, address: str, rp):
    """The second step of a sign-in with a passkey instead of a code: the challenge the right password
    answered, signed by one of the account's passkeys (accounts/passkeys.py). Counted as a code is: a
    passkey that does not check out counts toward the lockout."""
    row = factors.challenge_read(challenge)
    user = row.user
    return _factor_sign_in(
        user=user,
        challenge=None,  # the passkey's check uses it
        code=None,
        address=address,
        door=DOOR_API,
        check=lambda: passkeys.passkey_check(user=user, row=row, credential=credential, rp=rp),
    )


def passkey_step_up(*, user: User, sid: str, challenge, credential, address: str, rp):
    """Step-up with a passkey: the challenge POST /api/step-up/passkey/options answered, signed by one of the
    caller's passkeys; refreshes the session's factor_verified_at. A failure counts as a wrong code does."""
    if not (isinstance(challenge, str) and challenge and isinstance(credential, dict)):
        message = "Use your passkey when your browser asks for it (the challenge and its answer are needed)"
        raise BankError(message, code="missing_fields", fields={"credential": [message]})
    row = factors.challenge_read(challenge)
    if row.user_id != user.pk:
        raise BankError(factors.MSG_CHALLENGE_EXPIRED, code="challenge_expired", status=401)
    _user, device = _factor_sign_in(
        user=user,
        challenge=None,
        code=None,
        address=address,
        door=DOOR_STEP_UP,
        sid=sid,
        check=lambda: passkeys.passkey_check(user=user, row=row, credential=credential, rp=rp),
    )
    return device


def _factor_sign_in(*, user: User, challenge, code, address: str, door: str, sid: str = "", check=None):
    address = (address or "unknown")[: rules.ADDRESS_MAX_LENGTH]
    now = clock.now()
    failure: BankError | None = None
    with transaction.atomic():
        # the lock order: the user's row, then the player's, then what hangs on them
        User.objects.select_for_update().filter(pk=user.pk).first()
        player = Player.objects.select_for_update(of=("self",)).filter(user=user).first()
        lockout = StaffLockout.objects.filter(user=user, address=address).first() if user.is_staff else None
        if lockout is not None and lockout.is_locked(now):
            raise _staff_locked(lockout, now)
        if player is not None and player.is_blocked:
            raise BankError(rules.MSG_BLOCKED, code="account_blocked", status=403)
        device = check() if check is not None else factors.code_check(user=user, code=code)
        if device is not None:
            if challenge is not None:
                factors.challenge_use(challenge)
            if sid and not factors.session_factor_given(user=user, sid=sid):
                raise BankError(SESSION_EXPIRED, code="not_authenticated", status=401)
            factors.code_used_record(user=user, device=device, door=door)
            if lockout is not None:
                lockout.delete()
            if player is not None and player.failed_attempts:
                player.failed_attempts = 0
                player.save(update_fields=["failed_attempts"])
            return user, device
        # a wrong code: recorded and counted, and both must commit although the call fails
        factors.code_failed_record(user=user, door=door, passkey=check is not None)
        message = passkeys.MSG_PASSKEY_FAILED if check is not None else factors.MSG_WRONG_CODE
        wrong = BankError(message, code="wrong_code", status=401)
        if user.is_staff:
            _sign_in_failure_record(user=user, at=now, address=address, door=door)
            lockout, _ = StaffLockout.objects.get_or_create(user=user, address=address)
            failure = _staff_failure_count(admin=user, lockout=lockout, door=door, now=now, wrong=wrong)
        elif player is not None:
            failure = _player_failure_count(player=player, door=door, wrong=wrong)
        else:
            failure = wrong
    raise failure


def _staff_failure_count(*, admin: User, lockout: StaffLockout, door: str, now, wrong: BankError) -> BankError:
    """One wrong password or code for an officer at the lockout's address (five in a row lock it):
    answers the refusal to raise, `wrong` or the lockout's. Saves the lockout; the caller holds the
    officer's row."""
    address = lockout.address
    lockout.failed_attempts += 1
    failure = wrong
    if lockout.failed_attempts >= rules.MAX_FAILED_ATTEMPTS:
        minutes = rules.staff_lockout_minutes(lockout.lockouts)
        lockout.locked_until = now + timedelta(minutes=minutes)
        lockout.lockouts += 1
        lockout.failed_attempts = 0
        audit.record(
            actor=None,
            kind="staff.locked",
            obj=admin,
            before={"failed_attempts": rules.MAX_FAILED_ATTEMPTS},
            after={
                "locked_until": lockout.locked_until,
                "minutes": minutes,
                "lockouts": lockout.lockouts,
                "door": door,
                "address": address,
            },
        )
        failure = _staff_locked(lockout, now)
    lockout.save()
    return failure


def _player_failure_count(*, player: Player, door: str, wrong: BankError) -> BankError:
    """One wrong password or code for a player (five in a row block the player): answers the refusal
    to raise, `wrong` or the block's. Saves the player; the caller holds its row."""
    player.failed_attempts += 1
    fields = ["failed_attempts"]
    failure = wrong
    if player.failed_attempts >= rules.MAX_FAILED_ATTEMPTS:
        player.blocked_at = clock.now()
        fields.append("blocked_at")
        failure = BankError(rules.MSG_BLOCKED, code="account_blocked", status=403)
        # a blocked player is signed out everywhere at once, exactly like a logout
        sessions_end_for_user(user_id=player.user_id)  # type: ignore[arg-type]  # a player who signs in has a user
        live.notify({"players"}, [player.pk])
        audit.record(
            actor=None,
            kind="player.blocked",
            obj=player,
            player=player,
            before={"blocked_at": None, "failed_attempts": player.failed_attempts - 1},
            after={"blocked_at": player.blocked_at, "failed_attempts": player.failed_attempts, "door": door},
        )
    player.save(update_fields=fields)
    return failure


def _sign_in_failure_record(*, user: User, at, address: str, door: str) -> None:
    """Record a wrong password for an officer, keeping only the latest few weeks' and the latest
    `SIGN_IN_FAILURES_KEPT` of that officer (the table stays small whatever a stranger tries)."""
    StaffSignInFailure.objects.create(user=user, at=at, address=address, door=door)
    mine = StaffSignInFailure.objects.filter(user=user)
    keep_from = mine.order_by("-at", "-id").values_list("at", "id")[rules.SIGN_IN_FAILURES_KEPT - 1 :][:1]
    if keep_from:
        oldest_kept_at, oldest_kept_id = keep_from[0]
        mine.filter(Q(at__lt=oldest_kept_at) | Q(at=oldest_kept_at, id__lt=oldest_kept_id)).delete()
    mine.filter(at__lt=at - timedelta(days=rules.SIGN_IN_FAILURES_KEPT_DAYS)).delete()


def _staff_lockouts_forget_stale(*, user: User, now) -> None:
    """An address that has not tried for the officer in the kept days, and is not locked, is forgotten
    (its failures and its doubling): the officer's rows stay few whatever addresses a stranger uses."""
    stale = now - timedelta(days=rules.SIGN_IN_FAILURES_KEPT_DAYS)
    StaffLockout.objects.filter(user=user, updated_at__lt=stale).filter(
        Q(locked_until__isnull=True) | Q(locked_until__lte=now)
    ).delete()


def _player_for_sign_in(username: str) -> Player | None:
    """The player whose name, else discord, is the sign-in name (ignoring case)."""
    players = Player.objects.select_related("user")
    return players.filter(name__iexact=username).first() or players.filter(discord__iexact=username).first()


def _reserved(name: str) -> BankError:
    message = f"The name '{name}' is reserved. Please choose another one."
    return BankError(message, code="name_taken", fields={"name": [message]})


def _validate_identity(*, name: str, discord: str) -> None:
    """The length rules, and an early refusal of an officer's name (before a password is hashed);
    `_identity_clash` checks the officers' names again under the namespace lock."""
    if len(name) < rules.NAME_MIN_LENGTH:
        raise BankError(rules.MSG_NAME_SHORT, fields={"name": [rules.MSG_NAME_SHORT]})
    if len(discord) < rules.DISCORD_MIN_LENGTH:
        raise BankError(rules.MSG_DISCORD_SHORT, fields={"discord": [rules.MSG_DISCORD_SHORT]})
    if len(name) > rules.NAME_MAX_LENGTH:
        message = f"Player name must be at most {rules.NAME_MAX_LENGTH} characters"
        raise BankError(message, fields={"name": [message]})
    if len(discord) > rules.DISCORD_MAX_LENGTH:
        message = f"Discord username must be at most {rules.DISCORD_MAX_LENGTH} characters"
        raise BankError(message, fields={"discord": [message]})
    if _is_admin_name(name) or _is_admin_name(discord):
        raise _reserved(name)


def _validate_password(password: str, *, field: str = "password") -> None:
    """The password rule; a refusal names `field`, the form's field that holds it."""
    if len(password) < rules.PASSWORD_MIN_LENGTH:
        raise BankError(rules.MSG_PASSWORD_SHORT, fields={field: [rules.MSG_PASSWORD_SHORT]})
    if len(password) > rules.PASSWORD_MAX_LENGTH:
        message = f"Password must be at most {rules.PASSWORD_MAX_LENGTH} characters"
        raise BankError(message, fields={field: [message]})


def _name_taken(name: str) -> BankError:
    message = f"Player name '{name}' is already taken"
    return BankError(message, code="name_taken", fields={"name": [message]})


def _discord_taken(discord: str) -> BankError:
    message = f"Discord username '{discord}' is already registered"
    return BankError(message, code="discord_taken", fields={"discord": [message]})


# Any 64-bit number, the same in every process: the key of the PostgreSQL lock below.
_IDENTITY_LOCK_KEY = 0x6775696C642D6E6D  # "guild-nm"


def _identities_lock() -> None:
    """Serialise every write of player names and discords until the transaction ends.

    Names and discords form one namespace that no unique constraint can span (a name must not
    equal another player's discord): the check is a query, and two registrations must not both
    pass it. PostgreSQL: one advisory lock. SQLite: transactions begin IMMEDIATE, one writer at a time.
    """
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [_IDENTITY_LOCK_KEY])


def _identity_clash(*, name: str, discord: str, own_player_id: int | None = None) -> BankError | None:
    """The error when the name or the discord is another player's name or discord (ignoring case).

    A player's own pair may repeat itself ("zed" / "Zed"); `own_player_id` is that record. An
    officer's username and display name are taken too: called under `_identities_lock`, this sees an
    officer created or renamed after `_validate_identity` looked (accounts.officers does both under
    the same lock).
    """
    officer_names = Q()
    for text in {name, discord}:
        officer_names |= Q(username__iexact=text) | Q(display_name__iexact=text)
    if User.objects.filter(officer_names, is_staff=True).exists():
        return _reserved(name)
    taken = Q()
    for text in {name, discord}:
        taken |= Q(name__iexact=text) | Q(discord__iexact=text)
    others = Player.objects.filter(taken)
    if own_player_id is not None:
        others = others.exclude(pk=own_player_id)
    # at most four rows: each text is at most one player's name and one player's discord
    clashes = list(others.only("name", "discord"))
    if not clashes:
        return None
    if any(name.lower() in {other.name.lower(), other.discord.lower()} for other in clashes):
        return _name_taken(name)
    return _discord_taken(discord)


def player_identity_validate(*, name, discord, player_id: int | None = None) -> tuple[str, str]:
    """The cleaned name and discord if a player may take them; else the BankError to show.

    For forms (the Django admin site) before they save: the saving service checks again under the lock.
    """
    name, discord = _clean(name), _clean(discord)
    if not name or not discord:
        raise BankError("Please fill in all required fields", code="missing_fields")
    _validate_identity(name=name, discord=discord)
    clash = _identity_clash(name=name, discord=discord, own_player_id=player_id)
    if clash is not None:
        raise clash
    return name, discord


def player_register(*, name, discord, password) -> Player:
    """Create a player with a password, or claim an admin-created one that has none yet."""
    name, discord = _clean(name), _clean(discord)
    password = password if isinstance(password, str) else ""
    if not name or not discord or not password:
        raise BankError(rules.MSG_FILL_ALL, code="missing_fields")
    _validate_identity(name=name, discord=discord)
    _validate_password(password)
    password_hash = make_password(password)
    try:
        with transaction.atomic():
            _identities_lock()
            existing = Player.objects.select_for_update(of=("self",)).filter(name__iexact=name).first()
            if existing is not None:
                # the user is read after the lock: a claim that committed meanwhile is seen here
                user = User.objects.filter(pk=existing.user_id).first() if existing.user_id else None
                if existing.discord.lower() != discord.lower() or (user is not None and user.has_usable_password()):
                    raise _name_taken(name)
                clash = _identity_clash(name=name, discord=discord, own_player_id=existing.pk)
                if clash is not None:
                    raise clash
                player = existing
                if user is not None:  # a user without a usable password: give it one
                    user.password = password_hash
                    user.save(update_fields=["password"])
                else:
                    _player_user_create(player=player, password_hash=password_hash)
            else:
                clash = _identity_clash(name=name, discord=discord)
                if clash is not None:
                    raise clash
                player = Player.objects.create(name=name, discord=discord)
                _player_user_create(player=player, password_hash=password_hash)
            live.notify({"players"}, [player.pk])
            return player
    except IntegrityError:
        # a simultaneous registration took the name or discord between our check and our insert
        raise _name_taken(name) from None


def player_create(*, name, discord, password="", admin: User, bad_payer: bool = False) -> Player:
    """An admin adds a player; without a password the player claims the record by registering."""
    name, discord = _clean(name), _clean(discord)
    password = password if isinstance(password, str) else ""
    if not name or not discord:
        raise BankError("Please fill in all required fields", code="missing_fields")
    _validate_identity(name=name, discord=discord)
    password_hash = ""
    if password:
        _validate_password(password)
        password_hash = make_password(password)
    try:
        with transaction.atomic():
            _identities_lock()
            clash = _identity_clash(name=name, discord=discord)
            if clash is not None:
                raise clash
            player = Player.objects.create(name=name, discord=discord, added_by=admin, bad_payer=bool(bad_payer))
            if password_hash:
                _player_user_create(player=player, password_hash=password_hash)
            audit.record(
                actor=admin,
                kind="player.created",
                obj=player,
                player=player,
                after={
                    **audit.snapshot(player, ("name", "discord", "bad_payer", "client_type")),
                    "password": "set" if password_hash else "not set",
                },
            )
            live.notify({"players"}, [player.pk])
            return player
    except IntegrityError:
        raise _name_taken(name) from None


def player_identity_change(*, player_id: int, name, discord, admin: User) -> Player:
    """An admin renames a player or changes their discord, under the same rules as registration."""
    name, discord = _clean(name), _clean(discord)
    if not name or not discord:
        raise BankError("Please fill in all required fields", code="missing_fields")
    _validate_identity(name=name, discord=discord)
    try:
        with transaction.atomic():
            _identities_lock()
            player = player_locked(player_id=player_id)
            clash = _identity_clash(name=name, discord=discord, own_player_id=player.pk)
            if clash is not None:
                raise clash
            before = {"name": player.name, "discord": player.discord}
            player.name, player.discord = name, discord
            player.save(update_fields=["name", "discord"])
            audit.record(
                actor=admin,
                kind="player.identity_changed",
                obj=player,
                player=player,
                before=before,
                after={"name": name, "discord": discord},
            )
            live.notify({"players"}, [player.pk])
            return player
    except IntegrityError:
        raise _name_taken(name) from None


def player_locked(*, player_id: int) -> Player:
    """The player's row, locked until the caller's transaction ends; 404 when there is none.

    Every app that changes a player (credit scores, products) locks it through here.
    """
    player = Player.objects.select_for_update(of=("self",)).select_related("user").filter(pk=player_id).first()
    if player is None:
        raise BankError("Player not found", code="not_found", status=404)
    return player


@transaction.atomic
def player_update(*, player_id: int, admin: User, **changes) -> Player:
    """Admin edits of a player's flags: bad_payer, has_solo_access, client_type."""
    player = player_locked(player_id=player_id)
    before = audit.snapshot(player, PLAYER_FLAGS)
    fields: list[str] = []
    for flag in ("bad_payer", "has_solo_access"):
        if flag in changes and changes[flag] is not None:
            if not isinstance(changes[flag], bool):
                raise BankError(f"{flag} must be true or false", fields={flag: ["Must be true or false."]})
            setattr(player, flag, changes[flag])
            fields.append(flag)
    if changes.get("client_type") is not None:
        if changes["client_type"] not in Player.ClientType.values:
            raise BankError("client_type must be 'new' or 'old'", fields={"client_type": ["Must be new or old."]})
        if changes["client_type"] != player.client_type:
            client_type_recorded(
                player_ids=[player.pk], before=player.client_type, after=changes["client_type"], by=admin
            )
        player.client_type = changes["client_type"]
        fields.append("client_type")
    if not fields:
        raise BankError("Nothing to change: send bad_payer, has_solo_access or client_type", code="nothing_to_change")
    player.save(update_fields=fields)
    audit.record(
        actor=admin,
        kind="player.client_type_changed" if fields == ["client_type"] else "player.updated",
        obj=player,
        player=player,
        before={name: before[name] for name in fields},
        after=audit.snapshot(player, fields),
    )
    # bad payer and tier decide loan eligibility, which the credit panels show
    live.notify({"players", "credit"}, [player.pk])
    return player


@transaction.atomic
def player_unblock(*, player_id: int, admin: User) -> Player:
    player = player_locked(player_id=player_id)
    before = audit.snapshot(player, ("blocked_at", "failed_attempts"))
    player.blocked_at = None
    player.failed_attempts = 0
    player.save(update_fields=["blocked_at", "failed_attempts"])
    audit.record(
        actor=admin,
        kind="player.unblocked",
        obj=player,
        player=player,
        before=before,
        after={"blocked_at": None, "failed_attempts": 0},
    )
    live.notify({"players"}, [player.pk])
    return player


def player_password_set(*, player_id: int, new_password, admin: User) -> Player:
    """An admin sets a player's password; that also unblocks the account."""
    new_password = new_password if isinstance(new_password, str) else ""
    if not new_password:
        raise BankError("Please enter a new password", code="missing_fields")
    _validate_password(new_password)
    password_hash = make_password(new_password)
    with transaction.atomic():
        # the lock order (docs/rules.md): the player's user, then the player, then the user's sessions
        user_id = Player.objects.filter(pk=player_id).values_list("user_id", flat=True).first()
        if user_id is not None:
            User.objects.select_for_update().filter(pk=user_id).first()
        player = player_locked(player_id=player_id)
        had_password = player.has_password
        before = audit.snapshot(player, ("blocked_at", "failed_attempts"))
        if player.user is not None:
            player.user.password = password_hash
            player.user.save(update_fields=["password"])
            # whoever held the old password is signed out everywhere at once
            sessions_end_for_user(user_id=player.user.pk)
        else:
            _player_user_create(player=player, password_hash=password_hash)
        player.blocked_at = None
        player.failed_attempts = 0
        player.save(update_fields=["blocked_at", "failed_attempts"])
        # the password itself never goes into the trail, only that it changed
        audit.record(
            actor=admin,
            kind="player.password_set",
            obj=player,
            player=player,
            before={**before, "had_password": had_password},
            after={"blocked_at": None, "failed_attempts": 0, "password": "changed"},
        )
        live.notify({"players"}, [player.pk])
        return player


@transaction.atomic
def user_password_changed(*, user_id: int, admin: User) -> User:
    """The Django admin site changed a user's password (or turned password sign-in off): the same
    consequences as the panel's reset, in the same transaction as the change. Every session and live
    socket of that user ends at once; a player's account is unblocked (as player_password_set does);
    the trail records that the password changed, never the password."""
    # the lock order (docs/rules.md): the user, then their player, then the user's sessions
    user = User.objects.select_for_update().get(pk=user_id)
    player = Player.objects.filter(user_id=user.pk).first()
    if player is not None:
        player = player_locked(player_id=player.pk)
    sessions_end_for_user(user_id=user.pk)
    usable = user.has_usable_password()
    if player is not None:
        before = audit.snapshot(player, ("blocked_at", "failed_attempts"))
        player.blocked_at = None
        player.failed_attempts = 0
        player.save(update_fields=["blocked_at", "failed_attempts"])
        audit.record(
            actor=admin,
            kind="player.password_set",
            obj=player,
            player=player,
            before={**before, "had_password": True},
            after={"blocked_at": None, "failed_attempts": 0, "password": "changed" if usable else "disabled"},
        )
        live.notify({"players"}, [player.pk])
    else:
        audit.record(
            actor=admin,
            kind="officer.password_set",
            obj=user,
            before={"password": "set"},
            after={"password": "changed" if usable else "disabled", "by": "the Django admin site"},
        )
    return user


@dataclass(frozen=True)
class LockoutsLifted:
    """What lifting an officer's lockouts removed, over every address."""

    addresses: int
    lockouts: int
    failed_attempts: int


def admin_ensure(*, username: str, password: str = "") -> tuple[User, bool, str, LockoutsLifted | None]:
    """Create or update the bank admin, and lift every sign-in lockout of theirs, at every address
    (failed attempts too). A new admin is shown to players as "Officer <id>".
    Returns (user, created, generated_password, the lockouts lifted or None)."""

    generated = ""
    lifted = None
    with transaction.atomic():
        user = User.objects.filter(username__iexact=username).first()
        created = user is None
        if user is None:
            user = User(username=username)
        user.is_staff = True
        user.is_superuser = True
        user.is_active = True
        user.role = roles.TREASURER  # the bank's admin runs it (docs/rules.md, "Officers")
        if password:
            user.set_password(password)
        elif created:
            generated = secrets.token_urlsafe(12)
            user.set_password(generated)
        user.save()
        if not user.display_name:  # what players see of the admin until a treasurer renames them
            user.display_name = rules.default_display_name(user.pk)
            user.save(update_fields=["display_name"])
        lifted = _staff_lockout_lift(user=user, by="manage.py ensure_admin")
    return user, created, generated, lifted


def _staff_lockout_lift(*, user: User, by: str, actor: User | None = None) -> LockoutsLifted | None:
    """Forget a staff account's sign-in lockouts and failed attempts at every address, in the audit
    trail; what was lifted, or None when there was nothing. The record of failed sign-ins stays (the
    officer still sees what happened)."""
    rows = list(StaffLockout.objects.select_for_update().filter(user=user).order_by("address"))
    if not rows:
        return None
    StaffLockout.objects.filter(pk__in=[row.pk for row in rows]).delete()
    lifted = LockoutsLifted(
        addresses=len(rows),
        lockouts=sum(row.lockouts for row in rows),
        failed_attempts=sum(row.failed_attempts for row in rows),
    )
    locked = [row.locked_until for row in rows if row.locked_until is not None]
    audit.record(
        actor=actor,
        kind="staff.unlocked",
        obj=user,
        before={
            "failed_attempts": lifted.failed_attempts,
            "lockouts": lifted.lockouts,
            "locked_until": max(locked) if locked else None,
            "addresses": {
                row.address: audit.snapshot(row, ("failed_attempts", "lockouts", "locked_until")) for row in rows
            },
        },
        after={"failed_attempts": 0, "lockouts": 0, "locked_until": None, "by": by},
    )
    return lifted


@transaction.atomic
def staff_unlock(*, username: str) -> tuple[User, LockoutsLifted | None]:
    """The operator lifts an officer's sign-in lockout (`manage.py ensure_admin --unlock <username>`):
    any staff account, by its username ignoring case. Nothing else about the account changes.
    Returns (the officer, the lockouts lifted or None)."""
    user = User.objects.filter(username__iexact=username, is_staff=True).first()
    if user is None:
        raise BankError(
            f"'{username}' is not a staff account: only an officer's lockout is lifted here.",
            code="not_found",
            status=404,
        )
    return user, _staff_lockout_lift(user=user, by="manage.py ensure_admin --unlock")


@transaction.atomic
def client_type_recorded(*, player_ids: list[int], before: str, after: str, by: User) -> None:
    """A client type's change is kept with the books' decisions (amount 0): the client limit a player's
    savings were held to at any time is read from them (operations/book_rules.py)."""
    threshold = BankSettings.current().four_eyes_above
    now = clock.now()
    DecisionRecord.objects.bulk_create(
        [
            DecisionRecord(
                at=now,
                kind="player.client_type",
                player_id=player_id,
                amount=0,
                officer_id=by.pk,
                officer_name=by.get_username(),
                four_eyes_above=threshold,
                object_type="player",
                object_id=player_id,
                details={"client_type": [before, after]},
            )
            for player_id in player_ids
        ],
        batch_size=500,
    )


@transaction.atomic
def players_mark_old(*, admin: User) -> int:
    """Savings Management's "Mark Existing as Old Clients": every current player becomes an old
    client (the higher savings limit). Returns how many changed."""
    players = list(
        Player.objects.select_for_update()
        .filter(client_type=Player.ClientType.NEW)
        .only("pk", "name", "discord")
        .order_by("pk")
    )
    changed = [player.pk for player in players]
    Player.objects.filter(pk__in=changed).update(client_type=Player.ClientType.OLD)
    client_type_recorded(player_ids=changed, before=Player.ClientType.NEW, after=Player.ClientType.OLD, by=admin)
    audit.record_many(
        actor=admin,
        kind="player.client_type_changed",
        changes=[
            audit.Change(obj=player, player=player, before={"client_type": "new"}, after={"client_type": "old"})
            for player in players
        ],
    )
    if changed:
        live.notify({"players", "savings"}, changed)
    return len(changed)


def own_password_change(*, user: User, sid: str, current_password, new_password) -> User:
    """A signed-in player or officer changes their own password: the current one is asked, the new one
    follows the password rule, and every other session of theirs ends (the one that changed it goes
    on). Audited; the password itself never is."""
    current = current_password if isinstance(current_password, str) else ""
    new = new_password if isinstance(new_password, str) else ""
    if not current or not new:
        raise BankError("Please fill in your current password and a new one", code="missing_fields")
    if not user.check_password(current):
        raise BankError(
            rules.MSG_CURRENT_PASSWORD,
            code="incorrect_password",
            fields={"current_password": [rules.MSG_CURRENT_PASSWORD]},
        )
    _validate_password(new, field="new_password")
    if new == current:
        raise BankError(rules.MSG_SAME_PASSWORD, fields={"new_password": [rules.MSG_SAME_PASSWORD]})
    password_hash = make_password(new)  # before the transaction (see _player_user_create)
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user.pk)
        user.password = password_hash
        user.save(update_fields=["password"])
        ended = sessions_end_for_user_but(user_id=user.pk, sid=sid)
        player = Player.objects.filter(user_id=user.pk).first()
        audit.record(
            actor=user,
            kind="player.password_changed" if player is not None else "officer.password_changed",
            obj=player if player is not None else user,
            player=player,
            before={"password": "set"},
            after={"password": "changed by its owner", "other_sessions_ended": ended},
        )
    return user


@transaction.atomic
def officer_lockouts_lift(*, officer_id: int, by: User) -> LockoutsLifted | None:
    """A treasurer lifts an officer's sign-in lockouts at every address (the Officers tab): what
    `ensure_admin --unlock` does, without the server's command line."""
    officer = User.objects.filter(pk=officer_id, is_staff=True).first()
    if officer is None:
        raise BankError("Officer not found", code="not_found", status=404)
    lifted = _staff_lockout_lift(user=officer, by=f"{by.get_username()} on the Officers tab", actor=by)
    live.notify({"officers"})
    return lifted

"""Every write about players and sign-in."""

import secrets

from django.contrib.auth.hashers import make_password
from django.db import IntegrityError, transaction
from django.utils import timezone

from bank import live
from bank.errors import BankError

from . import rules
from .models import Player, User


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
    return User.objects.filter(is_staff=True, username__iexact=name).exists()


def auth_login(*, username, password) -> User:
    """The user for these credentials; counts failures and blocks a player after five."""
    username, password = _clean(username), password if isinstance(password, str) else ""
    if not username or not password:
        raise BankError(rules.MSG_FILL_ALL, code="missing_fields")

    admin = User.objects.filter(is_staff=True, is_active=True, username__iexact=username).first()
    if admin is not None:
        if not admin.check_password(password):
            raise BankError(rules.MSG_INCORRECT_PASSWORD, code="incorrect_password", status=401)
        return admin

    player = _player_for_sign_in(username)
    if player is None:
        raise BankError(rules.MSG_PLAYER_NOT_FOUND, code="player_not_found", status=404)
    if player.is_blocked:
        raise BankError(rules.MSG_BLOCKED, code="account_blocked", status=403)
    if not player.has_password:
        raise BankError(rules.msg_no_password(player.name), code="no_password")
    # checked before any lock is taken (see _player_user_create)
    correct = player.user.check_password(password)
    if correct and not player.failed_attempts:
        return player.user

    failure: BankError | None = None
    with transaction.atomic():
        player = player_locked(player_id=player.pk)
        if player.is_blocked:  # blocked by other attempts meanwhile
            raise BankError(rules.MSG_BLOCKED, code="account_blocked", status=403)
        if correct:
            player.failed_attempts = 0
            player.save(update_fields=["failed_attempts"])
            return player.user
        # a wrong password is counted, and the count must commit although the call fails
        player.failed_attempts += 1
        fields = ["failed_attempts"]
        if player.failed_attempts >= rules.MAX_FAILED_ATTEMPTS:
            player.blocked_at = timezone.now()
            fields.append("blocked_at")
            failure = BankError(rules.MSG_BLOCKED, code="account_blocked", status=403)
            live.notify({"players"}, [player.pk])
        else:
            failure = BankError(rules.MSG_INCORRECT_PASSWORD, code="incorrect_password", status=401)
        player.save(update_fields=fields)
    raise failure


def _player_for_sign_in(username: str) -> Player | None:
    """The player whose name, else discord, is the sign-in name (ignoring case)."""
    players = Player.objects.select_related("user")
    return players.filter(name__iexact=username).first() or players.filter(discord__iexact=username).first()


def _validate_identity(*, name: str, discord: str) -> None:
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
        message = f"The name '{name}' is reserved. Please choose another one."
        raise BankError(message, code="name_taken", fields={"name": [message]})


def _validate_password(password: str) -> None:
    if len(password) < rules.PASSWORD_MIN_LENGTH:
        raise BankError(rules.MSG_PASSWORD_SHORT, fields={"password": [rules.MSG_PASSWORD_SHORT]})
    if len(password) > rules.PASSWORD_MAX_LENGTH:
        message = f"Password must be at most {rules.PASSWORD_MAX_LENGTH} characters"
        raise BankError(message, fields={"password": [message]})


def _name_taken(name: str) -> BankError:
    message = f"Player name '{name}' is already taken"
    return BankError(message, code="name_taken", fields={"name": [message]})


def _discord_taken(discord: str) -> BankError:
    message = f"Discord username '{discord}' is already registered"
    return BankError(message, code="discord_taken", fields={"discord": [message]})


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
            existing = (
                Player.objects.select_for_update(of=("self",)).select_related("user").filter(name__iexact=name).first()
            )
            if existing is not None:
                if existing.has_password or existing.discord.lower() != discord.lower():
                    raise _name_taken(name)
                player = existing
                if player.user_id:  # a user without a usable password: give it one
                    player.user.password = password_hash
                    player.user.save(update_fields=["password"])
                else:
                    _player_user_create(player=player, password_hash=password_hash)
            else:
                if Player.objects.filter(discord__iexact=discord).exists():
                    raise _discord_taken(discord)
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
            if Player.objects.filter(name__iexact=name).exists():
                raise _name_taken(name)
            if Player.objects.filter(discord__iexact=discord).exists():
                raise _discord_taken(discord)
            player = Player.objects.create(name=name, discord=discord, added_by=admin, bad_payer=bool(bad_payer))
            if password_hash:
                _player_user_create(player=player, password_hash=password_hash)
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
    fields = []
    for flag in ("bad_payer", "has_solo_access"):
        if flag in changes and changes[flag] is not None:
            if not isinstance(changes[flag], bool):
                raise BankError(f"{flag} must be true or false", fields={flag: ["Must be true or false."]})
            setattr(player, flag, changes[flag])
            fields.append(flag)
    if changes.get("client_type") is not None:
        if changes["client_type"] not in Player.ClientType.values:
            raise BankError("client_type must be 'new' or 'old'", fields={"client_type": ["Must be new or old."]})
        player.client_type = changes["client_type"]
        fields.append("client_type")
    if not fields:
        raise BankError("Nothing to change: send bad_payer, has_solo_access or client_type", code="nothing_to_change")
    player.save(update_fields=fields)
    # bad payer and tier decide loan eligibility, which the credit panels show
    live.notify({"players", "credit"}, [player.pk])
    return player


@transaction.atomic
def player_unblock(*, player_id: int, admin: User) -> Player:
    player = player_locked(player_id=player_id)
    player.blocked_at = None
    player.failed_attempts = 0
    player.save(update_fields=["blocked_at", "failed_attempts"])
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
        player = player_locked(player_id=player_id)
        if player.user_id:
            player.user.password = password_hash
            player.user.save(update_fields=["password"])
        else:
            _player_user_create(player=player, password_hash=password_hash)
        player.blocked_at = None
        player.failed_attempts = 0
        player.save(update_fields=["blocked_at", "failed_attempts"])
        live.notify({"players"}, [player.pk])
        return player


def admin_ensure(*, username: str, password: str = "") -> tuple[User, bool, str]:
    """Create or update the bank admin. Returns (user, created, generated_password)."""

    generated = ""
    with transaction.atomic():
        user = User.objects.filter(username__iexact=username).first()
        created = user is None
        if created:
            user = User(username=username)
        user.is_staff = True
        user.is_superuser = True
        user.is_active = True
        if password:
            user.set_password(password)
        elif created:
            generated = secrets.token_urlsafe(12)
            user.set_password(generated)
        user.save()
    return user, created, generated


@transaction.atomic
def players_mark_old(*, admin: User) -> int:
    """Savings Management's "Mark Existing as Old Clients": every current player becomes an old
    client (the higher savings limit). Returns how many changed."""
    changed = list(
        Player.objects.select_for_update().filter(client_type=Player.ClientType.NEW).values_list("pk", flat=True)
    )
    Player.objects.filter(pk__in=changed).update(client_type=Player.ClientType.OLD)
    if changed:
        live.notify({"players", "savings"}, changed)
    return len(changed)

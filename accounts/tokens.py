"""Sessions and their tokens: sign-in, extension, logout, checks, WebSocket tickets.

A sign-in starts a session (`BankSession`, its id in every token as the `sid` claim). A session
has one current token of BANK_SESSION_SECONDS (5 minutes); an extension replaces it (the old one
stops working) and pushes the session's expiry. Logout ends the session; a block or a password
reset ends every session of that user. Tickets and sockets belong to a session and end with it.
"""

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db import transaction
from rest_framework_simplejwt.exceptions import TokenError
from rest_framework_simplejwt.settings import api_settings
from rest_framework_simplejwt.tokens import AccessToken

from bank import clock, live
from bank.errors import SESSION_EXPIRED, BankError
from bank.sql import CompiledQuery, model_fields

from . import rules
from .models import BankSession, Player, User, WsTicket
from .selectors import display_name, own_player

# Ended and expired sessions are kept a day (for the Django admin site), then deleted at a sign-in.
SESSION_KEEP = timedelta(days=1)


@dataclass(frozen=True)
class IssuedToken:
    access_token: str
    expires_at: datetime
    expires_in: int  # seconds of life from issue


def _session_expired() -> BankError:
    return BankError(SESSION_EXPIRED, code="not_authenticated", status=401)


def _token_for(*, session: BankSession, user: User) -> IssuedToken:
    """A new token for the session, which becomes its one current token (the caller saves it)."""
    token = AccessToken.for_user(user)
    player = own_player(user)
    token["sid"] = session.sid
    token["username"] = display_name(user)
    token["is_admin"] = bool(user.is_staff)
    token["has_solo_access"] = bool(player and player.has_solo_access)
    token["player_id"] = player.pk if player else None
    session.token_jti = token["jti"]
    session.expires_at = token_expiry(token)
    return IssuedToken(
        access_token=str(token), expires_at=session.expires_at, expires_in=int(token["exp"] - token["iat"])
    )


def token_issue(*, user: User, factor_verified: bool = False, enrolment_only: bool = False) -> IssuedToken:
    """Sign-in: a new session and its first token. `factor_verified`: a second factor was given now
    (the session keeps the moment); `enrolment_only`: the session reaches only the enrolment calls
    (accounts/factors.py)."""
    now = clock.now()
    with transaction.atomic():
        # the lock order (docs/rules.md): the user's row first (the new session's foreign key reaches
        # it), then the player's
        User.objects.select_for_update(no_key=True).filter(pk=user.pk).first()
        # under the player's lock: a block that commits first is seen here, one that commits
        # later ends this session too
        player = Player.objects.select_for_update(of=("self",)).filter(user=user).first()
        if player is not None and player.is_blocked:
            raise BankError(rules.MSG_BLOCKED, code="account_blocked", status=403)
        BankSession.objects.filter(expires_at__lt=now - SESSION_KEEP).delete()
        # an officer's session remembers the sign-in before it: their failed sign-ins since are shown
        previous = user.last_login if user.is_staff else None
        session = BankSession(
            sid=secrets.token_hex(16),
            user=user,
            previous_sign_in_at=previous,
            factor_verified_at=now if factor_verified else None,
            enrolment_only=enrolment_only,
        )
        issued = _token_for(session=session, user=user)
        session.save(force_insert=True)
        if user.is_staff:  # the Officers tab shows each officer's last sign-in
            User.objects.filter(pk=user.pk).update(last_login=now)
    return issued


def token_expiry(token) -> datetime:
    return datetime.fromtimestamp(token["exp"], tz=UTC)


def session_extend(*, user: User, token) -> IssuedToken:
    """A new token for the token's session, once: the token stops working, the session lives on.

    Twenty simultaneous calls with one token give one new token and nineteen 401s: each waits
    for the session's row lock and then finds that its token is no longer the current one.
    """
    with transaction.atomic():
        session = BankSession.objects.select_for_update().filter(sid=token.get("sid", ""), user=user).first()
        if session is None or not _is_current(session, jti=token["jti"], now=clock.now()):
            raise _session_expired()
        issued = _token_for(session=session, user=user)
        session.save(update_fields=["token_jti", "expires_at"])
    return issued


def session_end(*, token) -> None:
    """Logout: the session's token stops working at once and its sockets close."""
    sid = token.get("sid", "")
    with transaction.atomic():
        BankSession.objects.filter(sid=sid, ended_at__isnull=True).update(ended_at=clock.now())
        live.session_sockets_close(sid)


def sessions_end_for_user(*, user_id: int) -> None:
    """Every session of the user ends, with its tokens, tickets and sockets (a block, a password
    reset). Call it inside the transaction that decides it: the sockets close when it commits."""
    BankSession.objects.filter(user_id=user_id, ended_at__isnull=True).update(ended_at=clock.now())
    live.sockets_close(user_id)


def sessions_end_for_user_but(*, user_id: int, sid: str) -> int:
    """Every other session of the user ends (a password changed by its owner: the session that changed
    it goes on), with its tokens and tickets; its sockets close when the transaction commits. Answers
    how many ended."""
    others = BankSession.objects.filter(user_id=user_id, ended_at__isnull=True).exclude(sid=sid)
    ended = list(others.values_list("sid", flat=True))
    others.update(ended_at=clock.now())
    for other in ended:
        live.session_sockets_close(other)
    return len(ended)


def _is_current(session: BankSession, *, jti: str, now: datetime) -> bool:
    return session.ended_at is None and session.expires_at > now and session.token_jti == jti


_SESSION_FIELDS, _USER_FIELDS, _PLAYER_FIELDS = model_fields(BankSession), model_fields(User), model_fields(Player)
# Every authenticated call runs it: compiled once (bank/sql.py), the session, its user and the
# user's player (NULLs for an admin) in one row.
_CURRENT_SESSION = CompiledQuery(
    lambda sid, jti: BankSession.objects.filter(sid=sid, token_jti=jti, ended_at__isnull=True).values_list(
        *_SESSION_FIELDS,
        *(f"user__{name}" for name in _USER_FIELDS),
        *(f"user__player__{name}" for name in _PLAYER_FIELDS),
    ),
    sid=str,
    jti=str,
)


def current_session(token) -> BankSession | None:
    """The token's session, with its user and the user's player read in the same query, while the
    token is that session's current token and the session has neither ended nor expired; else None."""
    sid, jti = token.get("sid"), token.get("jti")
    if not isinstance(sid, str) or not sid or not isinstance(jti, str):
        return None
    rows = _CURRENT_SESSION.rows(sid=sid, jti=jti)
    if not rows:
        return None
    row = rows[0]
    users_at, players_at = len(_SESSION_FIELDS), len(_SESSION_FIELDS) + len(_USER_FIELDS)
    session = BankSession.from_db("default", _SESSION_FIELDS, row[:users_at])
    if not _is_current(session, jti=jti, now=clock.now()):  # the SQL left the expiry to this
        return None
    user = User.from_db("default", _USER_FIELDS, row[users_at:players_at])
    player_row = row[players_at:]
    player = Player.from_db("default", _PLAYER_FIELDS, player_row) if player_row[0] is not None else None
    # what select_related("user__player") would have cached: no query for session.user, user.player
    BankSession.user.field.set_cached_value(session, user)
    User.player.related.set_cached_value(user, player)
    if player is not None:
        Player.user.field.set_cached_value(player, user)
    return session


def bearer_token(authorization: str) -> str:
    """The token of an `Authorization: Bearer <token>` header value; "" for anything else."""
    scheme, _, token = authorization.strip().partition(" ")
    return token.strip() if scheme.lower() == "bearer" else ""


def token_read(raw: str) -> tuple[AccessToken, User] | None:
    """The token and its session's user, when the token is well formed, signed, unexpired and its
    session's current one, names that session's user and the user is active; else None. The same
    checks as every authenticated call (accounts/authentication.py): the session says whose it is."""
    try:
        token = AccessToken(raw)  # type: ignore[arg-type]  # the encoded token: the stubs name only a Token
    except TokenError:
        return None
    session = current_session(token)
    if session is None:
        return None
    user = session.user
    if str(user.pk) != str(token.get(api_settings.USER_ID_CLAIM)) or not user.is_active:
        return None
    return token, user


def session_live_until(*, sid: str) -> datetime | None:
    """When the session expires if it is still live now (not ended, not expired); else None."""
    now = clock.now()
    expires_at = (
        BankSession.objects.filter(sid=sid, ended_at__isnull=True, expires_at__gt=now)
        .values_list("expires_at", flat=True)
        .first()
    )
    return expires_at


def ws_ticket_issue(*, user: User, token) -> WsTicket:
    """A one-time ticket for the token's session (the caller authenticated with that token)."""
    now = clock.now()
    WsTicket.objects.filter(expires_at__lt=now - timedelta(minutes=5)).delete()
    return WsTicket.objects.create(
        key=secrets.token_urlsafe(32),
        user=user,
        session_id=token["sid"],
        expires_at=now + timedelta(seconds=settings.BANK_WS_TICKET_SECONDS),
    )


def ws_ticket_redeem(*, key: str) -> WsTicket | None:
    """The ticket, once, while its session is live: a second use, an unknown or an expired ticket,
    or one whose session has ended (logout, block, password reset) gives None."""
    if not key:
        return None
    now = clock.now()
    claimed = WsTicket.objects.filter(key=key, used_at__isnull=True, expires_at__gt=now).update(used_at=now)
    if claimed != 1:
        return None
    ticket = WsTicket.objects.select_related("user", "session").get(key=key)
    session = ticket.session
    if not ticket.user.is_active or session.ended_at is not None or session.expires_at <= now:
        return None
    return ticket

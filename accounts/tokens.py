"""Access tokens: issue, revoke, check. One token lives BANK_SESSION_SECONDS (5 minutes)."""

import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.utils import timezone as dj_timezone
from rest_framework_simplejwt.exceptions import TokenError
from rest_framework_simplejwt.tokens import AccessToken

from bank import live

from .models import RevokedToken, User, WsTicket
from .selectors import display_name, player_of


@dataclass(frozen=True)
class IssuedToken:
    access_token: str
    expires_at: datetime
    expires_in: int  # seconds of life from issue


def token_issue(*, user: User) -> IssuedToken:
    token = AccessToken.for_user(user)
    player = player_of(user)
    token["username"] = display_name(user)
    token["is_admin"] = bool(user.is_staff)
    token["has_solo_access"] = bool(player and player.has_solo_access)
    token["player_id"] = player.pk if player else None
    return IssuedToken(
        access_token=str(token), expires_at=token_expiry(token), expires_in=int(token["exp"] - token["iat"])
    )


def token_expiry(token) -> datetime:
    return datetime.fromtimestamp(token["exp"], tz=UTC)


def token_revoke(*, token) -> None:
    """Make a validated token unusable at once (logout, or replaced by an extension)."""
    now = dj_timezone.now()
    RevokedToken.objects.filter(expires_at__lt=now).delete()  # expired ones reject themselves
    RevokedToken.objects.get_or_create(jti=token["jti"], defaults={"expires_at": token_expiry(token)})


def session_end(*, user: User, token) -> None:
    """Logout: the token stops working at once and the user's open sockets are closed."""
    token_revoke(token=token)
    live.sockets_close(user.pk)


def token_is_revoked(*, jti: str) -> bool:
    return RevokedToken.objects.filter(jti=jti).exists()


def token_read(raw: str) -> AccessToken | None:
    """The token if it is well formed, signed, unexpired and not revoked; otherwise None."""
    try:
        token = AccessToken(raw)
    except TokenError:
        return None
    if token_is_revoked(jti=token["jti"]):
        return None
    return token


def ws_ticket_issue(*, user: User) -> WsTicket:
    now = dj_timezone.now()
    WsTicket.objects.filter(expires_at__lt=now - timedelta(minutes=5)).delete()
    return WsTicket.objects.create(
        key=secrets.token_urlsafe(32),
        user=user,
        expires_at=now + timedelta(seconds=settings.BANK_WS_TICKET_SECONDS),
    )


def ws_ticket_redeem(*, key: str) -> User | None:
    """The ticket's user, once: a second use, an unknown or an expired ticket gives None."""
    if not key:
        return None
    now = dj_timezone.now()
    claimed = WsTicket.objects.filter(key=key, used_at__isnull=True, expires_at__gt=now).update(used_at=now)
    if claimed != 1:
        return None
    ticket = WsTicket.objects.select_related("user").get(key=key)
    user = ticket.user
    return user if user.is_active else None

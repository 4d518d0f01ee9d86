"""Linking a bank account to a Discord account: Discord's OAuth2 authorization-code flow, scope
`identify` (https://discord.com/developers/docs/topics/oauth2).

1. `start(user, redirect_uri)`: a new nonce row, and Discord's authorize address whose `state` is the
   nonce and the user's id, signed (django.core.signing) so it cannot be forged or moved to another
   user, and expiring after rules.LINK_STATE_SECONDS.
2. Discord sends the browser back to the bank's `/discord/linked?code=&state=`; the page posts both
   with the signed-in person's token (`complete`): the state must be signed, fresh, the caller's,
   and unused. It is spent first (a conditional UPDATE: of two completions with one state, one wins),
   then the code is exchanged for an access token and `GET /users/@me` tells who the account is.
3. The Discord id is kept on the user (unique across the bank: an id linked to another account is
   refused), with an audit entry and a live notice.

Binding the state to the signed-in user (and not only to a browser) keeps someone else's Discord
account from being linked to an account by a crafted link: a victim who completes an attacker's
state is refused, since the state names the attacker."""

import secrets
from dataclasses import dataclass
from datetime import timedelta
from urllib.parse import urlencode

from django.conf import settings
from django.core import signing
from django.db import IntegrityError, transaction

from accounts.models import User
from accounts.selectors import own_player
from bank import audit, clock, live
from bank.errors import BankError

from . import rest, rules
from .models import LinkState


def enabled() -> bool:
    return bool(settings.DISCORD_CLIENT_ID and settings.DISCORD_CLIENT_SECRET)


@dataclass(frozen=True)
class Linked:
    enabled: bool
    linked: bool
    discord_id: str | None
    discord_username: str


def status_of(user: User) -> Linked:
    return Linked(
        enabled=enabled(),
        linked=bool(user.discord_id),
        discord_id=user.discord_id or None,
        discord_username=user.discord_username,
    )


def _require_enabled() -> None:
    if not enabled():
        raise BankError(rules.LINKING_OFF, code="discord_off", status=409)


def start(*, user: User, redirect_uri: str) -> str:
    """A new link's state and Discord's authorize address to send the browser to."""
    _require_enabled()
    nonce = secrets.token_urlsafe(24)
    LinkState.objects.create(nonce=nonce, user=user, redirect_uri=redirect_uri, created_at=clock.now())
    # states older than their life are of no use: forget them as new ones are made
    LinkState.objects.filter(created_at__lt=clock.now() - timedelta(days=1)).delete()
    state = signing.dumps({"u": user.pk, "n": nonce}, salt=rules.LINK_STATE_SALT)
    query = {
        "client_id": settings.DISCORD_CLIENT_ID,
        "response_type": "code",
        "scope": "identify",
        "redirect_uri": redirect_uri,
        "state": state,
        "prompt": "consent",
    }
    return f"{settings.DISCORD_AUTHORIZE_URL}?{urlencode(query)}"


def _spend(*, user: User, state: str) -> LinkState:
    """The state's row, marked used now; refused when forged, expired, another user's, or used."""
    try:
        signed = signing.loads(state, salt=rules.LINK_STATE_SALT, max_age=rules.LINK_STATE_SECONDS)
    except signing.BadSignature:  # SignatureExpired is one
        raise BankError(rules.STATE_REFUSED, code="state_refused") from None
    if not isinstance(signed, dict) or signed.get("u") != user.pk:
        raise BankError(rules.STATE_NOT_YOURS, code="state_refused")
    nonce = str(signed.get("n", ""))
    spent = LinkState.objects.filter(nonce=nonce, user=user, used_at__isnull=True).update(used_at=clock.now())
    if not spent:
        raise BankError(rules.STATE_REFUSED, code="state_refused")
    return LinkState.objects.get(nonce=nonce)


def _discord_account(*, code: str, redirect_uri: str) -> tuple[str, str]:
    """The Discord id and name the authorization code stands for (two calls to Discord)."""
    try:
        token = rest.call(
            "POST",
            "/oauth2/token",
            form={
                "grant_type": "authorization_code",
                "code": code,
                "redirect_uri": redirect_uri,
                "client_id": settings.DISCORD_CLIENT_ID,
                "client_secret": settings.DISCORD_CLIENT_SECRET,
            },
        )
        access = token.body.get("access_token") if token.ok and isinstance(token.body, dict) else None
        if not access:
            raise BankError(rules.DISCORD_REFUSED, code="discord_refused")
        me = rest.call("GET", "/users/@me", authorization=f"Bearer {access}")
    except rest.Unreachable:
        raise BankError(rules.DISCORD_UNREACHABLE, code="discord_unreachable", status=503) from None
    if not me.ok or not isinstance(me.body, dict) or not str(me.body.get("id", "")).isdigit():
        raise BankError(rules.DISCORD_REFUSED, code="discord_refused")
    return str(me.body["id"]), str(me.body.get("username") or "")[:64]


def complete(*, user: User, code: str, state: str) -> Linked:
    _require_enabled()
    row = _spend(user=user, state=state)
    discord_id, username = _discord_account(code=code, redirect_uri=row.redirect_uri)
    if User.objects.filter(discord_id=discord_id).exclude(pk=user.pk).exists():
        raise BankError(rules.ALREADY_LINKED, code="discord_taken", status=409)
    try:
        with transaction.atomic():
            locked = User.objects.select_for_update().get(pk=user.pk)
            before = {"discord_id": locked.discord_id, "discord_username": locked.discord_username}
            locked.discord_id, locked.discord_username = discord_id, username
            locked.save(update_fields=["discord_id", "discord_username"])
            _record(locked, "discord.linked", before=before)
    except IntegrityError:  # another account linked the same id meanwhile
        raise BankError(rules.ALREADY_LINKED, code="discord_taken", status=409) from None
    return status_of(locked)


def unlink(*, user: User) -> Linked:
    with transaction.atomic():
        locked = User.objects.select_for_update().get(pk=user.pk)
        if not locked.discord_id:
            raise BankError(rules.NOT_LINKED, code="not_linked", status=409)
        before = {"discord_id": locked.discord_id, "discord_username": locked.discord_username}
        locked.discord_id, locked.discord_username = None, ""
        locked.save(update_fields=["discord_id", "discord_username"])
        _record(locked, "discord.unlinked", before=before)
    return status_of(locked)


def _record(user: User, kind: str, *, before: dict) -> None:
    player = own_player(user)
    after = {"discord_id": user.discord_id, "discord_username": user.discord_username}
    audit.record(actor=user, kind=kind, obj=player or user, before=before, after=after, player=player)
    live.notify({"players"}, [player.pk] if player else [])

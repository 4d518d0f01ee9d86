"""Reads about players that are more than a .get()."""

import re

from django.db.models import Case, IntegerField, Q, QuerySet, Value, When
from django.db.models.functions import Lower

from bank.errors import BankError

from . import rules
from .models import BankSession, Player, StaffSignInFailure, User

_ID_TERM = re.compile(r"[0-9]{1,18}")


def own_player(user: User) -> Player | None:
    """The user's own player record, or None (admins, and users whose player was removed)."""
    try:
        return user.player
    except Player.DoesNotExist:
        return None


def display_name(user: User) -> str:
    """What the screens call a user: the player's name, else the username (admins)."""
    player = own_player(user)
    return player.name if player else user.username


def player_for_call(
    *,
    user: User,
    player_id: int | None,
    not_found: str = rules.MSG_PLAYER_NOT_FOUND,
    no_profile: str = rules.MSG_NO_PROFILE,
) -> Player:
    """The player a call is about, if the caller may read it; else 404.

    With an id, the player with that id: admins read any, a player only their own. Another player's
    id answers 404 `not_found`, exactly like an id that does not exist. A record reached through its
    player (a savings account by its id) passes its own `not_found`, the words its route answers for
    an id that is not there: "not yours" and "not there" must read the same.
    Without an id (a call a player makes for themselves), the caller's own player; 404 `no_profile`
    for a caller without one.
    """
    if player_id is None:
        own = own_player(user)
        if own is None:
            raise BankError(no_profile, code="not_found", status=404)
        return own
    player = Player.objects.filter(pk=player_id).first()
    if player is None:
        raise BankError(not_found, code="not_found", status=404)
    if user.is_staff:
        return player
    own = own_player(user)
    if own is None or own.pk != player.pk:
        raise BankError(not_found, code="not_found", status=404)
    return player


def player_detail(*, player_id: int) -> Player:
    player = Player.objects.select_related("added_by", "user").filter(pk=player_id).first()
    if player is None:
        raise BankError(rules.MSG_PLAYER_NOT_FOUND, code="not_found", status=404)
    return player


def player_list_blocked() -> QuerySet[Player]:
    return (
        Player.objects.filter(blocked_at__isnull=False)
        .select_related("added_by", "user")
        .order_by("-blocked_at", "-id")
    )


def player_search(*, term: str, offset: int = 0, limit: int = 50) -> dict:
    """Players whose id is the term, or whose name or discord contains it (ignoring case), a page
    at a time: an exact id or name first, then by name. 2 queries (the page, the count)."""
    term = term.strip()
    matches = Q(name__icontains=term) | Q(discord__icontains=term)
    exact = Q(name__iexact=term)
    if _ID_TERM.fullmatch(term):  # ASCII digits that fit an id ("²" passes isdigit, not int)
        matches |= Q(pk=int(term))
        exact |= Q(pk=int(term))
    found = Player.objects.filter(matches)
    exact_first = Case(When(exact, then=Value(0)), default=Value(1), output_field=IntegerField())
    page = list(
        found.select_related("added_by", "user").order_by(exact_first, Lower("name"), "id")[offset : offset + limit]
    )
    return {"count": found.count(), "players": page}


def sign_in_failures_of(*, user: User, sid: str) -> dict:
    """An officer's own failed sign-ins since the sign-in before this session (all that are kept when
    there was none): how many, since when, and the latest few with time, address and door. Only the
    officer reads them (`GET /api/me`). 2 queries."""
    since = BankSession.objects.filter(sid=sid, user=user).values_list("previous_sign_in_at", flat=True).first()
    failures = StaffSignInFailure.objects.filter(user=user)
    if since is not None:
        failures = failures.filter(at__gt=since)
    # the table keeps at most SIGN_IN_FAILURES_KEPT per officer: reading them all is bounded
    rows = list(failures.order_by("-at", "-id").values("at", "address", "door")[: rules.SIGN_IN_FAILURES_KEPT])
    return {"count": len(rows), "since": since, "latest": rows[: rules.SIGN_IN_FAILURES_SHOWN]}

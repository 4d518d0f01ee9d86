"""Reads about players that are more than a .get()."""

import re

from django.db.models import Q, QuerySet
from rest_framework.exceptions import NotFound

from .models import Player, User

_ID_TERM = re.compile(r"[0-9]{1,18}")


def player_of(user: User) -> Player | None:
    """The user's player record, or None (admins, and users whose player was removed)."""
    try:
        return user.player
    except Player.DoesNotExist:
        return None


def display_name(user: User) -> str:
    """What the screens call a user: the player's name, else the username (admins)."""
    player = player_of(user)
    return player.name if player else user.username


def player_for_caller(*, user: User, player_id: int) -> Player:
    """The player with this id if the caller may read it: admins any, a player only their own.

    Another player's id answers 404, exactly like an id that does not exist.
    """
    player = Player.objects.filter(pk=player_id).first()
    if player is None:
        raise NotFound("Player not found")
    if user.is_staff:
        return player
    own = player_of(user)
    if own is None or own.pk != player.pk:
        raise NotFound("Player not found")
    return player


def player_list_blocked() -> QuerySet[Player]:
    return Player.objects.filter(blocked_at__isnull=False).select_related("added_by", "user").order_by("-blocked_at")


SEARCH_LIMIT = 50


def player_search(*, term: str) -> list[Player]:
    """Players whose id is the term, or whose name or discord contains it (ignoring case).

    An exact id or name comes first; at most SEARCH_LIMIT answers.
    """
    term = term.strip()
    matches = Q(name__icontains=term) | Q(discord__icontains=term)
    if _ID_TERM.fullmatch(term):  # ASCII digits that fit an id ("²" passes isdigit, not int)
        matches |= Q(pk=int(term))
    players = list(Player.objects.filter(matches).select_related("added_by", "user").order_by("name")[:SEARCH_LIMIT])
    exact = [p for p in players if str(p.pk) == term or p.name.lower() == term.lower()]
    return exact + [p for p in players if p not in exact]

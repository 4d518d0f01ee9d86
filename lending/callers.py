"""The player a call is about: the caller's own, or the one an admin names."""

from accounts.models import Player, User
from accounts.selectors import player_for_caller, player_of
from bank.core.errors import BankError
from lending import rules


def player_of_caller(*, user: User, player_id: int | None, missing: str = rules.NO_PROFILE) -> Player:
    """The player a call is about: the caller's own when no id is given (404 `missing` without a
    profile), else the given one if the caller may read it (another player's id answers 404)."""
    if player_id is not None:
        return player_for_caller(user=user, player_id=player_id)
    player = player_of(user)
    if player is None:
        raise BankError(missing, code="not_found", status=404)
    return player


def quoted_player(request, player_id: int | None):
    """The player a quote is for: an admin names one; a player gets their own."""
    if player_id is None and request.user.is_staff:
        message = "player_id is required"
        raise BankError(message, code="missing_fields", fields={"player_id": [message]})
    return player_of_caller(user=request.user, player_id=player_id)

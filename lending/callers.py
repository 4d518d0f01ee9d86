"""The player a quote is for: the one an admin names, or the caller's own."""

from accounts.selectors import player_for_call
from bank.errors import BankError


def quoted_player(request, player_id: int | None):
    """The player a quote is for: an admin names one; a player gets their own."""
    if player_id is None and request.user.is_staff:
        message = "player_id is required"
        raise BankError(message, code="missing_fields", fields={"player_id": [message]})
    return player_for_call(user=request.user, player_id=player_id)

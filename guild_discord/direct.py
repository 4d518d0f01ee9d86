"""Direct messages from the bank's bot to a linked player (bank.outbox delivers them: registered as
the app starts). Discord's REST API: open (or find) the DM channel with the user, then post to it."""

from django.conf import settings

from accounts.models import Player
from bank import outbox

from . import rest


def enabled() -> bool:
    return bool(settings.DISCORD_BOT_TOKEN)


def sender(player_id: int | None) -> outbox.Sender | None:
    """How to reach this player directly, or None when they did not link Discord (one query)."""
    if player_id is None:
        return None
    discord_id = (
        Player.objects.filter(pk=player_id, user__is_active=True, user__discord_id__isnull=False)
        .values_list("user__discord_id", flat=True)
        .first()
    )
    if not discord_id:
        return None
    return lambda content, officer, deadline: send(discord_id, content, officer, deadline)


def _checked(answer: rest.Answer) -> dict:
    if answer.status == 429:
        raise outbox.RateLimited(answer.retry_after if answer.retry_after is not None else 1.0)
    if not answer.ok or not isinstance(answer.body, dict):
        raise outbox.SendFailed(f"HTTP {answer.status}")
    return answer.body


def send(discord_id: str, content: str, officer: str, deadline: float) -> None:
    """Two calls, each with half the send's deadline; any failure raises (the outbox retries)."""
    each = deadline / 2
    channel = _checked(
        rest.bot("POST", "/users/@me/channels", json_body={"recipient_id": discord_id}, timeout_seconds=each)
    )
    _checked(
        rest.bot(
            "POST",
            f"/channels/{channel['id']}/messages",
            json_body=outbox.discord_body(content, officer),
            timeout_seconds=each,
        )
    )

"""What the interactions endpoint does with a call whose signature was checked: PING answers PONG,
and any other interaction is acted on once (its id is kept, with the answer given)."""

from datetime import timedelta

from django.db import IntegrityError, transaction

from bank import clock

from . import commands, components, rules
from .models import Interaction

UNKNOWN = commands.private("The bank cannot answer this yet.")


def _dispatch(interaction: dict, *, site_url: str) -> dict:
    if interaction.get("type") == rules.APPLICATION_COMMAND:
        return commands.run(interaction, site_url=site_url)
    if interaction.get("type") in {rules.MESSAGE_COMPONENT, rules.MODAL_SUBMIT}:
        return components.run(interaction, site_url=site_url)
    return UNKNOWN


def handle(interaction: dict, *, site_url: str) -> dict:
    """The answer to one interaction. The id's row is inserted before acting, in the same transaction:
    a second delivery of the same id waits on that row (PostgreSQL's unique index; SQLite writes one
    at a time), then fails to insert and answers what the first answered, without acting again."""
    if interaction.get("type") == rules.PING:
        return {"type": rules.PONG}
    interaction_id = str(interaction.get("id", ""))[:32]
    try:
        with transaction.atomic():
            Interaction.objects.create(
                id=interaction_id, received_at=clock.now(), kind=int(interaction.get("type") or 0)
            )
            answer = _dispatch(interaction, site_url=site_url)
            Interaction.objects.filter(pk=interaction_id).update(answer=answer)
    except IntegrityError:
        seen = Interaction.objects.filter(pk=interaction_id).values_list("answer", flat=True).first()
        return seen or commands.private("This was already answered.")
    # the ids no replay can reach any more (a timestamp that old is refused before this)
    Interaction.objects.filter(
        received_at__lt=clock.now() - timedelta(seconds=rules.INTERACTIONS_KEPT_SECONDS)
    ).delete()
    return answer

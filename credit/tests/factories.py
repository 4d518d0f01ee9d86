import factory

from accounts.tests.factories import PlayerFactory
from credit.models import CreditEvent


class CreditEventFactory(factory.django.DjangoModelFactory[CreditEvent]):
    """A +10 event taking a player from 0 to 10; pass other scores to match the story of a test."""

    class Meta:
        model = CreditEvent

    player = factory.SubFactory(PlayerFactory)
    action_type = CreditEvent.Action.SAVINGS_OPENED
    reason = "First savings account"
    old_score = 0
    new_score = 10
    points_change = factory.LazyAttribute(lambda event: event.new_score - event.old_score)

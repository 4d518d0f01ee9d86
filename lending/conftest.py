import pytest

from accounts.tests.factories import PlayerFactory
from conftest import bearer_for


@pytest.fixture
def eligible_player(db):
    """A Basic-tier player past the 50 points that loan requests need."""
    return PlayerFactory(credit_score=100)


@pytest.fixture
def eligible_api(eligible_player):
    return bearer_for(eligible_player.user)

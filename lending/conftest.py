"""Fixtures for the lending tests (loans, savings, products), which run on one fixed day, whatever the
calendar says (conftest.py, RULES_DAY)."""

import pytest

from accounts.tests.factories import PlayerFactory
from conftest import RULES_DAY, bearer_for


@pytest.fixture
def bank_date_default():
    return RULES_DAY


@pytest.fixture
def eligible_player(db):
    """A Basic-tier player past the 50 points that loan requests need."""
    return PlayerFactory(credit_score=100)


@pytest.fixture
def eligible_api(eligible_player):
    return bearer_for(eligible_player.user)

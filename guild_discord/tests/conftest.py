"""The Discord tests run against testkit's fake of Discord's API, on one fixed day (conftest.py, RULES_DAY)."""

import pytest
from django.test import override_settings

from conftest import RULES_DAY
from testkit.discord_api import fake_discord_api


@pytest.fixture
def bank_date_default():
    return RULES_DAY


@pytest.fixture
def discord_api():
    """The fake Discord, with the bank's settings pointing at it (linking and the bot on)."""
    with fake_discord_api() as fake, override_settings(**fake.settings()):
        yield fake

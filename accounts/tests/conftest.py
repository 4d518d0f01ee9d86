"""The accounts tests run on one fixed day, whatever the calendar says (conftest.py, RULES_DAY)."""

import pytest

from conftest import RULES_DAY


@pytest.fixture
def bank_date_default():
    return RULES_DAY

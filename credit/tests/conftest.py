"""Fixtures for the credit tests: fake migration sources that stand in for the lending records. The credit
tests run on one fixed day, whatever the calendar says (conftest.py, RULES_DAY)."""

import pytest

from conftest import RULES_DAY
from credit import migration
from credit.tests.sources import fixed_counts_sql


@pytest.fixture
def bank_date_default():
    return RULES_DAY


@pytest.fixture
def migration_sources(monkeypatch):
    """A fresh, empty source list for this test: what a test registers is gone after it."""
    sources: list = []
    monkeypatch.setattr(migration, "_sources", sources)
    return sources


@pytest.fixture
def register_counts(migration_sources):
    """Register a fake source answering fixed counts: register_counts({player_id: {...}})."""

    def register(counts: dict[int, dict[str, int]]):
        def source(player_ids):
            wanted = set(player_ids) if player_ids is not None else None
            return {pid: dict(c) for pid, c in counts.items() if wanted is None or pid in wanted}

        migration.register_source(source, grouped=fixed_counts_sql(counts))
        return source

    return register

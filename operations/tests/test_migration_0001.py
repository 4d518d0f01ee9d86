"""bank 0010 and operations 0001: the checks of the books and the daily jobs' runs move from the
plumbing's app to operations' with their tables, so every row recorded before is still read after."""

from datetime import UTC, datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("bank", "0009_restore_pause")]
AFTER = [("operations", "0001_reconcile_runs_and_jobs_from_the_plumbing")]
WHEN = datetime(2026, 3, 1, 4, 0, tzinfo=UTC)


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_reconcile_runs_and_jobs_recorded_in_the_plumbing_are_read_by_operations():
    old = _migrate(BEFORE)
    old.get_model("bank", "ReconcileRun").objects.create(
        checked_at=WHEN, accounts_checked=7, differences=[{"account": "savings 3", "difference": 5}]
    )
    old.get_model("bank", "ScheduledJob").objects.create(
        name="reconcile", last_started_at=WHEN, last_outcome="the books balance"
    )

    new = _migrate(AFTER)
    run = new.get_model("operations", "ReconcileRun").objects.get()
    assert (run.checked_at, run.accounts_checked, run.differences) == (
        WHEN,
        7,
        [{"account": "savings 3", "difference": 5}],
    )
    job = new.get_model("operations", "ScheduledJob").objects.get()
    assert (job.name, job.last_started_at, job.last_outcome) == ("reconcile", WHEN, "the books balance")
    with pytest.raises(LookupError):
        new.get_model("bank", "ReconcileRun")
    _migrate(MigrationExecutor(connection).loader.graph.leaf_nodes())  # the latest state for the next test

"""The restore gate (bank/core/postgresql/base.py): a write transaction holds it shared from its first
statement that writes or locks rows, to its end; a restore takes it exclusive. The CI failure that
asked for it: `restore --replace` deadlocked with approvals under way in 5 tries out of 5
(bank/tests/test_production_layout.py races the two)."""

import os
import threading

import pytest
from django.db import connection, transaction
from django.utils import timezone

from bank.core.models import ReconcileRun


def write(accounts: int) -> ReconcileRun:
    return ReconcileRun.objects.create(checked_at=timezone.now(), accounts_checked=accounts)


pytestmark = [
    pytest.mark.skipif(
        not os.environ.get("DATABASE_URL", "").startswith("postgres"),
        reason="needs DATABASE_URL (PostgreSQL); .ci/run's PostgreSQL pass sets it",
    ),
    pytest.mark.django_db(transaction=True),
]


def gate_is_free() -> bool:
    """Whether a restore could take the gate now: asked from another connection (another thread)."""
    from bank.core.postgresql.base import RESTORE_GATE_KEY

    answer = []

    def ask() -> None:
        try:
            with connection.cursor() as cursor:  # autocommit: the lock, if taken, ends with the statement
                cursor.execute("SELECT pg_try_advisory_xact_lock(%s)", [RESTORE_GATE_KEY])
                answer.append(cursor.fetchone()[0])
        finally:
            connection.close()

    thread = threading.Thread(target=ask)
    thread.start()
    thread.join(timeout=30)
    return answer[0]


def test_a_write_transaction_holds_the_gate_from_its_first_write_to_its_end():
    with transaction.atomic():
        ReconcileRun.objects.filter(accounts_checked=999).exists()  # a plain read takes nothing
        assert gate_is_free()
        write(1)
        assert not gate_is_free()
    assert gate_is_free()


def test_a_row_locking_read_takes_the_gate():
    record = write(2)
    with transaction.atomic():
        ReconcileRun.objects.select_for_update().get(pk=record.pk)
        assert not gate_is_free()
    assert gate_is_free()


def test_after_a_savepoint_rolled_back_the_next_write_takes_the_gate_again():
    """A lock taken after a savepoint ends when the savepoint is rolled back (PostgreSQL's rule)."""
    with transaction.atomic():
        ReconcileRun.objects.filter(accounts_checked=999).exists()
        try:
            with transaction.atomic():
                write(3)
                assert not gate_is_free()
                raise RuntimeError("roll the savepoint back")
        except RuntimeError:
            pass
        assert gate_is_free()  # the savepoint took it, its rollback let it go
        write(4)
        assert not gate_is_free()


def test_executemany_in_a_transaction_takes_the_gate_and_writes_every_row():
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.executemany(
                f"INSERT INTO {ReconcileRun._meta.db_table} (checked_at, accounts_checked, differences) "
                "VALUES (now(), %s, '[]')",
                [(71,), (72,)],
            )
        assert not gate_is_free()
    assert ReconcileRun.objects.filter(accounts_checked__in=[71, 72]).count() == 2


def test_a_restore_waits_for_the_write_under_way_and_holds_new_writes_off():
    """The order the deadlock needed cannot happen: the restore holds the gate before any table, a
    write holds it before any row."""
    order: list[str] = []
    writer_holds, restore_started = threading.Event(), threading.Event()

    def restore() -> None:
        try:
            writer_holds.wait(10)
            restore_started.set()
            with transaction.atomic():
                connection.take_restore_gate()
                order.append("restore has the gate")
                late = threading.Thread(target=late_write)
                late.start()
                late.join(timeout=0.5)
                order.append("restore ends")
            late.join(timeout=10)
        finally:
            connection.close()

    def late_write() -> None:
        try:
            with transaction.atomic():
                write(5)
                order.append("late write")
        finally:
            connection.close()

    thread = threading.Thread(target=restore)
    thread.start()
    with transaction.atomic():
        write(6)
        writer_holds.set()
        restore_started.wait(10)
        threading.Event().wait(0.3)  # the restore is waiting for this transaction now
        order.append("early write ends")
    thread.join(timeout=30)
    assert order == ["early write ends", "restore has the gate", "restore ends", "late write"]

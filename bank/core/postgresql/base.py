"""Django's PostgreSQL backend, reporting each COMMIT and ROLLBACK to the request's writes
(bank/core/writes.py), so that an answer after a lost connection says honestly whether anything
changed, and holding every write transaction to the restore gate below.

Settings: ENGINE "bank.core.postgresql", with the same OPTIONS as Django's backend (the pool included).

The restore gate. `restore --replace` locks every bank table against writes, one table after the
other; a write transaction under way holds some of those tables (the rows it wrote or locked) and
then reaches for another one, often without asking (a foreign key's check locks the row it names):
PostgreSQL found the two waiting on each other in a circle, and the restore lost, in 5 tries out of
5 while eight clients wrote. So, before the first statement that writes or locks rows in a
transaction, the transaction takes the gate shared (an advisory lock, one round trip), and a restore
takes it exclusive before it locks anything: a restore waits for the writes under way to end, and a
write that starts meanwhile waits for the restore before it holds anything. A statement outside a
transaction (autocommit) is not held; a restore still runs again after a deadlock (bank/backup.py).
"""

from django.db.backends.postgresql import base

from bank.core.writes import CommitReportingMixin, is_write

from . import reachability

# How long a call waits for a connection while the server did not answer the pool's last attempt to
# connect (or none has ended yet, at a start): long enough for the pool to make or free one, short
# enough that the call answers 503 within 2 s instead of after the pool's whole timeout.
UNREACHABLE_WAIT_SECONDS = 1.0

# Any 64-bit number, the same in every process (accounts' identity lock is another one).
RESTORE_GATE_KEY = 0x67756C642D727374  # "guld-rst"

_LOCKING_READS = (" FOR UPDATE", " FOR NO KEY UPDATE", " FOR SHARE", " FOR KEY SHARE")


def takes_locks(sql: str) -> bool:
    """A statement that writes, or reads rows to lock them."""
    if is_write(sql):
        return True
    text = sql.upper()
    return any(clause in text for clause in _LOCKING_READS)


def _hold_to_the_gate(execute, sql, params, many, context):
    """Execute wrapper: the transaction's first statement that takes locks takes the gate first."""
    connection = context["connection"]
    if connection.in_atomic_block and not connection.holds_restore_gate and takes_locks(sql):
        with connection.wrap_database_errors:  # the driver's cursor: `execute` may be an executemany
            context["cursor"].cursor.execute("SELECT pg_advisory_xact_lock_shared(%s)", [RESTORE_GATE_KEY])
        connection.holds_restore_gate = True
    return execute(sql, params, many, context)


class DatabaseWrapper(CommitReportingMixin, base.DatabaseWrapper):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.holds_restore_gate = False  # in the open transaction
        self.execute_wrappers.append(_hold_to_the_gate)

    def get_new_connection(self, conn_params):
        """Django's, from the pool, waiting the pool's whole timeout only while the server answers
        (bank/core/postgresql/reachability.py): else a connection made or freed within
        UNREACHABLE_WAIT_SECONDS is taken, and none answers the pool's PoolTimeout (503) then."""
        pool = self.pool
        if pool is not None and reachability.server_reached() is not True:
            pool.open()
            # given back at once: Django takes it (or the next free one) below, as it always does
            pool.putconn(pool.getconn(timeout=UNREACHABLE_WAIT_SECONDS))
        return super().get_new_connection(conn_params)

    # A transaction-level advisory lock ends with its transaction, and with a savepoint rolled back
    # when it was taken after it: after either, the next locking statement takes the gate again.
    def commit(self):
        self.holds_restore_gate = False
        super().commit()

    def rollback(self):
        self.holds_restore_gate = False
        super().rollback()

    def close(self):
        self.holds_restore_gate = False
        super().close()

    def _savepoint_rollback(self, sid):
        self.holds_restore_gate = False
        super()._savepoint_rollback(sid)

    def take_restore_gate(self) -> None:
        """For a restore: wait for every write transaction under way, and hold new ones off until
        this transaction ends."""
        with self.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [RESTORE_GATE_KEY])
        self.holds_restore_gate = True

"""What a request has written to the database, so that an error answer can say honestly whether
anything changed (plumbing: imports no app).

A request's answer after a fault must not say "nothing was changed" when something was: a
connection that dies after COMMIT, while the answer is still being put together, leaves a saved
change behind; one that dies during COMMIT leaves the client unable to know. `RequestWrites`
follows one request:

- every statement goes through `track` (a Django execute wrapper, installed per request by
  `bank.middleware.DatabaseFaultMiddleware`), which notes the writes: inside a transaction they
  wait for its end, outside one they are saved at once;
- the database backends (`bank.sqlite`, `bank.postgresql`) report each COMMIT and ROLLBACK here
  through `CommitReportingMixin`: a commit that succeeds makes the transaction's writes durable, a
  commit that fails makes them uncertain, a rollback forgets them.
"""

import contextvars
from dataclasses import dataclass

from django.db import DatabaseError

# Statements that never change data (BEGIN, SAVEPOINT ... manage transactions; their effects are
# followed through commit and rollback).
_READ_ONLY = ("SELECT", "SAVEPOINT", "RELEASE", "ROLLBACK", "BEGIN", "SET ", "SHOW", "PRAGMA", "EXPLAIN", "VALUES")
_WRITE_WORDS = ("INSERT", "UPDATE", "DELETE", "MERGE")


def is_write(sql: str) -> bool:
    text = sql.lstrip(" \t\r\n(").upper()
    if text.startswith("WITH"):  # a common table expression writes only if it says so
        return any(word in text for word in _WRITE_WORDS)
    return not text.startswith(_READ_ONLY)


@dataclass
class RequestWrites:
    durable: bool = False  # a change of this request is saved
    uncertain: bool = False  # a change may or may not be saved (the connection died during COMMIT)
    pending: bool = False  # writes sent in the open transaction, not committed yet

    @property
    def nothing_changed(self) -> bool:
        return not (self.durable or self.uncertain)

    def track(self, execute, sql, params, many, context):
        """Django execute wrapper: `connection.execute_wrapper(writes.track)`."""
        write = is_write(sql)
        in_transaction = context["connection"].in_atomic_block
        try:
            result = execute(sql, params, many, context)
        except DatabaseError as error:
            if write and not in_transaction and is_connection_lost(error):
                self.uncertain = True  # autocommit: the statement may have been applied before the loss
            raise
        if write:
            if in_transaction:
                self.pending = True
            else:
                self.durable = True
        return result

    def committed(self) -> None:
        if self.pending:
            self.durable = True
        self.pending = False

    def commit_failed(self, error: BaseException) -> None:
        # a COMMIT that the database refused (a deferred constraint, a serialization failure) rolled
        # back; one whose connection was lost may have been applied before the loss
        if self.pending and is_connection_lost(error):
            self.uncertain = True
        self.pending = False

    def rolled_back(self) -> None:
        self.pending = False


_current: contextvars.ContextVar[RequestWrites | None] = contextvars.ContextVar("bank_request_writes", default=None)


def current() -> RequestWrites | None:
    """The writes of the request being answered in this thread, if one is being followed."""
    return _current.get()


def begin() -> tuple[RequestWrites, contextvars.Token]:
    writes = RequestWrites()
    return writes, _current.set(writes)


def end(token: contextvars.Token) -> None:
    _current.reset(token)


class CommitReportingMixin:
    """For a database backend's DatabaseWrapper: reports COMMIT and ROLLBACK to the request's writes."""

    def commit(self):
        writes = current()
        try:
            super().commit()
        except BaseException as error:
            if writes is not None:
                writes.commit_failed(error)
            raise
        if writes is not None:
            writes.committed()

    def rollback(self):
        writes = current()
        try:
            super().rollback()
        finally:
            if writes is not None:
                writes.rolled_back()

    def close(self):
        super().close()
        writes = current()
        if writes is not None and self.closed_in_transaction:  # the database rolls back by itself
            writes.rolled_back()


# --- what kind of fault --------------------------------------------------------------------------

# SQLite: the writers' queue timed out, or the file cannot be opened or read (messages of sqlite3)
_SQLITE_UNAVAILABLE = ("database is locked", "database table is locked", "unable to open database", "disk i/o error")


def _driver_error(error: BaseException) -> BaseException:
    """The driver's own exception behind Django's wrapper (Django sets it as the cause)."""
    return error.__cause__ if isinstance(error, DatabaseError) and error.__cause__ is not None else error


def is_conflict(error: BaseException) -> bool:
    """A deadlock or a serialization failure: the transaction was rolled back and may simply run again."""
    try:
        from psycopg import errors as pg
    except ImportError:  # pragma: no cover - psycopg is in requirements.txt
        return False
    return isinstance(_driver_error(error), pg.DeadlockDetected | pg.SerializationFailure)


def is_connection_lost(error: BaseException) -> bool:
    """The database cannot be reached, dropped the connection, or is too busy to answer now."""
    from django.db import InterfaceError, OperationalError

    if not isinstance(error, OperationalError | InterfaceError):
        return False
    cause = _driver_error(error)
    module = type(cause).__module__
    if module.startswith(("psycopg", "psycopg_pool")):
        sqlstate = getattr(cause, "sqlstate", None)
        # no SQLSTATE: the client library's own failure (cannot connect, connection closed, pool
        # timeout); 08: connection exceptions; 53: out of resources (too many connections); 57:
        # operator intervention (terminated, shutting down, statement cancelled); 55P03: lock not
        # available
        return sqlstate is None or sqlstate.startswith(("08", "53", "57")) or sqlstate == "55P03"
    if isinstance(error, InterfaceError):
        return True
    return any(text in str(error).lower() for text in _SQLITE_UNAVAILABLE)


def is_collision(error: BaseException) -> bool:
    """A unique or foreign-key constraint broke because another change came first (a row deleted
    meanwhile, by a restore say); a CHECK constraint that breaks is a bug, not a collision."""
    from django.db import IntegrityError

    if not isinstance(error, IntegrityError):
        return False
    cause = _driver_error(error)
    sqlstate = getattr(cause, "sqlstate", None)
    if sqlstate is not None:
        return sqlstate in {"23503", "23505"}  # foreign_key_violation, unique_violation
    text = str(error).upper()
    return "FOREIGN KEY CONSTRAINT FAILED" in text or "UNIQUE CONSTRAINT FAILED" in text

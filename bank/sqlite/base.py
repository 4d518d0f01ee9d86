"""Django's SQLite backend, with the connections a request closes kept for the next request.

Under ASGI (daphne, `make run`) Django runs each request's sync code in a thread of its own, and a
database connection belongs to the thread that opened it, so every request opened SQLite afresh:
connect, register Django's functions, run the PRAGMAs, and on the first statements read the schema
and prepare each statement again. That was about 2 ms of a typical `GET /api/me/bank-data` (bench/
README.md, "Player reads at framework speed"); the trivial view, which reads nothing, paid none of it.

Here a connection that Django closes outside any transaction goes back to a small pool of its
database file instead, and the next thread that connects takes it, with its schema and statement
caches warm. A connection still in a transaction, of an in-memory database, or beyond the pool's size
is really closed. Settings: ENGINE "bank.sqlite", with the same OPTIONS as Django's backend.
"""

import threading

from django.db.backends.sqlite3 import base, creation

from bank.writes import CommitReportingMixin

# Idle connections kept per database file: daphne runs every request at once, each in its own thread
POOL_SIZE = 32

_idle: dict[str, list] = {}
_lock = threading.Lock()


def pool_take(name: str):
    with _lock:
        idle = _idle.get(name)
        return idle.pop() if idle else None


def pool_give(name: str, connection) -> bool:
    """Keep `connection` for the next request: True if kept, False if the pool is full."""
    with _lock:
        idle = _idle.setdefault(name, [])
        if len(idle) >= POOL_SIZE:
            return False
        idle.append(connection)
        return True


def pool_close(name: str | None = None) -> None:
    """Close the idle connections of one database file (all files: None)."""
    with _lock:
        names = [name] if name is not None else list(_idle)
        connections = [connection for key in names for connection in _idle.pop(key, [])]
    for connection in connections:
        connection.close()


class DatabaseCreation(creation.DatabaseCreation):
    def _destroy_test_db(self, test_database_name, verbosity):
        pool_close(test_database_name)  # no idle connection outlives the file it reads
        super()._destroy_test_db(test_database_name, verbosity)


class DatabaseWrapper(CommitReportingMixin, base.DatabaseWrapper):
    creation_class = DatabaseCreation

    def get_new_connection(self, conn_params):
        if not self.is_in_memory_db():
            connection = pool_take(self.settings_dict["NAME"])
            if connection is not None:
                # what Django's get_new_connection sets, in case a caller changed it since
                connection.execute("PRAGMA foreign_keys = ON")
                return connection
        return super().get_new_connection(conn_params)

    def _close(self):
        connection = self.connection
        if (
            connection is not None
            and not self.is_in_memory_db()
            and not self.in_atomic_block
            and not connection.in_transaction
            and pool_give(self.settings_dict["NAME"], connection)
        ):
            return None
        return super()._close()

"""Did the database server answer the pool's last attempt to connect? One record a process.

Django's pool (psycopg_pool) makes its connections in the background; a call that finds none free
waits up to the pool's timeout (BANK_DB_POOL_TIMEOUT, 5 s) for one. That wait is right while the pool
is only busy (a connection comes back in milliseconds) and wrong while the server cannot be reached:
every call waited the 5 s before its 503. psycopg_pool has no option that ends a waiting call's wait
when connecting fails, so the pool's connections record how each attempt to connect ended (the pool's
public `connection_class` option, psycopg's public `Connection.connect`), and a call waits the whole
timeout only while the last attempt reached the server (bank/postgresql/base.py). The health
check reads the same record to tell a busy pool from a database it cannot reach (operations/health.py).

Nothing here imports Django: the settings name the connection class.
"""

import psycopg

# True: the last attempt reached the server; False: it failed; None: no attempt has ended yet.
_last_attempt_reached: bool | None = None


def server_reached() -> bool | None:
    """Whether the pool's last attempt to connect reached the server; None before any has ended."""
    return _last_attempt_reached


def record_attempt(*, reached: bool) -> None:
    global _last_attempt_reached  # noqa: PLW0603 - one record a process, read by every thread
    _last_attempt_reached = reached


class ReportingConnection(psycopg.Connection):
    """The pool's connections (its `connection_class`): each attempt to connect records whether the
    server answered. An error the server sent (it carries a SQLSTATE: too many connections, a backend
    terminated while it started) means it answered: the pool is busy or churning, and a call waits its
    turn as before; an error without one (refused, timed out, no such host) means it was not reached.
    Counting a server's own refusal as unreachable made calls give up after a second while killed
    connections were being replaced (operations/tests/test_production_layout.py)."""

    @classmethod
    def connect(cls, *args, **kwargs):
        try:
            connection = super().connect(*args, **kwargs)
        except psycopg.OperationalError as error:
            record_attempt(reached=error.sqlstate is not None)
            raise
        record_attempt(reached=True)
        return connection

"""Django's PostgreSQL backend, reporting each COMMIT and ROLLBACK to the request's writes
(bank/writes.py), so that an answer after a lost connection says honestly whether anything
changed; through django-prometheus's backend, which counts connections, statements, errors and
their durations for /metrics (operations/metrics.py).

Settings: ENGINE "bank.postgresql", with the same OPTIONS as Django's backend (the pool included).

A restore no longer meets the writes here: it pauses the bank first (bank/maintenance.py), so
that writes are refused before they start, and waits for those in flight.
"""

from django.db import connections
from django_prometheus.db.backends.postgresql import base
from psycopg_pool import ConnectionPool

from bank.writes import CommitReportingMixin

from . import reachability

# How long a call waits for a connection while the server did not answer the pool's last attempt to
# connect (or none has ended yet, at a start): long enough for the pool to make or free one, short
# enough that the call answers 503 within 2 s instead of after the pool's whole timeout.
UNREACHABLE_WAIT_SECONDS = 1.0


# the pool each database alias lends its connections from, once a call has taken one (the figures of
# /metrics, operations/metrics.py): read from here, a pool is never made before its database is set
_pools_in_use: dict[str, ConnectionPool] = {}


def pool_in_use(alias: str = "default") -> ConnectionPool | None:
    """This process's pool of `alias`'s connections, once a call has taken one from it; else None.
    The pool Django lends from now (its `pool` property), not the one seen first: a pool closed and
    made again (close_pool, as tests and a reconfigured database do) is followed."""
    if alias not in _pools_in_use:
        return None
    return getattr(connections[alias], "pool", None)


class DatabaseWrapper(CommitReportingMixin, base.DatabaseWrapper):
    def get_new_connection(self, conn_params):
        """Django's, from the pool, waiting the pool's whole timeout only while the server answers
        (bank/postgresql/reachability.py): else a connection made or freed within
        UNREACHABLE_WAIT_SECONDS is taken, and none answers the pool's PoolTimeout (503) then."""
        pool = self.pool
        if pool is not None:
            _pools_in_use[self.alias] = pool
        if pool is not None and reachability.server_reached() is not True:
            pool.open()
            # given back at once: Django takes it (or the next free one) below, as it always does
            pool.putconn(pool.getconn(timeout=UNREACHABLE_WAIT_SECONDS))
        return super().get_new_connection(conn_params)

"""This process's PostgreSQL pool with every connection lent out, as under load (tests only)."""

from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def every_pooled_connection_lent_out() -> Iterator[list]:
    """Take every connection of the default database's pool (Django's, psycopg_pool's public
    getconn/putconn); yield them, then give them back."""
    from django.db import connection
    from psycopg_pool import PoolTimeout

    pool = connection.pool  # type: ignore[attr-defined]  # the PostgreSQL backend's, unknown to the stubs
    taken = []
    try:
        while True:
            try:
                taken.append(pool.getconn(timeout=0.3))
            except PoolTimeout:
                break
        yield taken
    finally:
        for lent in taken:
            pool.putconn(lent)

"""Django's PostgreSQL backend, reporting each COMMIT and ROLLBACK to the request's writes
(bank/core/writes.py), so that an answer after a lost connection says honestly whether anything changed.

Settings: ENGINE "bank.core.postgresql", with the same OPTIONS as Django's backend (the pool included).
"""

from django.db.backends.postgresql import base

from bank.core.writes import CommitReportingMixin


class DatabaseWrapper(CommitReportingMixin, base.DatabaseWrapper):
    pass

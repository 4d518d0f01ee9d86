"""The tests run on the database settings that ship: on PostgreSQL, the settings the test suite reads
are the ones config.settings.production builds from the same DATABASE_URL (Django's connection pool,
no connection kept by a thread), apart from the test database's name. Issue 19: the test settings
once set CONN_MAX_AGE = 0 while production kept connections for 60 s, and the PostgreSQL pass never
saw production run out of connections."""

import json
import os
import secrets
import subprocess
import sys

import pytest
from django.conf import settings

from testkit.servers import ROOT

pytestmark = pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="needs DATABASE_URL (PostgreSQL); .ci/run's PostgreSQL pass sets it",
)

# what a run of tests changes on purpose: the database's name (pytest-django's test_..._<run>)
TEST_ONLY = {"NAME", "TEST"}

# Django completes the settings with its defaults when it reads them (ConnectionHandler): so here
PRINT_PRODUCTION_DATABASE = """
import json
from django.db.utils import ConnectionHandler
from config.settings import production

def plain(value):
    if callable(value):
        return f"{value.__module__}.{value.__qualname__}"
    return repr(value)

database = ConnectionHandler().configure_settings({"default": dict(production.DATABASES["default"])})["default"]
print(json.dumps(database, default=plain, sort_keys=True))
"""


def comparable(database: dict) -> dict:
    """The settings as JSON would carry them, without what a test run changes on purpose."""
    kept = {key: value for key, value in database.items() if key not in TEST_ONLY}
    return json.loads(json.dumps(kept, default=lambda value: f"{value.__module__}.{value.__qualname__}"))


def production_database() -> dict:
    """DATABASES["default"] as config.settings.production builds it, in a process of its own, from the
    environment this test run has (the same DATABASE_URL and BANK_DB_POOL_* variables)."""
    env = {key: value for key, value in os.environ.items() if key not in {"PYTEST_CURRENT_TEST"}}
    env |= {"DJANGO_SETTINGS_MODULE": "config.settings.production", "DJANGO_SECRET_KEY": secrets.token_urlsafe(64)}
    done = subprocess.run(
        [sys.executable, "-c", PRINT_PRODUCTION_DATABASE],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_tests_use_the_production_database_settings():
    database = settings.DATABASES["default"]
    assert database["CONN_MAX_AGE"] == 0
    pool = database["OPTIONS"].get("pool")
    assert pool, "the tests run without Django's connection pool, which production uses"
    assert pool["max_size"] == settings.DB_POOL_MAX and pool["min_size"] <= pool["max_size"]
    assert comparable(database) == comparable(production_database())

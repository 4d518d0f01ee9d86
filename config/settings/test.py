"""Settings for the Python test suite."""

import os

from .base import *  # noqa: F403
from .base import level_name, logging_config

SECRET_KEY = "test-only-not-secret-0123456789-abcdefghijklmnopqrstuvwxyz"
BANK_BACKUP_KEY = "test-only-backup-key-0123456789-abcdefghijklmnop"
# no daily backup unless a test points it at a folder of its own (operations/tests/test_backup_schedule.py)
BANK_BACKUP_DIR = ""
DEBUG = False
ALLOWED_HOSTS = ["testserver", "127.0.0.1", "localhost"]
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast hashing for tests only
WEBPACK_LOADER["DEFAULT"]["LOADER_CLASS"] = "webpack_loader.loaders.FakeWebpackLoader"  # noqa: F405
STORAGES["staticfiles"]["BACKEND"] = "django.contrib.staticfiles.storage.StaticFilesStorage"  # noqa: F405
REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] = {"login": "1000/min", "register": "1000/min"}  # noqa: F405
# production's JSON lines; warnings and errors only unless LOG_LEVEL says more (the servers that tests
# start write to files the tests read, or to nowhere)
LOGGING = logging_config(LOG_FORMAT, level_name("WARNING"))  # noqa: F405
# The test process imports config.asgi: its daily jobs must not run behind the tests' backs
# (operations/tests/test_jobs.py runs them); the servers that tests start get what the environment says
BANK_BACKGROUND_IN_SERVER = env_bool("BANK_BACKGROUND_IN_SERVER", False)  # noqa: F405
# One name per test run, inherited by the server processes the run starts (they get its environment),
# so that runs side by side on one machine never share a database, channel groups or cache keys.
RUN_ID = os.environ.setdefault("BANK_TEST_RUN_ID", str(os.getpid()))
if DATABASES["default"]["ENGINE"] == "bank.sqlite":  # noqa: F405
    # a file, so that threads and server processes in tests share one database
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / f".test-db-{RUN_ID}.sqlite3")}  # noqa: F405
    # race tests queue 20 writers: on a busy machine the last may wait long for its turn
    DATABASES["default"]["OPTIONS"]["timeout"] = 60  # noqa: F405
else:
    DATABASES["default"]["TEST"] = {"NAME": f"test_{DATABASES['default']['NAME']}_{RUN_ID}"}  # noqa: F405
# pytest-xdist's workers each get a database of their own (pytest-django adds the worker to its name);
# on Redis, channel groups and cache keys are kept apart by the worker's name too
SCOPE = RUN_ID + (f"-{os.environ['PYTEST_XDIST_WORKER']}" if os.environ.get("PYTEST_XDIST_WORKER") else "")
if REDIS_URL:  # noqa: F405
    for layer in CHANNEL_LAYERS.values():  # noqa: F405
        layer["CONFIG"]["prefix"] = f"asgi-test-{SCOPE}"
    CACHES["default"]["KEY_PREFIX"] = f"test-{SCOPE}"  # noqa: F405

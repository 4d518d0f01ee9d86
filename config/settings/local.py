"""Local development (`make run`): SQLite and the in-memory channel layer unless told otherwise."""

import os
from pathlib import Path

from .base import *  # noqa: F403
from .base import env_bool, logging_config
from .secret_key import local_secret_key

DEBUG = env_bool("DJANGO_DEBUG", True)
# DJANGO_SECRET_KEY if set, else this install's own random key (.secret-key, made on first start)
SECRET_KEY = SECRET_KEY or local_secret_key(Path(os.environ.get("BANK_SECRET_KEY_DIR", BASE_DIR)))  # noqa: F405
WEBPACK_LOADER["DEFAULT"]["CACHE"] = not DEBUG  # noqa: F405
# BANK_BACKUP_KEY if set, else this install's own random key (.backup-key, made on first use)
BANK_BACKUP_KEY = BANK_BACKUP_KEY or local_secret_key(  # noqa: F405
    Path(os.environ.get("BANK_SECRET_KEY_DIR", BASE_DIR)),  # noqa: F405
    file_name=".backup-key",
)
# BANK_BACKUP_DIR if set, else ./backups (made here): the daily backup runs on a development machine too
if not os.environ.get("BANK_BACKUP_DIR"):
    BANK_BACKUP_DIR = str(BASE_DIR / "backups")  # noqa: F405
    Path(BANK_BACKUP_DIR).mkdir(exist_ok=True)

# readable lines for a person at a terminal (BANK_LOG_FORMAT=json for production's)
LOG_FORMAT = os.environ.get("BANK_LOG_FORMAT", "console").strip().lower()
LOGGING = logging_config(LOG_FORMAT, LOG_LEVEL)  # noqa: F405

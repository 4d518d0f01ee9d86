"""Local development (`make run`): SQLite and the in-memory channel layer unless told otherwise."""

from .base import *  # noqa: F403
from .base import env_bool

DEBUG = env_bool("DJANGO_DEBUG", True)
SECRET_KEY = SECRET_KEY or "local-development-only-not-secret-0123456789-abcdefghijklmnop"  # noqa: F405
WEBPACK_LOADER["DEFAULT"]["CACHE"] = not DEBUG  # noqa: F405

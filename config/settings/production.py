"""Production: every secret and host comes from the environment; HTTPS everywhere."""

import os

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import env_bool
from .secret_key import (
    production_backup_key_problem,
    production_metrics_token_problem,
    production_secret_key_problem,
)

DEBUG = False
# a key that is missing, short, or made of a few characters or a pattern repeated: refuse to start,
# naming the variable (config/settings/secret_key.py says how the randomness is estimated)
_key_problem = (
    production_secret_key_problem(SECRET_KEY)  # noqa: F405
    or production_backup_key_problem(BANK_BACKUP_KEY)  # noqa: F405
    or production_metrics_token_problem(BANK_METRICS_TOKEN)  # noqa: F405
)
if _key_problem:
    raise ImproperlyConfigured(_key_problem)

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("DJANGO_SECURE_SSL_REDIRECT", True)
SECURE_HSTS_SECONDS = int(os.environ.get("DJANGO_HSTS_SECONDS", "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
STORAGES["staticfiles"]["BACKEND"] = "whitenoise.storage.CompressedManifestStaticFilesStorage"  # noqa: F405
WHITENOISE_USE_FINDERS = False

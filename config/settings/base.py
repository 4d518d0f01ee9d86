"""Settings shared by every environment; everything that differs comes from the environment."""

import ipaddress
import logging
import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from dj_database_url import DBConfig
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

from bank.logs import configure_structlog, level_name, logging_config

BASE_DIR = Path(__file__).resolve().parent.parent.parent


def env_bool(name: str, default: bool = False) -> bool:
    return os.environ.get(name, str(default)).strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
DEBUG = env_bool("DJANGO_DEBUG", False)
ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "daphne",
    "accounts.admin_config.BankAdminConfig",  # Django's admin site, signing in as /api/login does
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "rest_framework",
    "corsheaders",
    "channels",
    "webpack_loader",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_structlog",
    # request and database figures for /metrics (operations/metrics.py adds the bank's own)
    "django_prometheus",
    # officers' second factor (accounts/factors.py): authenticator codes and recovery codes
    "django_otp",
    "django_otp.plugins.otp_totp",
    "django_otp.plugins.otp_static",
    # the layers, lowest first (docs/architecture.md): the plumbing, the domains, the bank-wide features
    "bank",
    "accounts",
    "credit",
    "lending",
    "exchange",
    "operations",
    # the bank in Discord (issue 36): above operations, it reads every app
    "guild_discord",
    # the task queue's table (django.tasks' database backend); after "operations", whose `db_worker`
    # command (operations/management/commands/db_worker.py) stands in for the package's own
    "django_tasks_db",
]

MIDDLEWARE = [
    # first: every answer, a middleware's own too, carries X-Request-ID and gets its log line
    # (bank/request_log.py); the user is read when the request ends, after DRF signed it in
    "django_structlog.middlewares.RequestMiddleware",
    # django-prometheus: right after, to count every request and time all of it; its pair is the last one
    "django_prometheus.middleware.PrometheusBeforeMiddleware",
    "bank.middleware.UrlLengthMiddleware",
    # before django-prometheus's second middleware, which reads the header as a number
    "bank.middleware.ContentLengthMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "bank.middleware.DatabaseFaultMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "corsheaders.middleware.CorsMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # the Django admin site's session remembers the second factor given at its sign-in (user.is_verified)
    "django_otp.middleware.OTPMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    # after the headers' middleware, so that its 400 carries them too; before every view
    "bank.middleware.TokenInUrlMiddleware",
    "bank.middleware.JsonBodyMiddleware",
    # after DatabaseFaultMiddleware (a fault in its read answers 503 honestly), before every view
    "bank.middleware.RestorePauseMiddleware",
    # django-prometheus: last, to count requests by view, method and status
    "django_prometheus.middleware.PrometheusAfterMiddleware",
]

# Content-Security-Policy: scripts, styles and connections (the API and the live socket) come from
# the page's own origin only; no inline script, no plug-ins, no framing.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"
AUTH_USER_MODEL = "accounts.User"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

# Storage: SQLite unless DATABASE_URL names another database (PostgreSQL for scale-out).
DATABASE_URL = os.environ.get("DATABASE_URL", "")
# PostgreSQL connections per process, through Django's pool (psycopg_pool). Under ASGI every request
# runs in a thread of its own, so a connection kept by its thread (CONN_MAX_AGE) was never used again
# and about 90 requests used up PostgreSQL's 100 connections. From the pool, a request borrows one
# connection and gives it back when it ends: a process never holds more than BANK_DB_POOL_MAX, and
# the bank never more than processes x BANK_DB_POOL_MAX. A request that finds every connection busy
# waits up to BANK_DB_POOL_TIMEOUT seconds for one, then answers 503 (nothing was changed); while the
# server cannot be reached, about a second (bank/postgresql/reachability.py).
DB_POOL_MIN = int(os.environ.get("BANK_DB_POOL_MIN", "2"))
DB_POOL_MAX = int(os.environ.get("BANK_DB_POOL_MAX", "10"))
DB_POOL_TIMEOUT = float(os.environ.get("BANK_DB_POOL_TIMEOUT", "5"))


def postgresql_database(url: str) -> DBConfig:
    from psycopg_pool import ConnectionPool

    from bank.postgresql.reachability import ReportingConnection

    database = dj_database_url.parse(url, conn_max_age=0)
    database["ENGINE"] = "bank.postgresql"  # Django's backend, reporting commits (bank/writes.py)
    database.setdefault("OPTIONS", {})["pool"] = {
        "min_size": min(DB_POOL_MIN, DB_POOL_MAX),
        "max_size": DB_POOL_MAX,
        "timeout": DB_POOL_TIMEOUT,
        # a connection that the server ended while it sat in the pool is replaced, not lent out
        "check": ConnectionPool.check_connection,
        "max_idle": 300,
        # a connection that cannot be made again (the database restarting, say) is retried with a
        # growing pause, and its place counts as taken meanwhile: after 10 s the place is given up
        # and made anew on demand, so a short outage does not leave the pool small for minutes
        "reconnect_timeout": 10,
        # each attempt to connect records whether the server answered: a call waits `timeout` for a
        # connection only while it did, else about a second (bank/postgresql/reachability.py)
        "connection_class": ReportingConnection,
    }
    # an attempt to a server that does not answer at all (no refusal either) ends after 2 s, psycopg's
    # least, well within the pool's wait
    database["OPTIONS"].setdefault("connect_timeout", 2)
    # no JIT compilation: the admin lists' aggregates are estimated costly enough to be compiled,
    # which took 340 ms of a 580 ms Check Loans count over 18,000 loans (bench/README.md, Issue 24)
    database["OPTIONS"].setdefault("options", "-c jit=off")
    return database


def sqlite_database(database: DBConfig) -> DBConfig:
    """SQLite through bank.sqlite, Django's SQLite backend whose connections outlive the
    request's thread (bank/sqlite/base.py)."""
    # SQLite ignores row locks: IMMEDIATE transactions serialise writers, so the embedded
    # default is race-safe too; the timeout lets waiting writers queue instead of failing.
    database["OPTIONS"] = database.get("OPTIONS", {}) | {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        # WAL: readers no longer block the one writer, nor it them
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    database["CONN_MAX_AGE"] = 0
    return database


if DATABASE_URL.startswith(("postgres://", "postgresql://", "pgsql://")):
    DATABASES = {"default": postgresql_database(DATABASE_URL)}
elif DATABASE_URL.startswith("sqlite:"):
    DATABASES = {"default": sqlite_database(dj_database_url.parse(DATABASE_URL) | {"ENGINE": "bank.sqlite"})}
elif DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL)}
else:
    DATABASES = {
        "default": sqlite_database(
            {"ENGINE": "bank.sqlite", "NAME": os.environ.get("SQLITE_PATH", str(BASE_DIR / "db.sqlite3"))}
        )
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Live notices: in-memory for one process, Redis when several processes share the work.
REDIS_URL = os.environ.get("REDIS_URL", "")
# Redis Pub/Sub (channels-redis's RedisPubSubChannelLayer): a group message is one PUBLISH that
# each server process receives once and hands to its own sockets in that group. The list-based
# RedisChannelLayer pushed one copy per socket into Redis and each process popped them one by one:
# a notice to every player (10,000 sockets over 2 processes) took 2.2 s from the first socket to the
# last that way, 0.6 s through Pub/Sub (bench/bench_live.py). Notices are not kept for a socket that
# is not connected, which suits them: a screen that (re)connects refetches what it shows.
# A read must not give up before Redis answers under load (redis-py's default is 5 s, which closed
# sockets with 1011 with the list-based layer's 5 s wait); 30 s still notices a dead Redis.
CHANNEL_LAYER_READ_TIMEOUT_SECONDS = 30


# Calls made on a request's path (a notice after a change, the health check) must not wait on a Redis
# that hangs: their connections give up after this long (bank/live.py bounds a whole send too).
REDIS_REQUEST_TIMEOUT_SECONDS = 1.0


def redis_channel_layer(url: str, *, socket_timeout: float = CHANNEL_LAYER_READ_TIMEOUT_SECONDS) -> dict:
    return {
        "BACKEND": "channels_redis.pubsub.RedisPubSubChannelLayer",
        "CONFIG": {
            "hosts": [
                {
                    "address": url,
                    "socket_timeout": socket_timeout,
                    "socket_connect_timeout": min(socket_timeout, 2),
                }
            ]
        },
    }


if REDIS_URL:
    CHANNEL_LAYERS = {
        # the sockets' layer: a socket's reader waits long for Redis under load
        "default": redis_channel_layer(REDIS_URL),
        # the layer that sends notices from requests (bank/live.py): short waits
        "notify": redis_channel_layer(REDIS_URL, socket_timeout=REDIS_REQUEST_TIMEOUT_SECONDS),
    }
    CACHES = {
        "default": {
            # Django's own Redis cache. Its one user, the sign-in throttle, fails open when Redis
            # cannot be reached (accounts/throttles.py): a Redis that hangs costs a sign-in 0.5 s
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

AUTH_PASSWORD_VALIDATORS: list[dict] = []  # the bank's own rule (8 characters) lives in accounts.rules

LANGUAGE_CODE = "en-us"
TIME_ZONE = os.environ.get("BANK_TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
# where collectstatic copies the files the front proxy serves (deploy/serve collects them at every start)
STATIC_ROOT = Path(os.environ.get("BANK_STATIC_ROOT") or BASE_DIR / "staticfiles")
# the webpack bundle, once built (make run / make test build it)
STATICFILES_DIRS = [path for path in [BASE_DIR / "frontend" / "dist"] if path.is_dir()]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True

WEBPACK_LOADER = {
    "DEFAULT": {
        "BUNDLE_DIR_NAME": "bundles/",
        "STATS_FILE": BASE_DIR / "frontend" / "webpack-stats.json",
        "CACHE": not DEBUG,
    }
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["accounts.authentication.BankJWTAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": [
        "rest_framework.permissions.IsAuthenticated",
        # an officer passes only with the role bank.roles names for the route
        "bank.permissions.OfficerRole",
    ],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    # an Accept header naming nothing the API renders gets JSON, not 406 (bank/negotiation.py)
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "bank.negotiation.FirstRendererWhenNoneFits",
    "DEFAULT_SCHEMA_CLASS": "bank.schema.BankAutoSchema",
    "EXCEPTION_HANDLER": "bank.errors.exception_handler",
    "DEFAULT_THROTTLE_RATES": {
        "login": os.environ.get("BANK_LOGIN_RATE", "30/min"),
        "register": os.environ.get("BANK_REGISTER_RATE", "30/min"),
    },
    # The client address for throttling. 0: the connection's own address, so a client cannot pick
    # a fresh address per request with X-Forwarded-For. Behind N trusted proxies, set it to N.
    "NUM_PROXIES": int(os.environ.get("BANK_NUM_PROXIES", "0")),
    "UNAUTHENTICATED_USER": None,
}

# Sessions: one access token of BANK_SESSION_SECONDS (5 minutes); extension issues a new one.
BANK_SESSION_SECONDS = int(os.environ.get("BANK_SESSION_SECONDS", "300"))
BANK_SESSION_WARNING_SECONDS = int(os.environ.get("BANK_SESSION_WARNING_SECONDS", "60"))
SIMPLE_JWT = {
    "ACCESS_TOKEN_LIFETIME": timedelta(seconds=BANK_SESSION_SECONDS),
    "AUTH_HEADER_TYPES": ("Bearer",),
    "USER_ID_FIELD": "id",
    "USER_ID_CLAIM": "user_id",
    "UPDATE_LAST_LOGIN": False,
}

BANK_PRODUCT_NAME = "Guild Bank"
BANK_ADMIN_USERNAME = os.environ.get("BANK_ADMIN_USERNAME", "admin")
BANK_WS_TICKET_SECONDS = 30

# Second factor (accounts/factors.py, docs/decisions.md "Second factor"). The bank's own lockout counts
# wrong codes (five lock like five wrong passwords), so django-otp's own throttle is off; a matched code
# does not move the accepted window (no drift sync): a code is good in its 30 s step and one step either side.
OTP_TOTP_ISSUER = "Guild Bank"
OTP_TOTP_THROTTLE_FACTOR = 0
OTP_STATIC_THROTTLE_FACTOR = 0
OTP_TOTP_SYNC = False
# how long the signed challenge between the password and the code lives (seconds)
BANK_FACTOR_CHALLENGE_SECONDS = 300
# step-up: the most sensitive calls need a second factor given in this session within this many seconds
# (bank/step_up.py; docs/rules.md "Step-up")
BANK_STEP_UP_SECONDS = int(os.environ.get("BANK_STEP_UP_SECONDS", "300"))
# passkeys (accounts/passkeys.py): the relying party's id and origins; empty: the request's own host and origin
BANK_WEBAUTHN_RP_ID = os.environ.get("BANK_WEBAUTHN_RP_ID", "")
BANK_WEBAUTHN_ORIGINS = env_list("BANK_WEBAUTHN_ORIGINS", "")

# Background work (Discord delivery, the daily jobs of operations/jobs.py) runs as django.tasks tasks, kept
# in the bank's own database (django-tasks-db) and run by a worker: `manage.py db_worker` in a process
# of its own (`make serve`, deploy/supervisord.conf), or, when this is true, a worker thread in each
# server process (`make run`'s one daphne; operations/tasks.py). Tests run tasks with the same backend.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}
BANK_BACKGROUND_IN_SERVER = env_bool("BANK_BACKGROUND_IN_SERVER", True)

# The key that signs backups (operations/backup.py): at least 32 characters, kept apart from the backups
BANK_BACKUP_KEY = os.environ.get("BANK_BACKUP_KEY", "")
# The daily backup (operations/backup_schedule.py): written to this folder, meant to be a disk or a mount
# of another machine (a relative path is taken from the project's root); unset, the daily backup is off
# and the Overview says so. The folder must exist: the bank never creates it (an unmounted share's empty
# mount point must not quietly become the backups' home).
BANK_BACKUP_DIR = str(BASE_DIR / os.environ["BANK_BACKUP_DIR"]) if os.environ.get("BANK_BACKUP_DIR") else ""
# how many of the daily backups it wrote the folder keeps (the oldest are removed after a checked one)
BANK_BACKUP_KEEP = int(os.environ.get("BANK_BACKUP_KEEP", "14"))
if BANK_BACKUP_KEEP < 1:
    raise ImproperlyConfigured(f"BANK_BACKUP_KEEP must be 1 or more, not {BANK_BACKUP_KEEP}.")

# Discord notifications (bank/outbox.py): unset means off, nothing is queued or sent
DISCORD_WEBHOOK_URL = os.environ.get("DISCORD_WEBHOOK_URL", "")
DISCORD_TIMEOUT_SECONDS = float(os.environ.get("DISCORD_TIMEOUT_SECONDS", "5"))

# The bank's Discord application (guild_discord/): linked accounts (OAuth2), the interactions endpoint
# (slash commands) and direct messages from the bot. Each part is off while what it needs is unset:
# linking needs the client id and secret, the interactions endpoint the application id and public key,
# direct messages (and `manage.py discord_commands --sync`) the bot token; README, "Discord application".
DISCORD_APPLICATION_ID = os.environ.get("DISCORD_APPLICATION_ID", "").strip()
DISCORD_PUBLIC_KEY = os.environ.get("DISCORD_PUBLIC_KEY", "").strip()  # hex, from the application's page
DISCORD_BOT_TOKEN = os.environ.get("DISCORD_BOT_TOKEN", "").strip()
DISCORD_CLIENT_ID = os.environ.get("DISCORD_CLIENT_ID", "").strip()
DISCORD_CLIENT_SECRET = os.environ.get("DISCORD_CLIENT_SECRET", "").strip()
DISCORD_STAFF_CHANNEL_ID = os.environ.get("DISCORD_STAFF_CHANNEL_ID", "").strip()
# Discord's REST API (the tests point it at testkit's fake); no slash at the end
DISCORD_API_BASE = (os.environ.get("DISCORD_API_BASE", "") or "https://discord.com/api/v10").rstrip("/")
# the page a person is sent to when they link their account: Discord's own unless set (the tests' fake
# serves a stand-in at <its base>/oauth2/authorize)
DISCORD_AUTHORIZE_URL = os.environ.get("DISCORD_AUTHORIZE_URL", "") or "https://discord.com/oauth2/authorize"

SPECTACULAR_SETTINGS = {
    "TITLE": "Guild Bank API",
    "DESCRIPTION": "The web bank of a game community: players, credit, loans, savings and pearl exchange.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "bank.schema.answers_write_every_field",
    ],
}

CORS_ALLOWED_ORIGINS = env_list("CORS_ALLOWED_ORIGINS", "")

# Logs (bank/logs.py, bank/request_log.py): one event per line on standard error, every line through
# the redaction of secrets. BANK_LOG_FORMAT: "json" (production's default) or "console" (make run's).
LOG_FORMAT = os.environ.get("BANK_LOG_FORMAT", "json").strip().lower()
LOG_LEVEL = level_name("INFO")
LOGGING = logging_config(LOG_FORMAT, LOG_LEVEL)
configure_structlog()
# django-structlog's request middleware: the request id from the proxy only when one is trusted (nginx
# makes its own for every request, deploy/nginx.conf); no client address (nginx's access log has it,
# by the same request id); the start of a request at DEBUG, its end (status, duration) at INFO
DJANGO_STRUCTLOG_TRUST_UPSTREAM_REQUEST_ID = int(os.environ.get("BANK_NUM_PROXIES", "0")) > 0
DJANGO_STRUCTLOG_IP_LOGGING_ENABLED = False
DJANGO_STRUCTLOG_STATUS_START_LOG_LEVEL = logging.DEBUG
DJANGO_STRUCTLOG_STATUS_4XX_LOG_LEVEL = logging.INFO
# another origin allowed to call the API (CORS_ALLOWED_ORIGINS) reads the request id of an answer too
CORS_EXPOSE_HEADERS = ["X-Request-ID"]


def address_networks(name: str, default: str) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    """The comma-separated addresses or networks of an environment variable (127.0.0.1, 10.0.0.0/8, ::1)."""
    networks = []
    for item in env_list(name, default):
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise ImproperlyConfigured(
                f"{name}: '{item}' is not an address or a network (such as 127.0.0.1, 10.0.0.0/8 or ::1)."
            ) from None
    return networks


# /metrics (operations/metrics.py): read from these client addresses (as the sign-in throttle sees
# them: BANK_NUM_PROXIES), or by a caller that sends `Authorization: Bearer <BANK_METRICS_TOKEN>`;
# anyone else gets 404 (403 for a wrong token). Loopback by default: a scraper on the machine itself.
BANK_METRICS_ALLOWED = address_networks("BANK_METRICS_ALLOWED", "127.0.0.0/8,::1")
BANK_METRICS_TOKEN = os.environ.get("BANK_METRICS_TOKEN", "")
# a load balancer's health checks and a scraper inside the network speak plain HTTP to the proxy:
# these answers are not redirected to HTTPS when SECURE_SSL_REDIRECT is on (production)
SECURE_REDIRECT_EXEMPT = [r"^health/(live|ready)$", r"^metrics$"]

"""The bank's logs (plumbing: imports no app): one event per line, JSON in production, readable lines
in `make run`; every line through `redact_secrets` last, whoever wrote it.

structlog shapes every line, the bank's own events and every other library's records alike (Django's,
daphne's, gunicorn's, django-tasks-db's go through the same formatter: `foreign_pre_chain`). A line
is a JSON object: `timestamp`, `level`, `logger`, `event`, whatever was bound for the request
(`request_id`, `user_id`) and the event's own fields; the request's line (`request_finished`,
bank/request_log.py) adds `route`, `status`, `duration_ms`. A traceback is the `exception` field.

Nothing here reads Django's settings at import: gunicorn's master process (deploy/gunicorn.conf.py)
uses `logging_config` before any Django is set up.
"""

import functools
import logging
import os
from collections.abc import Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

import structlog
from structlog.typing import EventDict, Processor, WrappedLogger

from bank.redaction import REDACTED, is_secret_name, redact_text

# The settings whose values are secrets (each read from the environment at start), and the variables
# they come from: wherever one of these values appears in a line, it is replaced (bank/redaction.py adds
# the patterns: tokens, webhooks, passwords). Addresses (the webhook, Redis's) give their secret parts.
SECRET_SETTINGS = ("SECRET_KEY", "BANK_BACKUP_KEY", "DISCORD_WEBHOOK_URL", "REDIS_URL")
SECRET_VARIABLES = ("DJANGO_SECRET_KEY", "BANK_BACKUP_KEY", "DISCORD_WEBHOOK_URL", "REDIS_URL", "DATABASE_URL")
# not a setting: ensure_admin reads it
ADMIN_PASSWORD_VARIABLE = "BANK_ADMIN_PASSWORD"
LOG_FORMATS = ("json", "console")


def _url_secrets(url: str) -> list[str]:
    """A webhook's path and its last part (the credential), a database address's password."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return []
    found = [parts.password or ""]
    if parts.path.strip("/"):
        found += [parts.path, parts.path.rstrip("/").rsplit("/", 1)[-1]]
    return found


def known_secrets() -> list[str]:
    """The values of the bank's own secrets, longest first: from the settings once Django is set up,
    else from the environment (a process that never sets Django up: gunicorn's master)."""
    from django.conf import settings

    raw: tuple[str, ...] = (os.environ.get(ADMIN_PASSWORD_VARIABLE, ""),)
    if settings.configured:
        raw += tuple(str(getattr(settings, name, "") or "") for name in SECRET_SETTINGS)
        raw += tuple(str(database.get("PASSWORD") or "") for database in getattr(settings, "DATABASES", {}).values())
    else:
        raw += tuple(os.environ.get(name, "") for name in SECRET_VARIABLES)
    return _secrets_of(raw)


@functools.lru_cache(maxsize=8)
def _secrets_of(raw: tuple[str, ...]) -> list[str]:
    """The secrets in these values: each value itself, and the secret parts of those that are addresses."""
    values = list(raw)
    for value in raw:
        if "://" in value:
            values += _url_secrets(value)
    return sorted({value for value in values if value}, key=len, reverse=True)


def _redacted(value: Any, secrets: list[str]) -> Any:
    if isinstance(value, str):
        return redact_text(value, secrets)
    if isinstance(value, MutableMapping):
        return {key: REDACTED if _secret_field(key, item) else _redacted(item, secrets) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_redacted(item, secrets) for item in value]
    return value


def _secret_field(name: object, value: object) -> bool:
    return isinstance(name, str) and is_secret_name(name) and value not in (None, "")


# the fields a line starts with, in this order (a person reading a line finds them first)
FIRST_FIELDS = ("timestamp", "level", "event", "request_id", "user_id", "logger")
# fields the logging itself writes, never from a caller's text: the clock, the level, the logger's name,
# the URL pattern (bank/request_log.py); skipped by the redaction (structlog's own "_record" too)
WRITTEN_BY_THE_BANK = frozenset({"timestamp", "level", "logger", "route"})


def redact_secrets(_logger: WrappedLogger, _method: str, event_dict: EventDict) -> EventDict:
    """The last processor before a line is written: a field named like a secret (`password`,
    `token`, `webhook_url`...) keeps no value, and every text, the message and a traceback
    included, has each secret in it replaced by `[redacted]` (bank/redaction.py, `redact_text`)."""
    secrets = known_secrets()
    names = [name for name in FIRST_FIELDS if name in event_dict]
    names += [name for name in event_dict if name not in FIRST_FIELDS]
    line: EventDict = {}
    for name in names:
        value = event_dict[name]
        if name.startswith("_") or name in WRITTEN_BY_THE_BANK:
            line[name] = value
        else:
            line[name] = REDACTED if _secret_field(name, value) else _redacted(value, secrets)
    return line


def _drop_color_message(_logger: WrappedLogger, _method: str, event_dict: EventDict) -> EventDict:
    event_dict.pop("color_message", None)
    return event_dict


# What every line gets, whether structlog or the standard library wrote it.
SHARED_PROCESSORS: list[Processor] = [
    structlog.contextvars.merge_contextvars,
    structlog.stdlib.add_logger_name,
    structlog.stdlib.add_log_level,
    structlog.processors.TimeStamper(fmt="iso", utc=True),
    _drop_color_message,
]


def formatter(kind: str) -> dict:
    """A logging formatter (dictConfig's form): "json" for production, "console" for a person."""
    renderer: Processor
    if kind not in LOG_FORMATS:
        raise ValueError(f"BANK_LOG_FORMAT must be json or console (it is {kind!r}).")
    if kind == "json":
        renderer = structlog.processors.JSONRenderer(sort_keys=False)
    else:
        renderer = structlog.dev.ConsoleRenderer(colors=False)
    return {
        "()": structlog.stdlib.ProcessorFormatter,
        "foreign_pre_chain": SHARED_PROCESSORS,
        "processors": [
            structlog.stdlib.ProcessorFormatter.remove_processors_meta,
            # a traceback becomes text before the redaction reads it
            structlog.processors.format_exc_info,
            redact_secrets,
            renderer,
        ],
    }


def logging_config(kind: str, level: str, *, quiet: Iterable[str] = ()) -> dict:
    """Django's LOGGING: every record, of every logger, on standard error through one formatter."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"bank": formatter(kind)},
        "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "bank"}},
        "root": {"handlers": ["console"], "level": level.upper()},
        "loggers": {
            # Django's own line for each 4xx and 5xx answer repeats the request's line (bank/request_log.py),
            # written after the request's context is gone (no request id): only its tracebacks are kept,
            # and those the request's `request_failed` line carries already
            "django.request": {"level": "CRITICAL"},
            **{name: {"level": "WARNING"} for name in quiet},
        },
    }


def configure_structlog() -> None:
    """structlog for the whole process: its events go to the standard library's logging, where
    LOGGING's formatter renders them (and every other library's records) the same way."""
    structlog.configure(
        processors=[
            structlog.stdlib.filter_by_level,
            *SHARED_PROCESSORS,
            structlog.stdlib.PositionalArgumentsFormatter(),
            structlog.processors.StackInfoRenderer(),
            structlog.processors.UnicodeDecoder(),
            structlog.stdlib.ProcessorFormatter.wrap_for_formatter,
        ],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )
    # a Python warning (a library's deprecation, say) is a line of the log too, not text of its own
    logging.captureWarnings(True)


def level_name(default: str) -> str:
    """LOG_LEVEL, else the default; an unknown name is refused at start, naming it."""
    level = os.environ.get("LOG_LEVEL", default).strip().upper() or default
    if not isinstance(logging.getLevelName(level), int):
        raise ValueError(f"LOG_LEVEL must be DEBUG, INFO, WARNING, ERROR or CRITICAL (it is {level!r}).")
    return level

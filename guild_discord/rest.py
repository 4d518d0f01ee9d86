"""Calls to Discord's REST API (`settings.DISCORD_API_BASE`), with the standard library's urllib.

No maintained Discord or OAuth2 client is installed in the bank's environment (Authlib,
requests-oauthlib, httpx are absent; docs/decisions.md, issue 36): the few calls the bank makes are
written here, each one JSON or form request with a timeout, answering Discord's status and body."""

import json
import urllib.error
import urllib.parse
import urllib.request
from dataclasses import dataclass

from django.conf import settings

USER_AGENT = "DiscordBot (https://github.com/guild-bank, 1.0) GuildBank"


class Unreachable(Exception):
    """Discord did not answer (no connection, or no answer within the timeout)."""


@dataclass(frozen=True)
class Answer:
    status: int
    body: dict | list
    retry_after: float | None  # a 429's wait, in seconds (its body's `retry_after`, else `Retry-After`)

    @property
    def ok(self) -> bool:
        return 200 <= self.status < 300


def api_base() -> str:
    return settings.DISCORD_API_BASE.rstrip("/")


def timeout() -> float:
    return float(getattr(settings, "DISCORD_TIMEOUT_SECONDS", 5))


def _retry_after(status: int, body, headers) -> float | None:
    if status != 429:
        return None
    if isinstance(body, dict) and isinstance(body.get("retry_after"), int | float):
        return float(body["retry_after"])
    try:
        return float(headers.get("Retry-After", ""))
    except ValueError:
        return 1.0


def call(
    method: str,
    path: str,
    *,
    json_body: dict | list | None = None,
    form: dict[str, str] | None = None,
    authorization: str = "",
    timeout_seconds: float | None = None,
) -> Answer:
    """One call: `path` under the API base (`/users/@me`); `authorization` "Bot <token>" or
    "Bearer <token>". Raises Unreachable when Discord did not answer."""
    data = None
    headers = {"User-Agent": USER_AGENT, "Accept": "application/json"}
    if json_body is not None:
        data = json.dumps(json_body).encode()
        headers["Content-Type"] = "application/json"
    elif form is not None:
        data = urllib.parse.urlencode(form).encode()
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    if authorization:
        headers["Authorization"] = authorization
    request = urllib.request.Request(api_base() + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=timeout_seconds or timeout()) as response:
            status, raw, answer_headers = response.status, response.read(), response.headers
    except urllib.error.HTTPError as error:
        status, raw, answer_headers = error.code, error.read(), error.headers
    except (OSError, ValueError) as error:  # URLError, timeouts, a refused connection
        raise Unreachable(f"{type(error).__name__}: {error}") from error
    try:
        body = json.loads(raw) if raw else {}
    except ValueError:
        body = {}
    return Answer(status=status, body=body, retry_after=_retry_after(status, body, answer_headers))


def bot(
    method: str, path: str, *, json_body: dict | list | None = None, timeout_seconds: float | None = None
) -> Answer:
    """A call as the bank's bot (`DISCORD_BOT_TOKEN`)."""
    return call(
        method,
        path,
        json_body=json_body,
        authorization=f"Bot {settings.DISCORD_BOT_TOKEN}",
        timeout_seconds=timeout_seconds,
    )

"""Secrets stay out of addresses and out of every log line (plumbing: imports no app).

A bearer token in a URL ends up in the server's access log, a proxy's, the browser's history: the
API refuses one (`TokenInUrlMiddleware`, bank/middleware.py), and the access log of the bank's server
(config/server.py) writes `[redacted]` where a secret stood, so that even a refused address keeps none.
"""

import re
from collections.abc import Iterable
from urllib.parse import unquote_plus

REDACTED = "[redacted]"

# Query parameters that carry a credential: refused by the API, redacted in the access log.
TOKEN_PARAMETERS = frozenset({"token", "access_token", "refresh_token", "id_token", "jwt", "auth", "authorization"})
# Also redacted in the log (never refused: the live socket's address carries its one-time ticket).
LOGGED_SECRET_PARAMETERS = TOKEN_PARAMETERS | {"ticket", "password", "new_password"}
# A JSON Web Token wherever it stands (header "eyJ...", then payload and signature, dot-separated).
_JWT = re.compile(r"eyJ[A-Za-z0-9_-]{4,}(?:\.|%2[Ee])[A-Za-z0-9_-]{4,}(?:\.|%2[Ee])[A-Za-z0-9_-]*")

TOKEN_IN_URL = (
    "Send the token in the Authorization header (Authorization: Bearer <token>), never in the address: "
    "addresses are kept in logs. Nothing was read or changed."
)


def _pairs(query: str) -> list[tuple[str, str, str]]:
    """(raw pair, decoded name, raw value) for each `name=value` of a query string."""
    pairs = []
    for pair in query.split("&"):
        name, _, value = pair.partition("=")
        pairs.append((pair, unquote_plus(name).strip().lower(), value))
    return pairs


def token_in_query(query: str) -> bool:
    """Does this query string carry a bearer token (by its parameter's name, or by its shape)?"""
    if not query:
        return False
    if _JWT.search(query):
        return True
    return any(name in TOKEN_PARAMETERS and value for _, name, value in _pairs(query))


def redact_uri(uri: str) -> str:
    """The address with every secret in it replaced by `[redacted]`: the values of the secret
    parameters, and anything shaped like a JSON Web Token, in the path or the query string."""
    path, question, query = uri.partition("?")
    if question:
        kept = []
        for pair, name, value in _pairs(query):
            if name in LOGGED_SECRET_PARAMETERS and value:
                kept.append(pair.partition("=")[0] + "=" + REDACTED)
            else:
                kept.append(pair)
        query = "&".join(kept)
    return _JWT.sub(REDACTED, path + question + query)


# --- Log lines (bank/logs.py): the last line of defence ---------------------------------------------
# Whatever a log line says, it never keeps a secret: the values of the bank's own secrets (the signing
# key, the backup key, the Discord webhook, a database's password), anything shaped like a JSON Web
# Token, a Discord webhook's address, a bearer credential, a password in an address, and the value of
# any `name=value` or `"name": value` whose name says it is a secret.

# The names whose value a log line never keeps (a structured field of that name, or `name=value` in text).
SECRET_NAMES = LOGGED_SECRET_PARAMETERS | {
    "old_password",
    "current_password",
    "password1",
    "password2",
    "secret",
    "secret_key",
    "backup_key",
    "signing_key",
    "webhook",
    "webhook_url",
    "cookie",
    "set-cookie",
    "api_key",
    "apikey",
}
_NAMED = "|".join(sorted((re.escape(name) for name in SECRET_NAMES), key=len, reverse=True))
# name=value, name: value, "name": "value", 'name': 'value' (a query string, a repr, a JSON text, a header)
_NAMED_VALUE = re.compile(
    rf"""(?i)(?<![A-Za-z0-9_-])(["']?(?:{_NAMED})["']?\s*[:=]\s*)"""
    # the value: quoted, or up to a separator; a credential's scheme with it; one already redacted as a whole
    r"""(?:(?:Bearer|Basic)\s+)?(?:\[redacted\]|"[^"]*"|'[^']*'|[^\s&,;"'}\]]+)"""
)
# A Discord webhook's address: its last part is the credential that posts as the bank.
_WEBHOOK = re.compile(r"(?i)(?:https?://[^\s/\"']+)?/api/webhooks/[0-9]+/[A-Za-z0-9._~%-]+")
# A credential in an address's user part: postgres://user:password@host, redis://:password@host
_URL_PASSWORD = re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://[^\s:/@\"']*:)([^\s@/\"']+)@")
_BEARER = re.compile(r"(?i)\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+")
# a known secret shorter than this is not looked for in text (it would match ordinary words)
MIN_SECRET_LENGTH = 8


# Each pattern above needs one of these in the text (lower-cased): most lines have none, and skip them.
_CLUES = (":", "=", "eyj", "webhooks", "bearer", "basic")


def _may_match(text: str) -> bool:
    lowered = text.lower()
    return any(clue in lowered for clue in _CLUES)


def redact_text(text: str, secrets: Iterable[str] = ()) -> str:
    """The text with every secret in it replaced by `[redacted]`: each of `secrets` (the values of
    the bank's own secrets) wherever it stands, and whatever the patterns above recognise."""
    for secret in secrets:
        if len(secret) >= MIN_SECRET_LENGTH and secret in text:
            text = text.replace(secret, REDACTED)
    if not _may_match(text):
        return text
    text = _WEBHOOK.sub("/api/webhooks/" + REDACTED, text)
    text = _URL_PASSWORD.sub(r"\1" + REDACTED + "@", text)
    text = _JWT.sub(REDACTED, text)
    text = _NAMED_VALUE.sub(r"\1" + REDACTED, text)
    return _BEARER.sub(r"\1 " + REDACTED, text)


def is_secret_name(name: str) -> bool:
    """Does a structured field of this name hold a secret (its value is never logged)?"""
    return name.strip().lower() in SECRET_NAMES

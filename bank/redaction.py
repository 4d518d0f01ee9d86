"""Secrets stay out of addresses, and out of every log that keeps addresses (plumbing: imports no app).

A bearer token in a URL ends up in the server's access log, a proxy's, the browser's history: the
API refuses one (`TokenInUrlMiddleware`, bank/middleware.py), and the access log of the bank's server
(config/server.py) writes `[redacted]` where a secret stood, so that even a refused address keeps none.
"""

import re
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

"""Steps the Discord tests share: the browser's trip to Discord's authorize page, and signed interactions."""

import http.client
import json
import time
import urllib.parse

from nacl.signing import SigningKey

# the tests' application key (Discord's is made by Discord; its public half is DISCORD_PUBLIC_KEY)
SIGNING_KEY = SigningKey(b"guild-bank-tests-discord-key-32b")
PUBLIC_KEY = SIGNING_KEY.verify_key.encode().hex()


def authorize(authorize_url: str) -> dict[str, str]:
    """Open Discord's authorize page as a browser would and read where it sends the browser back:
    the query of that address (code and state, or error)."""
    parts = urllib.parse.urlsplit(authorize_url)
    connection = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=5)
    try:
        connection.request("GET", f"{parts.path}?{parts.query}")
        answer = connection.getresponse()
        assert answer.status == 302, answer.status
        location = answer.headers["Location"]
    finally:
        connection.close()
    return dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(location).query))


def signed(api, interaction: dict, *, key: SigningKey = SIGNING_KEY, at: float | None = None):
    """POST the interaction to the bank's endpoint as Discord does: Ed25519 over timestamp + body."""
    body = json.dumps(interaction).encode()
    timestamp = str(int(time.time() if at is None else at))
    signature = key.sign(timestamp.encode() + body).signature.hex()
    return api.generic(
        "POST",
        "/api/discord/interactions",
        body,
        content_type="application/json",
        HTTP_X_SIGNATURE_ED25519=signature,
        HTTP_X_SIGNATURE_TIMESTAMP=timestamp,
    )


def command(interaction_id: str, discord_user_id: str, sub_command: str = "balance") -> dict:
    """A `/bank <sub_command>` called in a guild's channel by this Discord user."""
    return {
        "id": interaction_id,
        "application_id": "4242",
        "type": 2,
        "token": f"token-{interaction_id}",
        "version": 1,
        "guild_id": "77",
        "channel_id": "78",
        "member": {"user": {"id": discord_user_id, "username": "someone"}, "roles": []},
        "data": {"id": "1", "name": "bank", "type": 1, "options": [{"type": 1, "name": sub_command}]},
    }

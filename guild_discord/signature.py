"""Discord's signature on an interaction: Ed25519 over the timestamp and the raw body, checked with
the application's public key (PyNaCl; https://discord.com/developers/docs/interactions/overview)."""

from nacl.exceptions import BadSignatureError
from nacl.signing import VerifyKey

from . import rules


def verify(*, public_key_hex: str, signature_hex: str, timestamp: str, body: bytes, now: float) -> str | None:
    """None when the call is Discord's and fresh, else why it is refused (the answer is 401 either way).
    A timestamp more than rules.SIGNATURE_MAX_AGE_SECONDS away from now is refused, signed or not: a
    recorded call replayed later carries a valid signature."""
    try:
        key = VerifyKey(bytes.fromhex(public_key_hex))
        signature = bytes.fromhex(signature_hex)
        key.verify(timestamp.encode() + body, signature)
    except (BadSignatureError, ValueError, TypeError):
        return "invalid request signature"
    try:
        sent_at = int(timestamp)
    except ValueError:
        return "invalid request signature"
    if abs(now - sent_at) > rules.SIGNATURE_MAX_AGE_SECONDS:
        return "stale request timestamp"
    return None

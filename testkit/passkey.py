"""A passkey in the Python tests: a software authenticator (an EC P-256 key, as a phone's platform
authenticator holds one) that answers the bank's WebAuthn options as a browser's `PublicKeyCredential.toJSON()`
would, with attestation "none". The browser tests use Chromium's virtual authenticator instead."""

import hashlib
import json
import secrets
from dataclasses import dataclass, field

import cbor2
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url

USER_PRESENT, USER_VERIFIED, ATTESTED = 0x01, 0x04, 0x40


@dataclass
class SoftPasskey:
    rp_id: str = "testserver"
    origin: str = "http://testserver"
    credential_id: bytes = field(default_factory=lambda: secrets.token_bytes(32))
    key: ec.EllipticCurvePrivateKey = field(default_factory=lambda: ec.generate_private_key(ec.SECP256R1()))
    sign_count: int = 0

    def _client_data(self, kind: str, challenge: str) -> bytes:
        return json.dumps(
            {"type": kind, "challenge": challenge, "origin": self.origin, "crossOrigin": False}, separators=(",", ":")
        ).encode()

    def _cose_key(self) -> bytes:
        numbers = self.key.public_key().public_numbers()
        return cbor2.dumps({1: 2, 3: -7, -1: 1, -2: numbers.x.to_bytes(32, "big"), -3: numbers.y.to_bytes(32, "big")})

    def create(self, options: dict) -> dict:
        """The answer to the bank's registration options (navigator.credentials.create)."""
        assert options["rp"]["id"] == self.rp_id, options["rp"]
        client_data = self._client_data("webauthn.create", options["challenge"])
        attested = bytes(16) + len(self.credential_id).to_bytes(2, "big") + self.credential_id + self._cose_key()
        auth_data = (
            hashlib.sha256(self.rp_id.encode()).digest()
            + bytes([USER_PRESENT | USER_VERIFIED | ATTESTED])
            + self.sign_count.to_bytes(4, "big")
            + attested
        )
        attestation = cbor2.dumps({"fmt": "none", "attStmt": {}, "authData": auth_data})
        identifier = bytes_to_base64url(self.credential_id)
        return {
            "id": identifier,
            "rawId": identifier,
            "type": "public-key",
            "response": {
                "clientDataJSON": bytes_to_base64url(client_data),
                "attestationObject": bytes_to_base64url(attestation),
                "transports": ["internal"],
            },
            "clientExtensionResults": {},
            "authenticatorAttachment": "platform",
        }

    def get(self, options: dict, *, challenge: str | None = None) -> dict:
        """The answer to the bank's authentication options (navigator.credentials.get): the challenge signed."""
        allowed = [base64url_to_bytes(entry["id"]) for entry in options.get("allowCredentials", [])]
        assert self.credential_id in allowed, "the bank did not offer this passkey"
        self.sign_count += 1
        client_data = self._client_data("webauthn.get", challenge or options["challenge"])
        auth_data = (
            hashlib.sha256(self.rp_id.encode()).digest()
            + bytes([USER_PRESENT | USER_VERIFIED])
            + self.sign_count.to_bytes(4, "big")
        )
        signature = self.key.sign(auth_data + hashlib.sha256(client_data).digest(), ec.ECDSA(hashes.SHA256()))
        identifier = bytes_to_base64url(self.credential_id)
        return {
            "id": identifier,
            "rawId": identifier,
            "type": "public-key",
            "response": {
                "clientDataJSON": bytes_to_base64url(client_data),
                "authenticatorData": bytes_to_base64url(auth_data),
                "signature": bytes_to_base64url(signature),
                "userHandle": None,
            },
            "clientExtensionResults": {},
            "authenticatorAttachment": "platform",
        }

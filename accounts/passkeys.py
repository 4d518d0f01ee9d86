"""Passkeys (WebAuthn), the second kind of factor (issue 34; docs/rules.md "Second factor", docs/decisions.md
"Passkeys"): registration from the Security screen, and the proof at sign-in and at a step-up, checked by the
`webauthn` package (py_webauthn). Each ceremony's challenge is a `SignInChallenge` row (accounts/factors.py):
signed, bound to the person, good once for 5 minutes; the WebAuthn challenge is the row's nonce.

The relying party is the site the browser shows: its id is the request's host (validated by ALLOWED_HOSTS)
and the origin its scheme and host, unless BANK_WEBAUTHN_RP_ID / BANK_WEBAUTHN_ORIGINS name them (a bank
served under several names keeps its passkeys on one).
"""

import json
from dataclasses import dataclass
from typing import Any

import webauthn
from django.conf import settings
from django.db import transaction
from webauthn.helpers import bytes_to_base64url
from webauthn.helpers.exceptions import InvalidAuthenticationResponse, InvalidRegistrationResponse
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from bank import audit, clock, live, step_up
from bank.errors import BankError

from . import factors
from .models import BankSession, Passkey, SignInChallenge, User

RP_NAME = "Guild Bank"
MSG_PASSKEY_FAILED = "That passkey could not be checked. Try again, or use a code from your authenticator app."
MSG_REGISTRATION_FAILED = "The passkey could not be added: your browser's answer did not check out. Please try again."
MSG_PASSKEY_TAKEN = "This passkey is already added."


@dataclass(frozen=True)
class RelyingParty:
    id: str
    origins: list[str]


def relying_party(request) -> RelyingParty:
    """The site passkeys belong to: the settings' names, or the request's own host and origin."""
    rp_id = settings.BANK_WEBAUTHN_RP_ID or request.get_host().rsplit(":", 1)[0].strip("[]")
    origins = settings.BANK_WEBAUTHN_ORIGINS or [f"{request.scheme}://{request.get_host()}"]
    return RelyingParty(id=rp_id, origins=list(origins))


def _challenge_bytes(row: SignInChallenge) -> bytes:
    return row.nonce.encode()


def _descriptors(user: User) -> list[PublicKeyCredentialDescriptor]:
    return [
        PublicKeyCredentialDescriptor(id=webauthn.base64url_to_bytes(passkey.credential_id))
        for passkey in Passkey.objects.filter(user=user, confirmed=True).order_by("pk")
    ]


def _user_handle(user: User) -> bytes:
    return f"guild-bank-user-{user.pk}".encode()


# --- registration ---------------------------------------------------------------------------------------


def registration_options(*, user: User, rp: RelyingParty) -> tuple[str, dict[str, Any]]:
    """The browser's `navigator.credentials.create` options for a new passkey of the user, and the signed
    challenge that finishes it. A person who holds a factor gives it first (step-up)."""
    step_up.require_if_holding(user, what="add another second factor")
    challenge, _expires = factors.challenge_issue(user=user)
    row = factors.challenge_read(challenge)
    options = webauthn.generate_registration_options(
        rp_id=rp.id,
        rp_name=RP_NAME,
        user_id=_user_handle(user),
        user_name=user.get_username(),
        user_display_name=getattr(user, "public_name", "") or user.get_username(),
        challenge=_challenge_bytes(row),
        exclude_credentials=_descriptors(user),
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.PREFERRED, user_verification=UserVerificationRequirement.PREFERRED
        ),
    )
    return challenge, json.loads(webauthn.options_to_json(options))


def register(
    *, user: User, challenge, credential, name, rp: RelyingParty, sid: str = ""
) -> tuple[Passkey, list[str] | None]:
    """The browser's answer to the options: checked, it becomes a named passkey, a factor. As a first factor
    it also makes ten recovery codes; a session limited to enrolment becomes a full one, its factor given now."""
    name = factors.factor_name_clean(name)
    row = factors.challenge_read(challenge)
    if row.user_id != user.pk:
        raise BankError(factors.MSG_CHALLENGE_EXPIRED, code="challenge_expired", status=401)
    try:
        verified = webauthn.verify_registration_response(
            credential=credential if isinstance(credential, (dict, str)) else {},
            expected_challenge=_challenge_bytes(row),
            expected_rp_id=rp.id,
            expected_origin=rp.origins,
        )
    except (InvalidRegistrationResponse, ValueError, KeyError, TypeError) as refused:
        factors.passkey_failed_record(user=user, step="enrolment", why=str(refused)[:200])
        raise BankError(MSG_REGISTRATION_FAILED, code="passkey_refused") from None
    credential_id = bytes_to_base64url(verified.credential_id)
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).first()
        factors.challenge_use(row)
        if Passkey.objects.filter(credential_id=credential_id).exists():
            raise BankError(MSG_PASSKEY_TAKEN, code="passkey_taken", status=409)
        first = not factors.has_factor(user)
        passkey = Passkey.objects.create(
            user=user,
            name=name,
            confirmed=True,
            credential_id=credential_id,
            public_key=verified.credential_public_key,
            sign_count=verified.sign_count,
            transports=_transports(credential),
        )
        codes = factors.recovery_codes_if_first(user=user, first=first)
        audit.record(
            actor=user,
            kind="factor.enrolled",
            obj=user,
            player=factors.audit_player(user),
            after={"factor": factors.PASSKEY.label, "name": name, "recovery_codes_made": codes is not None},
        )
        if sid:
            BankSession.objects.filter(sid=sid, user=user).update(enrolment_only=False, factor_verified_at=clock.now())
        if user.is_staff:
            live.notify({"officers"})
    return passkey, codes


def _transports(credential) -> list[str]:
    response = credential.get("response") if isinstance(credential, dict) else None
    transports = response.get("transports") if isinstance(response, dict) else None
    return [str(t)[:32] for t in transports][:8] if isinstance(transports, list) else []


# --- the proof: at sign-in and at a step-up ------------------------------------------------------------------


def authentication_options(*, user: User, row: SignInChallenge, rp: RelyingParty) -> dict[str, Any]:
    """The browser's `navigator.credentials.get` options: the user's passkeys, the challenge's nonce."""
    descriptors = _descriptors(user)
    if not descriptors:
        raise BankError("You have no passkey. Use a code from your authenticator app.", code="no_passkey", status=409)
    options = webauthn.generate_authentication_options(
        rp_id=rp.id,
        challenge=_challenge_bytes(row),
        allow_credentials=descriptors,
        user_verification=UserVerificationRequirement.PREFERRED,
    )
    return json.loads(webauthn.options_to_json(options))


def passkey_check(*, user: User, row: SignInChallenge, credential, rp: RelyingParty) -> Passkey | None:
    """The user's passkey that signed this challenge, or None. Call it inside the transaction that locked the
    user's row (accounts.services): the passkey is locked and its count moves on, and the challenge is used."""
    credential_id = credential.get("id") if isinstance(credential, dict) else None
    if not isinstance(credential_id, str) or row.user_id != user.pk:
        return None
    passkey = Passkey.objects.select_for_update().filter(user=user, confirmed=True, credential_id=credential_id).first()
    if passkey is None:
        return None
    try:
        verified = webauthn.verify_authentication_response(
            credential=credential,
            expected_challenge=_challenge_bytes(row),
            expected_rp_id=rp.id,
            expected_origin=rp.origins,
            credential_public_key=bytes(passkey.public_key),
            credential_current_sign_count=passkey.sign_count,
        )
    except (InvalidAuthenticationResponse, ValueError, KeyError, TypeError):
        return None
    factors.challenge_use(row)
    passkey.sign_count = verified.new_sign_count
    passkey.last_used_at = clock.now()
    passkey.save(update_fields=["sign_count", "last_used_at"])
    return passkey

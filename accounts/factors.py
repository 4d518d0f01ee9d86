"""Second factors (issue 34; docs/rules.md "Second factor", docs/decisions.md "Second factor").

A factor is something a person holds besides their password. Each kind is a django-otp device model,
listed in `KINDS` (today authenticator codes, TOTP; passkeys will be another kind beside it, with its
own enrolment, but the same list, removal, reset and "factor given" moment). Recovery codes are no
factor of their own: they stand in for one when it is lost, and exist only while the person has one.

- Enrolment: the server makes the secret (an unconfirmed device); the screen shows it as a QR code and
  as text; the first right code confirms it. The first factor also makes ten recovery codes.
- Sign-in: a right password of an account with a factor answers a signed challenge (single use, bound to
  the account, 5 minutes) instead of a token; the challenge and a code then issue the token
  (accounts.services.auth_login_factor). A code works once (TOTPDevice.last_t), only in its 30 s step or
  one step either side; a wrong code counts toward the password's lockout.
- The bank may require a factor of every officer (BankSettings.require_second_factor): an officer
  without one gets, after the password, a session that reaches only the enrolment calls
  (`ENROLMENT_ROUTES`) until a factor is confirmed.

Secrets and codes never reach the audit trail, a log or a backup: the trail records the kind and
the name; the django-otp tables are not in a backup (operations/backup.py).
"""

import base64
import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

import segno
from django.conf import settings
from django.core import signing
from django.db import transaction
from django.db.models import Exists, OuterRef
from django_otp.models import Device
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

from bank import audit, clock, live, step_up
from bank.errors import BankError
from bank.models import BankSettings

from . import rules
from .models import BankSession, Passkey, Player, SignInChallenge, User
from .tokens import sessions_end_for_user


@dataclass(frozen=True)
class FactorKind:
    kind: str  # what the API calls it
    label: str  # what the screens call it
    model: type[Device]


TOTP = FactorKind(kind="totp", label="Authenticator app", model=TOTPDevice)
PASSKEY = FactorKind(kind="passkey", label="Passkey", model=Passkey)  # accounts/passkeys.py
# Every kind of factor, in the order the Security screen lists them.
KINDS: tuple[FactorKind, ...] = (TOTP, PASSKEY)
KIND_OF_MODEL = {kind.model: kind for kind in KINDS}

RECOVERY_DEVICE_NAME = "Recovery codes"
RECOVERY_CODES = 10
# The calls a session limited to enrolment may make (URL names): the Security screen's and the session's own.
ENROLMENT_ROUTES = frozenset(
    {
        "me",
        "logout",
        "extend-session",
        "my-factors",
        "my-factor-totp",
        "my-factor-totp-confirm",
        "my-factor",
        "my-passkey-options",
        "my-passkeys",
        "my-passkey",
    }
)

CHALLENGE_SALT = "accounts.factors.sign-in-challenge"

MSG_ENROLMENT_ONLY = (
    "The bank requires a second factor for officers. Set up an authenticator app on the Security screen "
    "first; nothing else opens until then."
)
MSG_CHALLENGE_EXPIRED = "Your sign-in took too long or was already used. Please enter your name and password again."
MSG_WRONG_CODE = (
    "That code is not right. Check the code in your authenticator app (or your recovery code) and try again."
)
MSG_CONFIRM_WRONG = "That code does not match. Type the 6-digit code your authenticator app shows now for this account."
MSG_LAST_FACTOR = "The bank requires a second factor for officers: add another one before you remove your last one."
MSG_NO_FACTOR_FOR_RECOVERY = "Recovery codes stand in for a second factor: add an authenticator app first."
MSG_NAME = "Please give this factor a name (for example 'My phone')"
MSG_NAME_LONG = f"A factor's name must be at most {rules.FACTOR_NAME_MAX_LENGTH} characters"
MSG_FACTOR_NOT_FOUND = "Second factor not found"
MSG_RESET_REASON = "Please give the reason for the reset (for example 'lost phone, confirmed on Discord voice')"


@dataclass(frozen=True)
class Factor:
    """A confirmed factor as the Security screen lists it."""

    id: int
    kind: str
    label: str
    name: str
    created_at: datetime | None
    last_used_at: datetime | None


@dataclass(frozen=True)
class TotpEnrolment:
    device: TOTPDevice
    secret: str  # base32, as an authenticator app takes it when typed
    uri: str  # otpauth://, what the QR code holds
    qr_svg: str  # a data: URI of the QR code drawn as SVG


# --- reading ------------------------------------------------------------------------------------


def factors_of(user: User) -> list[Factor]:
    """The user's confirmed factors, every kind, oldest first. One query a kind."""
    found = []
    for kind in KINDS:
        for device in kind.model.objects.filter(user=user, confirmed=True).order_by("pk"):
            found.append(
                Factor(
                    id=device.pk,
                    kind=kind.kind,
                    label=kind.label,
                    name=device.name,
                    created_at=getattr(device, "created_at", None),
                    last_used_at=getattr(device, "last_used_at", None),
                )
            )
    return found


def has_factor(user: User) -> bool:
    """Does the user hold a confirmed factor (recovery codes alone are none)? One query a kind."""
    return any(kind.model.objects.filter(user=user, confirmed=True).exists() for kind in KINDS)


def has_authenticator(user: User) -> bool:
    """Does the user hold a confirmed authenticator app (a factor that a typed code proves, as Discord's
    forms can take one; a passkey cannot be given there)?"""
    return TOTP.model.objects.filter(user=user, confirmed=True).exists()


def has_factor_expression():
    """An annotation: does the row's user (OuterRef "pk") hold a confirmed factor of any kind."""
    expression = None
    for kind in KINDS:
        exists = Exists(kind.model.objects.filter(user=OuterRef("pk"), confirmed=True))
        expression = exists if expression is None else expression | exists
    return expression


def factor_required(user: User) -> bool:
    """Must this user sign in with a second factor whether they hold one or not? Officers, when the
    bank says so; players never (for them it is a choice)."""
    if not user.is_staff:
        return False
    # a read only (BankSettings.current() would create the row: a write on every admin page)
    required = BankSettings.objects.filter(pk=1).values_list("require_second_factor", flat=True).first()
    return bool(required)


def recovery_codes_left(user: User) -> int:
    return StaticToken.objects.filter(device__user=user, device__confirmed=True).count()


# --- recovery codes -------------------------------------------------------------------------------


def _recovery_normalised(code: str) -> str:
    return "".join(ch for ch in code.lower() if ch.isalnum())


def recovery_code_hash(code: str) -> str:
    """What is kept of a recovery code: 80 bits of its SHA-256, as 16 base32 letters (django-otp's
    StaticToken holds 16 characters). The codes are 80 random bits, so a fast hash loses nothing to a
    slow one (docs/decisions.md) and one indexed lookup checks a code."""
    digest = hashlib.sha256(_recovery_normalised(code).encode()).digest()
    return base64.b32encode(digest).decode()[:16].lower()


def _recovery_code_new() -> str:
    """16 base32 letters (80 random bits), shown in four groups: 'abcd-efgh-ijkl-mnop'."""
    letters = base64.b32encode(secrets.token_bytes(10)).decode().lower()
    return "-".join(letters[i : i + 4] for i in range(0, 16, 4))


def _recovery_codes_replace(user: User) -> list[str]:
    """Ten new recovery codes instead of any the user had; answers them (the only time they are seen)."""
    device, _ = StaticDevice.objects.get_or_create(
        user=user, defaults={"name": RECOVERY_DEVICE_NAME, "confirmed": True}
    )
    StaticToken.objects.filter(device=device).delete()
    codes = [_recovery_code_new() for _ in range(RECOVERY_CODES)]
    StaticToken.objects.bulk_create([StaticToken(device=device, token=recovery_code_hash(code)) for code in codes])
    return codes


def _audit_player(user: User):
    return getattr(user, "player", None) if not user.is_staff else None


audit_player = _audit_player


def recovery_codes_if_first(*, user: User, first: bool) -> list[str] | None:
    """A new factor's recovery codes: ten with the first factor (or when none are left); else None."""
    return _recovery_codes_replace(user) if first or not recovery_codes_left(user) else None


def passkey_failed_record(*, user: User, step: str, why: str = "") -> None:
    """A passkey the bank could not check, in the audit trail (the browser's reason, never a key)."""
    audit.record(
        actor=user if step == "enrolment" else None,
        kind="factor.passkey_failed",
        obj=user,
        player=_audit_player(user),
        after={"factor": PASSKEY.label, "step": step, "why": why},
    )


def _user_locked(user: User) -> None:
    """The user's row, locked until the transaction ends (the bank's lock order starts with it)."""
    User.objects.select_for_update().filter(pk=user.pk).first()


def recovery_codes_make(*, user: User) -> list[str]:
    """Regenerate: ten new codes replace the old set (each usable once)."""
    step_up.require_if_holding(user, what="make new recovery codes")
    with transaction.atomic():
        _user_locked(user)
        if not has_factor(user):
            raise BankError(MSG_NO_FACTOR_FOR_RECOVERY, code="no_factor", status=409)
        codes = _recovery_codes_replace(user)
        audit.record(
            actor=user, kind="factor.recovery_codes_made", obj=user, player=_audit_player(user), after={"codes": 10}
        )
    return codes


# --- enrolment --------------------------------------------------------------------------------------


def factor_name_clean(name) -> str:
    name = name.strip() if isinstance(name, str) else ""
    if not name:
        raise BankError(MSG_NAME, code="missing_fields", fields={"name": [MSG_NAME]})
    if len(name) > rules.FACTOR_NAME_MAX_LENGTH:
        raise BankError(MSG_NAME_LONG, fields={"name": [MSG_NAME_LONG]})
    return name


def totp_enrol_start(*, user: User, name) -> TotpEnrolment:
    """A new secret for an authenticator app, kept unconfirmed until its first code (an earlier
    unconfirmed one of the user is dropped: one enrolment at a time)."""
    name = factor_name_clean(name)
    step_up.require_if_holding(user, what="add another second factor")
    with transaction.atomic():
        _user_locked(user)
        TOTPDevice.objects.filter(user=user, confirmed=False).delete()
        # tolerance 1: the code of this 30 s step, or of the one before or after it (a phone's clock a little off)
        device = TOTPDevice.objects.create(user=user, name=name, confirmed=False, step=30, digits=6, tolerance=1)
    secret = base64.b32encode(device.bin_key).decode()
    uri = device.config_url
    qr_svg = segno.make(uri, error="m").svg_data_uri(scale=4, border=2)
    return TotpEnrolment(device=device, secret=secret, uri=uri, qr_svg=qr_svg)


def _code_clean(code) -> str:
    return "".join(code.split()) if isinstance(code, str) else ""


def totp_enrol_confirm(*, user: User, device_id: int, code, sid: str = "") -> tuple[TOTPDevice, list[str] | None]:
    """The first right code confirms the authenticator: it becomes a factor. The user's first factor
    also makes ten recovery codes (answered once). A session limited to enrolment becomes a full one,
    its factor given now."""
    code = _code_clean(code)
    wrong = False
    with transaction.atomic():
        _user_locked(user)
        device = TOTPDevice.objects.select_for_update().filter(user=user, pk=device_id, confirmed=False).first()
        if device is None:
            raise BankError(
                "This set-up was finished or replaced. Start adding the authenticator app again.",
                code="not_found",
                status=404,
            )
        if not (code.isdigit() and len(code) == device.digits and device.verify_token(code)):
            wrong = True
            audit.record(
                actor=user,
                kind="factor.code_failed",
                obj=user,
                player=_audit_player(user),
                after={"factor": TOTP.label, "name": device.name, "step": "enrolment"},
            )
        else:
            first = not has_factor(user)
            device.confirmed = True
            device.save(update_fields=["confirmed"])
            codes = _recovery_codes_replace(user) if first or not recovery_codes_left(user) else None
            audit.record(
                actor=user,
                kind="factor.enrolled",
                obj=user,
                player=_audit_player(user),
                after={"factor": TOTP.label, "name": device.name, "recovery_codes_made": codes is not None},
            )
            if sid:
                BankSession.objects.filter(sid=sid, user=user).update(
                    enrolment_only=False, factor_verified_at=clock.now()
                )
            if user.is_staff:
                live.notify({"officers"})
    if wrong:  # recorded above (it commits), then refused
        raise BankError(MSG_CONFIRM_WRONG, code="wrong_code", fields={"code": [MSG_CONFIRM_WRONG]})
    return device, codes


def factor_remove(*, user: User, kind: str, factor_id: int) -> None:
    """Remove one of the user's own factors; never an officer's last while the bank requires one.
    Removing the last factor removes the recovery codes too (they stand in for a factor)."""
    factor_kind = next((k for k in KINDS if k.kind == kind), None)
    if factor_kind is None:
        raise BankError(MSG_FACTOR_NOT_FOUND, code="not_found", status=404)
    step_up.require_if_holding(user, what="remove a second factor")
    with transaction.atomic():
        _user_locked(user)
        device = factor_kind.model.objects.filter(user=user, pk=factor_id).first()
        if device is None:
            raise BankError(MSG_FACTOR_NOT_FOUND, code="not_found", status=404)
        confirmed_left = sum(k.model.objects.filter(user=user, confirmed=True).count() for k in KINDS)
        if device.confirmed and confirmed_left <= 1 and factor_required(user):
            raise BankError(MSG_LAST_FACTOR, code="last_factor", status=409)
        device.delete()
        if device.confirmed:
            if not has_factor(user):
                StaticDevice.objects.filter(user=user).delete()
            audit.record(
                actor=user,
                kind="factor.removed",
                obj=user,
                player=_audit_player(user),
                after={"factor": factor_kind.label, "name": device.name},
            )
            if user.is_staff:
                live.notify({"officers"})


def _devices_delete(user: User) -> int:
    removed = 0
    for model in (*(kind.model for kind in KINDS), StaticDevice):
        removed += model.objects.filter(user=user).delete()[1].get(model._meta.label, 0)
    return removed


def factors_reset(*, officer_id: int, by: User | None, reason) -> int:
    """Another treasurer (or `manage.py ensure_admin --reset-factors`, `by` None) removes every factor
    and recovery code of an officer who lost theirs: the officer's sessions end, and at the next sign-in
    the password alone lets them in (or, while the bank requires a factor, only to enrolment).
    Answers how many factors went."""
    reason = reason.strip() if isinstance(reason, str) else ""
    if not reason:
        raise BankError(MSG_RESET_REASON, code="missing_fields", fields={"reason": [MSG_RESET_REASON]})
    if by is not None and by.pk == officer_id:
        raise BankError(
            "You cannot reset your own second factor: another treasurer does it, so that a stolen password "
            "alone cannot remove it.",
            code="own_factor",
            status=403,
        )
    if by is not None:
        step_up.require(by, what="reset an officer's second factor")
    with transaction.atomic():
        officer = User.objects.select_for_update().filter(pk=officer_id, is_staff=True).first()
        if officer is None:
            raise BankError("Officer not found", code="not_found", status=404)
        factors = [f"{factor.label}: {factor.name}" for factor in factors_of(officer)]
        _devices_delete(officer)
        sessions_end_for_user(user_id=officer.pk)
        audit.record(
            actor=by, kind="factor.reset", obj=officer, after={"reason": reason[:500], "factors_removed": factors}
        )
        live.notify({"officers"})
    return len(factors)


def player_factors_reset(*, player_id: int, by: User, reason) -> int:
    """A treasurer removes every factor and recovery code of a player who lost them all (a phone and the
    codes): the player's sessions end, and the password alone signs them in again until they add a factor.
    The treasurer confirms who asks first (the reason says how: in game, on Discord voice). Step-up: a stolen
    officer's session cannot strip a player's factor. Answers how many factors went."""
    reason = reason.strip() if isinstance(reason, str) else ""
    if not reason:
        raise BankError(MSG_RESET_REASON, code="missing_fields", fields={"reason": [MSG_RESET_REASON]})
    step_up.require(by, what="reset a player's second factor")
    user_id = Player.objects.filter(pk=player_id).values_list("user_id", flat=True).first()
    with transaction.atomic():
        user = User.objects.select_for_update().filter(pk=user_id, is_staff=False).first() if user_id else None
        player = Player.objects.select_for_update(of=("self",)).filter(pk=player_id).first()
        if user is None or player is None or player.user_id != user.pk:
            raise BankError("Player not found", code="not_found", status=404)
        factors = [f"{factor.label}: {factor.name}" for factor in factors_of(user)]
        _devices_delete(user)
        sessions_end_for_user(user_id=user.pk)
        audit.record(
            actor=by,
            kind="factor.reset",
            obj=player,
            player=player,
            after={"reason": reason[:500], "factors_removed": factors},
        )
        live.notify({"players"}, [player.pk])
    return len(factors)


# --- the step between the password and the code ------------------------------------------------------


def challenge_issue(*, user: User) -> tuple[str, datetime]:
    """A signed challenge for this user, good once, for BANK_FACTOR_CHALLENGE_SECONDS."""
    now = clock.now()
    SignInChallenge.objects.filter(expires_at__lt=now - timedelta(days=1)).delete()
    nonce = secrets.token_urlsafe(24)
    expires_at = now + timedelta(seconds=settings.BANK_FACTOR_CHALLENGE_SECONDS)
    SignInChallenge.objects.create(nonce=nonce, user=user, expires_at=expires_at)
    return signing.dumps({"user": user.pk, "nonce": nonce}, salt=CHALLENGE_SALT), expires_at


def _challenge_expired() -> BankError:
    return BankError(MSG_CHALLENGE_EXPIRED, code="challenge_expired", status=401)


def challenge_read(raw) -> SignInChallenge:
    """The challenge's row while it is good (signed by this bank, unexpired, unused); else 401."""
    if not isinstance(raw, str) or not raw:
        raise _challenge_expired()
    try:
        data = signing.loads(raw, salt=CHALLENGE_SALT, max_age=settings.BANK_FACTOR_CHALLENGE_SECONDS)
    except signing.BadSignature:
        raise _challenge_expired() from None
    user_id = data.get("user") if isinstance(data, dict) else None
    if not isinstance(user_id, int):
        raise _challenge_expired()
    row = (
        SignInChallenge.objects.select_related("user")
        .filter(nonce=str(data.get("nonce")), user_id=user_id, used_at__isnull=True, expires_at__gt=clock.now())
        .first()
    )
    if row is None or not row.user.is_active:
        raise _challenge_expired()
    return row


def challenge_use(challenge: SignInChallenge) -> None:
    """Mark the challenge used, once (inside the sign-in's transaction): a second use is refused."""
    if SignInChallenge.objects.filter(pk=challenge.pk, used_at__isnull=True).update(used_at=clock.now()) != 1:
        raise _challenge_expired()


def code_check(*, user: User, code) -> Device | None:
    """The device that accepts this code, once, or None. A 6-digit code is tried on the user's
    authenticators, anything else as a recovery code (deleted when used). Call it inside a transaction
    that locked the user's row: the devices are locked too, so one code cannot pass twice at once."""
    code = _code_clean(code)
    if not code:
        return None
    if code.isdigit() and len(code) == TOTP.model._meta.get_field("digits").default:
        for device in TOTPDevice.objects.select_for_update().filter(user=user, confirmed=True).order_by("pk"):
            if device.verify_token(code):
                return device
        return None
    if not _recovery_normalised(code) or not has_factor(user):
        return None
    recovery = StaticDevice.objects.select_for_update().filter(user=user, confirmed=True).first()
    if recovery is not None and recovery.verify_token(recovery_code_hash(code)):
        return recovery
    return None


def session_factor_given(*, user: User, sid: str) -> bool:
    """A factor was given now in this live session (a step-up): answers whether the session is still open."""
    return bool(
        BankSession.objects.filter(sid=sid, user=user, ended_at__isnull=True).update(factor_verified_at=clock.now())
    )


def code_failed_record(*, user: User, door: str, passkey: bool = False) -> None:
    """A wrong code (or a passkey that did not check out) in the audit trail (never the code itself). Inside
    the failure's transaction."""
    if passkey:
        passkey_failed_record(user=user, step=door)
        return
    audit.record(actor=None, kind="factor.code_failed", obj=user, player=_audit_player(user), after={"door": door})


def code_used_record(*, user: User, device: Device, door: str) -> None:
    """A recovery code used is in the trail (how many are left, never the code)."""
    if isinstance(device, StaticDevice):
        audit.record(
            actor=None,
            kind="factor.recovery_code_used",
            obj=user,
            player=_audit_player(user),
            after={"door": door, "codes_left": StaticToken.objects.filter(device=device).count()},
        )


def sessions_limit_unenrolled() -> int:
    """The bank now requires a factor: every open session of an officer without one reaches only
    enrolment from its next call. Answers how many sessions were limited."""
    enrolled_ids: set[int] = set()
    for kind in KINDS:
        enrolled_ids.update(kind.model.objects.filter(confirmed=True).values_list("user_id", flat=True))
    return (
        BankSession.objects.filter(ended_at__isnull=True, user__is_staff=True, enrolment_only=False)
        .exclude(user_id__in=enrolled_ids)
        .update(enrolment_only=True)
    )


def on_settings_applied(changes: dict) -> None:
    """bank.controls' hook: when the bank starts requiring a factor, officers without one are limited now."""
    if changes.get("require_second_factor") is True:
        sessions_limit_unenrolled()

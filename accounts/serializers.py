from rest_framework import serializers

from bank import roles
from bank.fields import ChoiceTextField, StrictBooleanField, TextField
from bank.inputs import InputSerializer
from bank.paging import PageIn, PageOut
from bank.schema import MayBeAbsent

from . import rules
from .models import Player


class TextIn(serializers.CharField):
    """Text a person typed, bounded, and refused with a message naming the field when it is not
    text (DRF's CharField would turn 12345 into "12345") or holds a NUL (PostgreSQL cannot store
    one). Missing, blank and null pass on: the service answers the spec's "fill in" message."""

    def __init__(self, *, label: str, max_length: int, trim_whitespace: bool = True, **kwargs):
        message = f"{label} must be at most {max_length} characters"
        kwargs.setdefault("error_messages", {})
        kwargs["error_messages"] |= {
            "invalid": f"{label} must be text",
            "max_length": message,
            "nul": f"{label} contains a character that cannot be stored (NUL)",
        }
        super().__init__(
            required=False,
            allow_blank=True,
            allow_null=True,
            max_length=max_length,
            trim_whitespace=trim_whitespace,
            **kwargs,
        )

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        if "\x00" in data:
            self.fail("nul")
        return super().to_internal_value(data)


class LoginIn(serializers.Serializer):
    username = TextIn(label="Name", max_length=rules.SIGN_IN_NAME_MAX_LENGTH)
    password = TextIn(label="Password", max_length=rules.SIGN_IN_PASSWORD_MAX_LENGTH, trim_whitespace=False)


class SessionOut(serializers.Serializer):
    access_token = serializers.CharField()
    token_type = serializers.CharField(default="bearer")
    expires_at = serializers.DateTimeField()
    expires_in = serializers.IntegerField()


ROLE_HELP = "an officer's role (teller, loan_officer, treasurer); only in an officer's answer"


class OfficerRoleOut(MayBeAbsent, serializers.ChoiceField):
    """An officer's role in an answer about the caller; a player's answer leaves it out."""

    def __init__(self, **kwargs):
        super().__init__(choices=roles.CHOICES, required=False, help_text=ROLE_HELP, **kwargs)


class LoginOut(SessionOut):
    username = serializers.CharField()
    is_admin = serializers.BooleanField()
    role = OfficerRoleOut()
    has_solo_access = serializers.BooleanField()
    player_id = serializers.IntegerField(allow_null=True)
    enrolment_required = serializers.BooleanField(
        default=False,
        help_text="the bank requires a second factor and this officer has none: the token reaches only the "
        "Security screen's enrolment calls until one is confirmed",
    )


class LoginFactorNeededOut(serializers.Serializer):
    """A right password of an account with a second factor: no token yet, a challenge for the code."""

    factor_required = serializers.BooleanField(default=True)
    challenge = serializers.CharField(help_text="signed, single use, for this account, good for 5 minutes")
    expires_at = serializers.DateTimeField()
    detail = serializers.CharField()
    passkey = serializers.BooleanField(
        default=False, help_text="the account has a passkey: POST /api/login/passkey/options may sign in with it"
    )
    code = serializers.BooleanField(
        default=True, help_text="the account has an authenticator app (a code, or a recovery code, signs in)"
    )


class LoginFactorIn(InputSerializer):
    challenge = TextIn(label="Challenge", max_length=1000)
    otp = TextIn(
        label="Code",
        max_length=64,
        help_text="the 6-digit code of an authenticator app, or one recovery code",
    )


class RegisterIn(serializers.Serializer):
    name = TextIn(label="Player name", max_length=rules.NAME_MAX_LENGTH)
    discord = TextIn(label="Discord username", max_length=rules.DISCORD_MAX_LENGTH)
    password = TextIn(label="Password", max_length=rules.PASSWORD_MAX_LENGTH, trim_whitespace=False)


class RegisterOut(serializers.ModelSerializer):
    """What a registration answers: no admin-only fields (who added the player, failed attempts)."""

    class Meta:
        model = Player
        fields = ["id", "name", "discord"]


class VerifyTokenOut(serializers.Serializer):
    valid = serializers.BooleanField()
    has_solo_access = serializers.BooleanField()
    is_admin = serializers.BooleanField()
    role = OfficerRoleOut()
    username = serializers.CharField(allow_null=True)
    expires_at = serializers.DateTimeField(allow_null=True)


class PlayerOut(serializers.ModelSerializer):
    added_by = serializers.CharField(
        source="added_by.public_name",
        default=None,
        read_only=True,
        allow_null=True,
        help_text="the officer who added the player, by display name",
    )
    has_password = serializers.BooleanField(read_only=True)
    discord_linked = serializers.BooleanField(
        read_only=True, help_text="the player linked a Discord account (Link Discord), verified by Discord"
    )

    class Meta:
        model = Player
        fields = [
            "id",
            "name",
            "discord",
            "added_by",
            "bad_payer",
            "client_type",
            "has_solo_access",
            "credit_score",
            "failed_attempts",
            "blocked_at",
            "created_at",
            "has_password",
            "discord_linked",
        ]


class PlayerBriefOut(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "name", "discord", "credit_score", "client_type", "bad_payer", "has_solo_access"]


class SignInFailureOut(serializers.Serializer):
    at = serializers.DateTimeField()
    address = serializers.CharField(help_text="the client address, as the sign-in throttle reads it")
    door = serializers.CharField(help_text="app sign-in, or Django admin site")


class FailedSignInsOut(MayBeAbsent, serializers.Serializer):
    """An officer's own failed sign-ins since their sign-in before this session; absent for players."""

    count = serializers.IntegerField(help_text="wrong passwords given for this officer since `since`")
    since = serializers.DateTimeField(
        allow_null=True, help_text="the officer's sign-in before this session; null: never signed in before"
    )
    latest = SignInFailureOut(many=True, help_text="the latest few, newest first")

    def __init__(self, **kwargs):
        super().__init__(required=False, **kwargs)


class OfficerDisplayNameOut(MayBeAbsent, serializers.CharField):
    """An officer's own display name, the name their approvals are recorded under (absent for players)."""


class MayOut(serializers.Serializer):
    """What the caller may do (bank/roles.py ACTIONS): a screen offers an action only when true."""

    def get_fields(self):
        # the apps register their actions as they start, after this module may have been imported
        return {name: serializers.BooleanField() for name in roles.ACTIONS}


class MeOut(serializers.Serializer):
    username = serializers.CharField()
    display_name = OfficerDisplayNameOut(required=False, help_text="an officer's display name (absent for players)")
    is_admin = serializers.BooleanField()
    role = OfficerRoleOut()
    has_solo_access = serializers.BooleanField()
    player = PlayerBriefOut(allow_null=True)
    may = MayOut()
    failed_sign_ins = FailedSignInsOut(
        help_text="an officer's own failed sign-ins since their last sign-in (absent for players)"
    )
    enrolment_required = serializers.BooleanField(
        default=False, help_text="this session reaches only the Security screen until a second factor is set up"
    )


class PlayerUpdateIn(InputSerializer):
    bad_payer = StrictBooleanField(required=False)
    has_solo_access = StrictBooleanField(required=False)
    client_type = ChoiceTextField(
        choices=Player.ClientType.values,
        required=False,
        error_messages={"invalid_choice": "client_type must be new or old"},
    )


class PasswordIn(serializers.Serializer):
    new_password = TextIn(label="Password", max_length=rules.PASSWORD_MAX_LENGTH, trim_whitespace=False)


class WsTicketOut(serializers.Serializer):
    ticket = serializers.CharField()
    expires_at = serializers.DateTimeField()


class BlockedPlayersOut(PageOut):
    blocked_players = PlayerOut(many=True)


class PlayerSearchOut(PageOut):
    players = PlayerOut(many=True)


class PlayerSearchIn(PageIn):
    # long terms are not refused: they find nobody (operations/tests/test_hostile_input.py)
    term = TextField(
        max_length=64, help_text="an id, or part of a name or discord (names and discords hold 64 at most)"
    )


class PlayerCreateIn(serializers.Serializer):
    """Admin New Player: name and discord required (the service answers the spec's message), password
    optional; `user` and `bad_payer` from the spec's payload are accepted and ignored (the acting
    admin comes from the token; a new player is never a bad payer)."""

    name = TextIn(label="Player name", max_length=rules.NAME_MAX_LENGTH)
    discord = TextIn(label="Discord username", max_length=rules.DISCORD_MAX_LENGTH)
    password = TextIn(label="Password", max_length=rules.PASSWORD_MAX_LENGTH, trim_whitespace=False)
    user = serializers.JSONField(required=False, help_text="ignored: the acting admin comes from the token")
    bad_payer = serializers.JSONField(required=False, help_text="ignored: a new player is in good standing")


class PlayerCreateOut(serializers.Serializer):
    player = PlayerOut()
    detail = serializers.CharField()


class OfficerOut(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField(help_text="the sign-in name: officers see it here, players never")
    display_name = serializers.CharField(help_text="what players see of this officer")
    role = serializers.ChoiceField(choices=roles.CHOICES)
    active = serializers.BooleanField(source="is_active")
    created_at = serializers.DateTimeField(source="date_joined")
    last_login = serializers.DateTimeField(allow_null=True, help_text="the last sign-in, at either door")
    locked_until = serializers.DateTimeField(
        allow_null=True, default=None, help_text="while a sign-in lockout runs (at any address): its latest end"
    )
    locked_addresses = serializers.IntegerField(default=0, help_text="the client addresses locked out now")
    has_factor = serializers.BooleanField(default=False, help_text="the officer signs in with a second factor")


class OfficersOut(serializers.Serializer):
    results = OfficerOut(many=True)


class OwnPasswordIn(InputSerializer):
    current_password = TextIn(label="Current password", max_length=rules.PASSWORD_MAX_LENGTH, trim_whitespace=False)
    new_password = TextIn(label="New password", max_length=rules.PASSWORD_MAX_LENGTH, trim_whitespace=False)


class OwnPasswordOut(serializers.Serializer):
    detail = serializers.CharField()


class OfficerPasswordIn(InputSerializer):
    new_password = TextIn(label="New password", max_length=rules.PASSWORD_MAX_LENGTH, trim_whitespace=False)


class LockoutsLiftedOut(serializers.Serializer):
    addresses = serializers.IntegerField(help_text="client addresses whose lockout was lifted")
    detail = serializers.CharField()


class OfficerCreateIn(InputSerializer):
    username = TextIn(label="Username", max_length=rules.NAME_MAX_LENGTH)
    display_name = TextIn(
        label="Display name",
        max_length=rules.NAME_MAX_LENGTH,
        help_text="required: what players see of the officer (never the username)",
    )
    password = TextIn(label="Password", max_length=rules.PASSWORD_MAX_LENGTH, trim_whitespace=False)
    role = ChoiceTextField(
        choices=list(roles.ROLES),
        required=False,
        allow_null=True,
        error_messages={"invalid_choice": "role must be teller, loan_officer or treasurer"},
    )


class OfficerUpdateIn(InputSerializer):
    role = ChoiceTextField(
        choices=list(roles.ROLES),
        required=False,
        error_messages={"invalid_choice": "role must be teller, loan_officer or treasurer"},
    )
    active = StrictBooleanField(required=False, help_text="false deactivates: their sessions and sockets end at once")
    display_name = TextIn(
        label="Display name", max_length=rules.NAME_MAX_LENGTH, help_text="what players see of the officer"
    )


# --- second factor (accounts/factors.py) -----------------------------------------------------------------


class FactorOut(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["totp", "passkey"], help_text="totp: an authenticator app; passkey")
    # a declared field (DRF's metaclass takes it out of the class): the type of Field.label is not its
    label = serializers.CharField(help_text="what the screens call the kind")  # type: ignore[assignment]
    name = serializers.CharField(help_text="the name its owner gave it")
    created_at = serializers.DateTimeField(allow_null=True)
    last_used_at = serializers.DateTimeField(allow_null=True)


class FactorsOut(serializers.Serializer):
    factors = FactorOut(many=True)
    recovery_codes_left = serializers.IntegerField(help_text="unused recovery codes")
    # a declared field (DRF's metaclass takes it out of the class): the type of Field.required is not its
    required = serializers.BooleanField(  # type: ignore[assignment]
        help_text="the bank requires this account to have a second factor"
    )
    enrolment_required = serializers.BooleanField(help_text="this session reaches only enrolment until one is set up")


class FactorNameIn(InputSerializer):
    name = TextIn(label="Name", max_length=rules.FACTOR_NAME_MAX_LENGTH)


class TotpEnrolmentOut(serializers.Serializer):
    id = serializers.IntegerField(help_text="confirm it with POST /api/me/factors/totp/{id}/confirm")
    name = serializers.CharField()
    secret = serializers.CharField(help_text="the secret to type into an authenticator app (base32)")
    qr_svg = serializers.CharField(help_text="the QR code to scan, as a data: URI of an SVG image")


class FactorCodeIn(InputSerializer):
    otp = TextIn(label="Code", max_length=64, help_text="the 6-digit code the authenticator app shows now")


class FactorConfirmedOut(serializers.Serializer):
    factor = FactorOut()
    recovery_codes = serializers.ListField(
        child=serializers.CharField(),
        allow_null=True,
        help_text="ten recovery codes, shown this once (with the first factor); null when none were made",
    )
    detail = serializers.CharField()


class RecoveryCodesOut(serializers.Serializer):
    recovery_codes = serializers.ListField(child=serializers.CharField(), help_text="shown this once")
    detail = serializers.CharField()


class FactorsResetIn(InputSerializer):
    reason = TextIn(label="Reason", max_length=500)


class FactorsResetOut(serializers.Serializer):
    factors_removed = serializers.IntegerField()
    detail = serializers.CharField()


class StepUpIn(InputSerializer):
    otp = TextIn(
        label="Code", max_length=64, help_text="the 6-digit code of an authenticator app, or one recovery code"
    )


class StepUpOut(serializers.Serializer):
    factor_verified_at = serializers.DateTimeField(help_text="when this session last gave a second factor: now")
    fresh_until = serializers.DateTimeField(help_text="until when the calls that ask for a fresh factor pass")
    detail = serializers.CharField()


class CredentialField(serializers.DictField):
    """A browser's WebAuthn answer as `PublicKeyCredential.toJSON()` gives it (checked by accounts/passkeys.py);
    missing, the service answers that the passkey could not be checked."""

    def __init__(self, **kwargs):
        super().__init__(required=False, allow_null=True, **kwargs)


class PasskeyOptionsIn(InputSerializer):
    challenge = TextIn(label="Challenge", max_length=1000)


class PasskeyOptionsOut(serializers.Serializer):
    challenge = serializers.CharField(help_text="signed, single use, for this person, good for 5 minutes")
    options = serializers.DictField(help_text="for PublicKeyCredential.parse(Creation|Request)OptionsFromJSON")


class PasskeyRegisterIn(InputSerializer):
    challenge = TextIn(label="Challenge", max_length=1000)
    name = TextIn(label="Name", max_length=200)
    credential = CredentialField(help_text="PublicKeyCredential.toJSON() of navigator.credentials.create")


class PasskeyProofIn(InputSerializer):
    challenge = TextIn(label="Challenge", max_length=1000)
    credential = CredentialField(help_text="PublicKeyCredential.toJSON() of navigator.credentials.get")

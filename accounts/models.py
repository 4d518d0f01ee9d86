from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django_otp.models import Device, TimestampMixin

from bank import roles

from . import rules


# the stubs cannot name the reverse manager of Passkey.user, a field django-otp's Device declares
class User(AbstractUser):  # type: ignore[django-manager-missing]
    """A sign-in identity: the bank's officers (staff, each with a role) and the players who set a
    password. An officer's role is read on every call (bank.roles); a player's is blank."""

    role = models.CharField(
        max_length=16,
        choices=roles.CHOICES,
        blank=True,
        default="",
        help_text="an officer's role (teller, loan officer, treasurer); blank for players",
    )
    appointed_by = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="the treasurer who added this officer or last raised their role: never their second approver",
    )
    display_name = models.CharField(
        max_length=rules.NAME_MAX_LENGTH,
        blank=True,
        default="",
        help_text="what players see of an officer (never the sign-in name); blank for players",
    )
    discord_id = models.CharField(
        max_length=20,
        null=True,
        blank=True,
        unique=True,
        help_text="the Discord account linked through Discord's OAuth2 (a snowflake id); one bank account each",
    )
    discord_username = models.CharField(
        max_length=64, blank=True, default="", help_text="the linked Discord account's name, as Discord gave it"
    )

    class Meta(AbstractUser.Meta):
        constraints = [
            models.UniqueConstraint(
                Lower("display_name"),
                condition=Q(is_staff=True) & ~Q(display_name=""),
                name="officer_display_name_unique_ignoring_case",
            ),
        ]

    @property
    def public_name(self) -> str:
        """What a player, a request card, a statement or a Discord message calls this user when it
        acted as an officer: the display name, never the sign-in name (docs/rules.md, "Officers")."""
        return rules.officer_public_name(self.display_name)


class Player(models.Model):
    """The bank's customer record. It may exist without a password until the player registers."""

    class ClientType(models.TextChoices):
        NEW = "new", "New"
        OLD = "old", "Old"

    user = models.OneToOneField(User, null=True, blank=True, on_delete=models.SET_NULL, related_name="player")
    name = models.CharField(max_length=rules.NAME_MAX_LENGTH, help_text="Game nickname, unique ignoring case")
    discord = models.CharField(max_length=rules.DISCORD_MAX_LENGTH, help_text="Discord username, unique ignoring case")
    added_by = models.ForeignKey(User, null=True, blank=True, on_delete=models.SET_NULL, related_name="players_added")
    bad_payer = models.BooleanField(default=False)
    client_type = models.CharField(max_length=3, choices=ClientType.choices, default=ClientType.NEW)
    has_solo_access = models.BooleanField(default=False)
    credit_score = models.PositiveSmallIntegerField(default=0)
    failed_attempts = models.PositiveIntegerField(default=0)
    blocked_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(Lower("name"), name="player_name_unique_ignoring_case"),
            models.UniqueConstraint(Lower("discord"), name="player_discord_unique_ignoring_case"),
            models.CheckConstraint(
                condition=models.Q(credit_score__gte=0) & models.Q(credit_score__lte=300),
                name="player_credit_score_0_to_300",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.discord})"

    @property
    def is_blocked(self) -> bool:
        return self.blocked_at is not None

    @property
    def has_password(self) -> bool:
        return self.user is not None and self.user.has_usable_password()

    @property
    def discord_linked(self) -> bool:
        """Whether the player's account is linked to a Discord account (guild_discord, OAuth2)."""
        return self.user is not None and bool(self.user.discord_id)


class StaffLockout(models.Model):
    """An officer's failed sign-ins and cool-down at one client address (docs/rules.md, "Signing in
    and sessions").

    Five wrong passwords in a row from one address, at any door (the app's sign-in or the Django
    admin site), lock the staff account for sign-ins from that address for 15 minutes, then 30, 60
    ... (at most a day) for each further lockout there until a successful sign-in from it. The
    address is the one the sign-in throttle counts (`accounts.throttles.client_address`): a stranger
    guessing from one address cannot lock the officer out anywhere else. `manage.py ensure_admin`
    (and `--unlock <username>`) removes every row of the officer. Not bank data: a backup leaves it out.
    """

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="staff_lockouts")
    address = models.CharField(
        max_length=rules.ADDRESS_MAX_LENGTH, help_text="the client address the attempts came from"
    )
    failed_attempts = models.PositiveIntegerField(default=0, help_text="wrong passwords since the last lockout")
    lockouts = models.PositiveIntegerField(default=0, help_text="lockouts since the last successful sign-in")
    locked_until = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "address"], name="staff_lockout_one_per_user_and_address")
        ]

    def __str__(self) -> str:
        return f"sign-in lockout of user {self.user_id} at {self.address}"

    def is_locked(self, now) -> bool:
        return self.locked_until is not None and self.locked_until > now


class StaffSignInFailure(models.Model):
    """One wrong password given for an officer's account: when, from which address, at which door.

    The officer sees their own (`GET /api/me`, the admin panel's notice); nobody else reads them.
    Kept bounded: the latest `rules.SIGN_IN_FAILURES_KEPT` per officer, none older than
    `rules.SIGN_IN_FAILURES_KEPT_DAYS`. Not bank data: a backup leaves it out.
    """

    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="sign_in_failures")
    at = models.DateTimeField()
    address = models.CharField(max_length=rules.ADDRESS_MAX_LENGTH)
    door = models.CharField(max_length=32, help_text="app sign-in, or the Django admin site")

    class Meta:
        indexes = [models.Index(fields=["user", "-at"], name="sign_in_failure_user_at")]

    def __str__(self) -> str:
        return f"failed sign-in of user {self.user_id} from {self.address} at {self.at:%Y-%m-%d %H:%M:%S}"


class BankSession(models.Model):
    """One sign-in, kept across extensions until logout, a block, a password reset or its expiry.

    Its one current token (an extension replaces it), its tickets and its sockets end with it.
    """

    sid = models.CharField(max_length=64, primary_key=True)
    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="bank_sessions")
    token_jti = models.CharField(max_length=64, help_text="The one token of this session that works now")
    expires_at = models.DateTimeField(db_index=True)
    ended_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    previous_sign_in_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="an officer's sign-in before this one: their failed sign-ins since then are shown to them",
    )
    # The moment a second factor was last given in this session (None: signed in by password alone, by
    # an account with no factor). A step-up (a fresh factor before the largest decisions) will read it.
    factor_verified_at = models.DateTimeField(null=True, blank=True)
    # A session that reaches only the Security screen's enrolment calls: an officer signed in by password
    # while the bank requires a second factor and they have none (accounts/factors.py, ENROLMENT_ROUTES).
    enrolment_only = models.BooleanField(default=False)

    def __str__(self) -> str:
        state = "ended" if self.ended_at else f"until {self.expires_at:%Y-%m-%d %H:%M:%S}"
        return f"session of user {self.user_id}, {state}"


class WsTicket(models.Model):
    """A one-time, short-lived ticket to open the live socket (a token never goes into a URL).

    Kept in the database so that every server process can redeem a ticket another one issued.
    """

    key = models.CharField(max_length=64, unique=True)
    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="+")
    session = models.ForeignKey(BankSession, on_delete=models.CASCADE, related_name="tickets")
    expires_at = models.DateTimeField(db_index=True)
    used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"ticket of user {self.user_id}, {'used' if self.used_at else 'unused'}"


class SignInChallenge(models.Model):
    """The step between a right password and a second factor: the signed challenge handed to the
    browser names this row (its nonce), so that it is used once (accounts/factors.py). Not bank data:
    a backup leaves it out; rows older than a day are deleted at the next sign-in."""

    nonce = models.CharField(max_length=64, primary_key=True)
    user = models.ForeignKey(User, on_delete=models.CASCADE, related_name="+")
    expires_at = models.DateTimeField(db_index=True)
    used_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"sign-in challenge of user {self.user_id}, {'used' if self.used_at else 'unused'}"


class Passkey(TimestampMixin, Device):
    """A passkey (WebAuthn: a phone's or computer's platform authenticator, or a security key) of one person,
    named, as a django-otp device beside the authenticator apps (accounts/factors.py KINDS; docs/decisions.md
    "Passkeys"). Holds the credential's public key only: nothing here lets anyone sign in."""

    credential_id = models.CharField(max_length=1400, unique=True, help_text="base64url, as the browser names it")
    public_key = models.BinaryField(help_text="COSE public key of the credential")
    sign_count = models.PositiveBigIntegerField(default=0)
    transports = models.JSONField(default=list, blank=True)

    class Meta(Device.Meta):
        verbose_name = "passkey"

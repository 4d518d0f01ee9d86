"""Business constants for identity and sessions (docs/rules.md, Identity and roles; Signing in and sessions)."""

NAME_MIN_LENGTH = 2  # "Player name must be at least 2 characters"
DISCORD_MIN_LENGTH = 2  # "Discord username must be at least 2 characters"
PASSWORD_MIN_LENGTH = 8  # "Password must be at least 8 characters"
NAME_MAX_LENGTH = 64
DISCORD_MAX_LENGTH = 64
PASSWORD_MAX_LENGTH = 128
SIGN_IN_NAME_MAX_LENGTH = 150  # an admin's username (Django's limit), a player's name or discord
SIGN_IN_PASSWORD_MAX_LENGTH = 1024  # an admin's password may be longer than a player's
MAX_FAILED_ATTEMPTS = 5  # after 5 consecutive failed passwords a player is blocked, an admin cools down
STAFF_LOCKOUT_MINUTES = 15  # an admin's first lockout; each further one doubles ...
STAFF_LOCKOUT_MAX_MINUTES = 24 * 60  # ... up to a day
ADDRESS_MAX_LENGTH = 100  # a client address as the sign-in throttle reads it (IPv6 is 45 at most)
SIGN_IN_FAILURES_KEPT = 50  # an officer's failed sign-ins kept: the latest 50 ...
SIGN_IN_FAILURES_KEPT_DAYS = 30  # ... and none older than 30 days
SIGN_IN_FAILURES_SHOWN = 3  # the latest few an officer's notice lists
OFFICER_UNNAMED = "Bank officer"  # what players see of an officer without a display name (never the username)

MSG_FILL_ALL = "Please fill in all fields"
MSG_NAME_SHORT = "Player name must be at least 2 characters"
MSG_DISCORD_SHORT = "Discord username must be at least 2 characters"
MSG_PASSWORD_SHORT = "Password must be at least 8 characters"
MSG_PLAYER_NOT_FOUND = "Player not found"
MSG_NO_PROFILE = "Player profile not found. Please contact admin to create your player profile first."
MSG_INCORRECT_PASSWORD = "Incorrect password"
MSG_BLOCKED = (
    f"This account is blocked after {MAX_FAILED_ATTEMPTS} failed sign-in attempts. "
    "Ask an admin to unblock it or to reset your password."
)


def staff_lockout_minutes(lockouts_before: int) -> int:
    """How long an admin's next lockout lasts: 15 minutes, doubling for each earlier lockout since
    the last successful sign-in, at most a day."""
    return min(STAFF_LOCKOUT_MINUTES * 2 ** min(lockouts_before, 16), STAFF_LOCKOUT_MAX_MINUTES)


def msg_staff_locked(minutes_left: int, until_text: str, username: str) -> str:
    # never "incorrect password": the sign-in screen shows this text as it is
    wait = "1 minute" if minutes_left == 1 else f"{minutes_left} minutes"
    return (
        f"This officer account is locked at this address after {MAX_FAILED_ATTEMPTS} failed sign-in attempts: "
        f"try again in {wait} ({until_text}). A treasurer can lift the lock on the Officers tab, or run "
        f"manage.py ensure_admin --unlock {username} on the server."
    )


MSG_OFFICER_DEACTIVATED = "This officer account is deactivated: ask a treasurer to reactivate it."
MSG_CURRENT_PASSWORD = "Your current password is not right"
MSG_SAME_PASSWORD = "Choose a new password, not the one you have"


def officer_public_name(display_name: str) -> str:
    """What players see of an officer: the display name, or a neutral stand-in, never the username."""
    return display_name or OFFICER_UNNAMED


def default_display_name(user_id: int) -> str:
    """The display name an officer gets when none was chosen (the migration, `ensure_admin`)."""
    return f"Officer {user_id}"


def msg_no_password(name: str) -> str:
    # the UI looks for "has no password set" in this text
    return f"Player '{name}' has no password set. Use the registration form to create one."


# A second factor's name (django-otp's device name holds 64 characters).
FACTOR_NAME_MAX_LENGTH = 64

"""The Discord integration's rules and texts (pure: no database, no request)."""

LINK_STATE_SECONDS = 600  # a "Link Discord" must come back from Discord within this long
LINK_STATE_SALT = "guild_discord.link"
SIGNATURE_MAX_AGE_SECONDS = 300  # an interaction whose timestamp is older is refused (a replay)
# an interaction's id is kept this long: Discord's retries come within seconds, and a delivery older than
# SIGNATURE_MAX_AGE_SECONDS is refused anyway, so a day keeps every replay that could pass
INTERACTIONS_KEPT_SECONDS = 86_400
EPHEMERAL = 64  # a message flag: seen only by the person who called the command

# interaction types and answers (Discord's numbers)
PING = 1
APPLICATION_COMMAND = 2
PONG = 1
CHANNEL_MESSAGE_WITH_SOURCE = 4

LINKING_OFF = "Linking a Discord account is not set up in this bank."
STATE_REFUSED = "This Discord link has expired or was already used: press Link Discord again."
STATE_NOT_YOURS = "This Discord link was started by another account: press Link Discord again."
DISCORD_REFUSED = "Discord did not confirm the link: press Link Discord again."
DISCORD_UNREACHABLE = "Discord did not answer: try Link Discord again in a moment."
ALREADY_LINKED = (
    "This Discord account is already linked to another bank account. Unlink it there first, or link another "
    "Discord account."
)
NOT_LINKED = "No Discord account is linked to your bank account."


def unlinked_answer(site_url: str) -> str:
    """What a Discord user whose account is linked to no bank account is told."""
    where = f" at {site_url}" if site_url else ""
    return (
        f"Your Discord account is not linked to the Guild Bank. Sign in to the bank{where} and press "
        "**Link Discord** (Overview or Security), then try again."
    )


MESSAGE_COMPONENT = 3
MODAL_SUBMIT = 5
UPDATE_MESSAGE = 7  # a component's answer: the message the button is on, edited
MODAL = 9

# application command option types, component types and button styles (Discord's numbers)
OPTION_STRING = 3
OPTION_INTEGER = 4
ACTION_ROW = 1
BUTTON = 2
TEXT_INPUT = 4
SUCCESS, DANGER, SECONDARY = 3, 4, 2
PARAGRAPH = 2

CONFIRM_SECONDS = 900  # Confirm files what it shows within this long; later the command is run again
CONFIRM_GONE = "This was already filed, cancelled or has expired: run the command again."
CANCELLED = "Cancelled: nothing was filed."
NOT_YOUR_BUTTON = "This button belongs to another member's command."
OFFICER_ACCOUNT = "Your linked bank account is an officer's: commands answer about a player's account."

STAFF_UNLINKED = (
    "Only an officer whose Discord account is linked to the bank decides here: link it on your Security screen."
)
STAFF_MAY_NOT = "Your role may not decide this request."
STAFF_GONE = "This request is no longer in the bank."
MAX_POST_ATTEMPTS = 8
POST_CLAIM_SECONDS = 60


# an officer's code typed in Discord's Approve form: checked as POST /api/step-up checks one, and counted
# toward the lockout at this address and under this door (Discord gives the bank no client address)
DISCORD_ADDRESS = "discord"
DISCORD_DOOR = "discord"
SHORT = 1  # a text input's style: one line
CODE_LABEL = "A code from your authenticator app"
CODE_PLACEHOLDER = "6 digits (or one of your recovery codes)"
CODE_MAX_LENGTH = 64  # as POST /api/step-up takes it (accounts.serializers.StepUpIn)


def fresh_factor_link(site_url: str, *, no_factor_refusal: str = "") -> str:
    """The answer to an officer whose decision needs a fresh second factor that Discord cannot take. One who
    holds only passkeys (Discord cannot ask for a passkey) decides in the bank. One who holds no factor at
    all gets the site's own refusal (`no_factor_refusal`: add one on the Security screen first) and where
    that screen is."""
    where = f"{site_url}admin-panel" if site_url else "the bank's Admin Panel"
    if no_factor_refusal:
        return f"{no_factor_refusal} The Security screen is in the bank at {where}."
    return (
        "This decision takes two officers, and the bank asks each for a fresh second factor. Discord cannot "
        f"ask for a passkey: decide it in the bank at {where}, where your passkey is asked for (or add an "
        "authenticator app on your Security screen to approve from Discord)."
    )


def code_refused(detail: str) -> str:
    """The answer to a wrong (or used, or locked out) code typed in the Approve form: nothing was approved."""
    return f"Not approved: {detail} Press Approve again for a new form."

"""The slash commands the bank answers (`/bank ...`): their definitions, registered with Discord by
`manage.py discord_commands --sync`, and what each answers. Each runs the same selectors and services
as the site, for the player linked to the Discord account that called it."""

from collections.abc import Callable
from dataclasses import dataclass

from accounts.models import Player, User
from accounts.selectors import own_player
from credit.selectors import credit_summary
from lending.products.selectors import bank_data_for_player

from . import rules

SUB_COMMAND = 1
CHAT_INPUT = 1


@dataclass(frozen=True)
class Command:
    name: str
    description: str
    answer: Callable[[Player], str]


def balance(player: Player) -> str:
    """Savings, loans still to pay, credit score and tier: the Overview's figures."""
    summary = bank_data_for_player(player=player)["summary"]
    credit = credit_summary(player)
    lines = [
        f"**{player.name}**",
        f"Savings: €{summary['savings_total_value']:,} in {summary['active_savings_count']:,} active account"
        + ("" if summary["active_savings_count"] == 1 else "s"),
        f"Loans still to pay: €{summary['loans_remaining']:,} on {summary['active_loans_count']:,} active loan"
        + ("" if summary["active_loans_count"] == 1 else "s"),
        f"Credit score: {credit['credit_score']}/{credit['max_score']} ({credit['tier']})",
    ]
    if player.bad_payer:
        lines.append("Marked as a bad payer: no new loans or savings until an officer lifts it.")
    return "\n".join(lines)


# `/bank <sub-command>`
COMMANDS: dict[str, Command] = {
    "balance": Command("balance", "Your savings, loans still to pay, credit score and tier", balance),
}


def definitions() -> list[dict]:
    """The commands as Discord's bulk overwrite takes them: one `/bank` command, a sub-command each."""
    return [
        {
            "name": "bank",
            "type": CHAT_INPUT,
            "description": "Your Guild Bank account",
            "options": [
                {"type": SUB_COMMAND, "name": command.name, "description": command.description}
                for command in COMMANDS.values()
            ],
        }
    ]


def _caller_id(interaction: dict) -> str:
    """Who pressed: `member.user` in a server, `user` in a direct message."""
    user = (interaction.get("member") or {}).get("user") or interaction.get("user") or {}
    return str(user.get("id", ""))


def _sub_command(interaction: dict) -> str:
    data = interaction.get("data") or {}
    options = data.get("options") or []
    if data.get("name") != "bank" or not options:
        return ""
    return str(options[0].get("name", ""))


def private(content: str) -> dict:
    """An answer only the caller sees."""
    return {
        "type": rules.CHANNEL_MESSAGE_WITH_SOURCE,
        "data": {"content": content[:2000], "flags": rules.EPHEMERAL, "allowed_mentions": {"parse": []}},
    }


def run(interaction: dict, *, site_url: str) -> dict:
    """The answer to an APPLICATION_COMMAND interaction."""
    command = COMMANDS.get(_sub_command(interaction))
    if command is None:
        return private("The bank does not know this command.")
    caller = _caller_id(interaction)
    user = User.objects.filter(discord_id=caller, is_active=True).first() if caller else None
    if user is None:
        return private(rules.unlinked_answer(site_url))
    player = own_player(user)
    if player is None:
        return private("Your linked bank account is an officer's: commands answer about a player's account.")
    return private(command.answer(player))

"""The slash commands the bank answers (`/bank ...`): their definitions, registered with Discord by
`manage.py discord_commands --sync`, and what each answers. Each runs the same selectors, serializers
and services as the site, for the player linked to the Discord account that called it; every answer
is seen by the caller alone (ephemeral).

`/bank loan` and `/bank withdraw` answer with what they would file and Confirm and Cancel buttons:
the input is read by the site's own serializer (the same limits, shortcuts such as 500k or 1.5m, and
messages), kept in a PendingCommand row that the buttons name, and Confirm files it through the site's
service, once (guild_discord.components)."""

from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal

from django.db import transaction
from rest_framework import serializers

from accounts.models import Player, User
from accounts.selectors import own_player
from bank import clock
from bank.errors import BankError, exception_handler
from bank.texts import day_text
from credit.selectors import credit_eligibility, credit_summary
from lending import rules as lending_rules
from lending.loans.selectors import loan_list_for_player, loan_quote, pending_loans_for_player
from lending.loans.serializers import LoanQuoteIn, LoanRequestIn
from lending.products.selectors import bank_data_for_player
from lending.savings.selectors import savings_list_for_player, savings_total_for_player, withdrawal_request_refusal
from lending.savings.serializers import WithdrawalRequestIn

from . import rules
from .models import PendingCommand

SUB_COMMAND = 1
CHAT_INPUT = 1

AMOUNT_HELP = "A whole number of bread, or a shortcut such as 500k or 1.5m"


def _option(kind: int, name: str, description: str, *, required: bool = True, **limits) -> dict:
    return {"type": kind, "name": name, "description": description, "required": required, **limits}


AMOUNT = _option(rules.OPTION_STRING, "amount", AMOUNT_HELP, max_length=20)
DAYS = _option(
    rules.OPTION_INTEGER, "days", "How many days to pay it back over", min_value=1, max_value=lending_rules.MAX_DAYS
)


@dataclass(frozen=True)
class Command:
    name: str
    description: str
    answer: Callable[[Player, dict], dict]
    options: list[dict] = field(default_factory=list)


def private(content: str, components: list | None = None) -> dict:
    """An answer only the caller sees."""
    data: dict = {"content": content[:2000], "flags": rules.EPHEMERAL, "allowed_mentions": {"parse": []}}
    if components is not None:
        data["components"] = components
    return {"type": rules.CHANNEL_MESSAGE_WITH_SOURCE, "data": data}


def refusal_text(error: Exception) -> str:
    """What the site answers to this error (a BankError or a serializer's ValidationError): its `detail`,
    from the API's own exception handler."""
    response = exception_handler(error, {})
    return str(response.data["detail"]) if response is not None else str(error)


def read(serializer_class: type[serializers.Serializer], data: dict) -> dict:
    """The input read by the site's serializer; its first message raised as a BankError when bad."""
    serializer = serializer_class(data=data)
    if not serializer.is_valid():
        raise BankError(refusal_text(serializers.ValidationError(serializer.errors)))
    return dict(serializer.validated_data)


def _money(amount: int | None) -> str:
    return f"€{amount or 0:,}"


def _percent(rate: Decimal | float | None) -> str:
    return f"{(Decimal(str(rate or 0)) * 100).normalize():f}%"


def _plural(count: int, word: str) -> str:
    return f"{count:,} {word}" + ("" if count == 1 else "s")


# --- what each command answers ---------------------------------------------------------------------


def balance(player: Player, options: dict) -> dict:
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
    return private("\n".join(lines))


def loans(player: Player, options: dict) -> dict:
    """The player's active loans (My Loans' figures) and their requests still pending."""
    active = [loan for loan in loan_list_for_player(player=player) if loan["status"] == "Active"]
    waiting = [row for row in pending_loans_for_player(player=player) if row["status"] == "pending"]
    lines = [f"**{player.name}: loans**"]
    if not active:
        lines.append("No active loans.")
    for loan in active:
        lines.append(
            f"Loan #{loan['id']}: {_money(loan['value'])} at {_percent(loan['interest_rate'])}, "
            f"day {min(loan['current_day'], loan['total_days'])} of {loan['total_days']}, "
            f"{_money(loan['daily_payment'])} a day, {_money(loan['remaining'])} still to pay"
        )
    for row in waiting:
        lines.append(
            f"Request #{row['id']}: {_money(row['value'])} over {row['total_days']} days, waiting for an officer"
        )
    return private("\n".join(lines))


def savings(player: Player, options: dict) -> dict:
    """The player's active savings accounts (My Savings' figures)."""
    accounts = [account for account in savings_list_for_player(player=player) if account["status"] == "Active"]
    lines = [f"**{player.name}: savings**"]
    if not accounts:
        lines.append("No active savings accounts.")
    for account in accounts:
        due = account["next_payment_date"]
        lines.append(
            f"Savings #{account['id']}: {_money(account['invested_value'])} at {_percent(account['interest_rate'])} "
            f"a week, {_money(account['weekly_payment'])} a week" + (f", next on {day_text(due)}" if due else "")
        )
    if accounts:
        lines.append(f"In all: {_money(sum(account['invested_value'] for account in accounts))}")
    return private("\n".join(lines))


def credit(player: Player, options: dict) -> dict:
    """The credit score, the tier and what it allows (the Credit Score card)."""
    summary = credit_summary(player)
    eligibility = credit_eligibility(player)
    lines = [
        f"**{player.name}: credit**",
        f"Credit score: {summary['credit_score']}/{summary['max_score']} ({summary['tier']})",
        f"Loans up to {_money(summary['eligibility']['max_loan_amount'])}, "
        f"{summary['eligibility']['rate_discount']:g} points off the loan rate, "
        f"{summary['eligibility']['savings_bonus']:g} points more on savings",
        eligibility.reason,
    ]
    return private("\n".join(lines))


def _quote_lines(quote: dict) -> list[str]:
    return [
        f"{_money(quote['value'])} over {quote['total_days']} days ({quote['tier']})",
        f"Interest: {_percent(quote['interest_rate'])} (base {_percent(quote['base_rate'])}, "
        f"{_percent(quote['tier_discount'])} off for your tier)",
        f"To pay: {_money(quote['total_to_pay'])}, {_money(quote['daily_payment'])} a day",
    ]


def _loan_input(options: dict) -> dict:
    return read(
        LoanRequestIn,
        {
            "value": options.get("amount"),
            "total_days": options.get("days"),
            "request_reason": options.get("reason", ""),
        },
    )


def quote(player: Player, options: dict) -> dict:
    """The server's quote, as GET /api/loans/quote answers it (LoanQuoteIn, selectors.loan_quote)."""
    data = read(LoanQuoteIn, {"value": options.get("amount"), "total_days": options.get("days")})
    answer = loan_quote(player=player, value=data.get("value"), total_days=data.get("total_days"))
    lines = ["**Loan quote**", *_quote_lines(answer)]
    lines.append("A request would be accepted." if answer["eligible"] else f"Not possible now: {answer['reason']}")
    return private("\n".join(lines))


def _buttons(pending: PendingCommand) -> list[dict]:
    return [
        {
            "type": rules.ACTION_ROW,
            "components": [
                {
                    "type": rules.BUTTON,
                    "style": rules.SUCCESS,
                    "label": "Confirm",
                    "custom_id": f"bank:confirm:{pending.pk}",
                },
                {
                    "type": rules.BUTTON,
                    "style": rules.SECONDARY,
                    "label": "Cancel",
                    "custom_id": f"bank:cancel:{pending.pk}",
                },
            ],
        }
    ]


def _pending(player: Player, kind: str, params: dict) -> PendingCommand:
    # a player who runs a command is linked, so has a user (commands.run found them by it)
    return PendingCommand.objects.create(
        user_id=player.user_id,  # type: ignore[misc]
        kind=kind,
        params=params,
        created_at=clock.now(),
    )


def loan(player: Player, options: dict) -> dict:
    """The quote of the loan asked for, with Confirm (files it as POST /api/pending-loans does) and
    Cancel. What the request would be refused for (a bad payer, a tier's limit) is answered at once."""
    data = _loan_input(options)
    answer = loan_quote(player=player, value=data["value"], total_days=data["total_days"])
    if not answer["eligible"]:
        return private(answer["reason"])
    pending = _pending(
        player,
        "loan",
        {"amount": str(data["value"]), "days": data["total_days"], "reason": data.get("request_reason", "")},
    )
    lines = ["**Loan request**", *_quote_lines(answer)]
    if data.get("request_reason"):
        lines.append(f"Reason: {data['request_reason']}")
    lines.append("Confirm to file it: an officer decides it.")
    return private("\n".join(lines), _buttons(pending))


def _withdraw_input(options: dict) -> dict:
    return read(
        WithdrawalRequestIn,
        {
            "amount": options.get("amount"),
            "withdrawal_date": options.get("date"),
            "withdrawal_time": options.get("time"),
            "player_timezone": options.get("timezone"),
        },
    )


def withdraw(player: Player, options: dict) -> dict:
    """The withdrawal asked for and what the savings hold, with Confirm (files it as POST
    /api/withdrawal-requests does) and Cancel. What the request would be refused for (a day outside the
    window, more than the savings hold) is answered at once, by the service's own check."""
    data = _withdraw_input(options)
    refusal = withdrawal_request_refusal(player=player, amount=data["amount"], withdrawal_date=data["withdrawal_date"])
    if refusal:
        return private(refusal.detail)
    available = savings_total_for_player(player=player)
    pending = _pending(
        player,
        "withdraw",
        {
            "amount": str(data["amount"]),
            "date": data["withdrawal_date"].isoformat(),
            "time": f"{data['withdrawal_time']:%H:%M}",
            "timezone": data["player_timezone"],
        },
    )
    lines = [
        "**Withdrawal request**",
        f"{_money(data['amount'])} on {day_text(data['withdrawal_date'])} at {data['withdrawal_time']:%H:%M} "
        f"(GMT{data['player_timezone']:+d})",
        f"Your active savings hold {_money(available['total_available'])} "
        f"in {_plural(available['savings_count'], 'account')}.",
        "Confirm to file it: an officer decides it.",
    ]
    return private("\n".join(lines), _buttons(pending))


# `/bank <sub-command>`
COMMANDS: dict[str, Command] = {
    command.name: command
    for command in (
        Command("balance", "Your savings, loans still to pay, credit score and tier", balance),
        Command("loans", "Your active loans and loan requests", loans),
        Command("savings", "Your active savings accounts", savings),
        Command("credit", "Your credit score, tier and what it allows", credit),
        Command("quote", "The bank's price for a loan", quote, [AMOUNT, DAYS]),
        Command(
            "loan",
            "Ask for a loan: shows the price, then Confirm files the request",
            loan,
            [
                AMOUNT,
                DAYS,
                _option(
                    rules.OPTION_STRING,
                    "reason",
                    "What the loan is for",
                    required=False,
                    max_length=lending_rules.MAX_NOTES_LENGTH,
                ),
            ],
        ),
        Command(
            "withdraw",
            "Ask to withdraw from your savings: Confirm files the request",
            withdraw,
            [
                AMOUNT,
                _option(rules.OPTION_STRING, "date", "The day, written YYYY-MM-DD", max_length=10),
                _option(rules.OPTION_STRING, "time", "The time, written HH:MM (24-hour clock)", max_length=5),
                _option(
                    rules.OPTION_INTEGER,
                    "timezone",
                    "Your time zone's offset from GMT, in hours (-12 to 12)",
                    min_value=lending_rules.MIN_TIMEZONE,
                    max_value=lending_rules.MAX_TIMEZONE,
                ),
            ],
        ),
    )
}


def definitions() -> list[dict]:
    """The commands as Discord's bulk overwrite takes them: one `/bank` command, a sub-command each."""
    return [
        {
            "name": "bank",
            "type": CHAT_INPUT,
            "description": "Your Guild Bank account",
            "options": [
                {
                    "type": SUB_COMMAND,
                    "name": command.name,
                    "description": command.description,
                    **({"options": command.options} if command.options else {}),
                }
                for command in COMMANDS.values()
            ],
        }
    ]


def caller_id(interaction: dict) -> str:
    """Who pressed: `member.user` in a server, `user` in a direct message."""
    user = (interaction.get("member") or {}).get("user") or interaction.get("user") or {}
    return str(user.get("id", ""))


def linked_user(interaction: dict) -> User | None:
    """The active bank account linked to the caller's Discord account, if any."""
    caller = caller_id(interaction)
    return User.objects.filter(discord_id=caller, is_active=True).first() if caller else None


def _sub_command(interaction: dict) -> tuple[str, dict]:
    data = interaction.get("data") or {}
    options = data.get("options") or []
    if data.get("name") != "bank" or not options:
        return "", {}
    given = {str(option.get("name")): option.get("value") for option in options[0].get("options") or []}
    return str(options[0].get("name", "")), given


def run(interaction: dict, *, site_url: str) -> dict:
    """The answer to an APPLICATION_COMMAND interaction."""
    name, options = _sub_command(interaction)
    command = COMMANDS.get(name)
    if command is None:
        return private("The bank does not know this command.")
    user = linked_user(interaction)
    if user is None:
        return private(rules.unlinked_answer(site_url))
    player = own_player(user)
    if player is None or user.is_staff:  # the site's player calls refuse an officer too (IsPlayer)
        return private(rules.OFFICER_ACCOUNT)
    try:
        with transaction.atomic():
            return command.answer(player, options)
    except BankError as error:
        return private(error.detail)

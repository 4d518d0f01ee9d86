"""Pearl exchange rules (docs/rules.md, Pearl exchange): constants and pure functions, no database."""

DEFAULT_SELL_RATE = 2_500  # bread a player receives for one pearl
DEFAULT_BUY_RATE = 3_500  # bread a player pays for one pearl
MAX_RATE = 1_000_000  # bread per pearl: a rate above this is a typing mistake
MAX_PEARLS = 1_000_000  # pearls in one request

CASHOUT = "cashout"
NEW_SAVINGS = "new_savings"
SAVINGS = "savings"  # one of the player's active savings accounts

# Messages, as the spec writes them where it does
BAD_PEARLS = "Please enter a valid number of pearls"
SELECT_SAVINGS = "Please select a savings account to deduct funds from"
ALREADY_PROCESSED = "This pearl exchange request was already processed."
DENY_NEEDS_REASON = "A reason is required to deny a pearl exchange request"
SELL_BELOW_BUY = "The sell rate must be lower than the buy rate"


def bread_for(*, pearls: int, rate: int) -> int:
    """What a request is worth: whole pearls times whole bread per pearl (no rounding needed)."""
    return pearls * rate


def destination_label(option: str, savings_id: int | None) -> str:
    """How the screens name where a sale's bread goes or a purchase's bread comes from."""
    if option == CASHOUT:
        return "Cash Out"
    if option == NEW_SAVINGS:
        return "New Savings Account"
    return f"Savings Account #{savings_id}"

"""Credit score and loan-rate rules (docs/rules.md "Credit score", "Loans"): constants and pure
functions, no database access."""

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

MIN_SCORE = 0
MAX_SCORE = 300  # "Maximum credit score 300"
REQUIRED_SCORE = 50  # "loans ... need 50 or more points"
MAX_REASON_LENGTH = 500  # what a credit event keeps of a reason
MAX_NOTES_LENGTH = 400  # migration notes, quoted inside the event's reason

# Points earned / lost, by action_type
POINTS_FIRST_SAVINGS = 10  # "+10 first savings account"
POINTS_MORE_SAVINGS = 5  # "+5 additional savings"
POINTS_WEEKLY_PAYMENT = 1  # "+1 weekly payments"
POINTS_LOAN_TAKEN = 20  # "+20 taking a loan"
POINTS_PAYMENT_MADE = 5  # "+5 making payments"
POINTS_LOAN_COMPLETED = 15  # "+15 completing loans"
POINTS_MISSED_PAYMENT = -10  # admin '-10' button

# Base loan rates for the whole term, by amount
RATE_FOR_100K = Decimal("0.50")  # "100,000 loans 50%"
RATE_FOR_500K = Decimal("0.35")  # "500,000 loans 35%"
RATE_OTHER = Decimal("0.30")  # "other amounts 30%"


@dataclass(frozen=True)
class RateRow:
    label: str
    amount: int | None  # None: any other amount
    rate: Decimal


RATE_TABLE = (
    RateRow("Exactly €100,000", 100_000, RATE_FOR_100K),
    RateRow("Exactly €500,000", 500_000, RATE_FOR_500K),
    RateRow("Any other amount", None, RATE_OTHER),
)


@dataclass(frozen=True)
class Tier:
    name: str
    min_score: int
    max_loan_amount: int
    rate_discount: Decimal  # a fraction taken off the loan rate
    savings_bonus: Decimal  # a fraction added to the weekly savings rate
    benefits: tuple[str, ...]


BASIC = Tier(
    "Basic", 0, 1_000_000, Decimal("0"), Decimal("0"), ("Standard rates", "Loans up to €1,000,000 with 50+ points")
)
SILVER = Tier(
    "Silver",
    150,
    5_000_000,
    Decimal("0.01"),
    Decimal("0.005"),
    ("1% lower loan rates", "0.5% extra savings bonus", "Loans up to €5,000,000"),
)
GOLD = Tier(
    "Gold",
    300,
    10_000_000,
    Decimal("0.02"),
    Decimal("0.005"),
    ("2% lower loan rates", "0.5% extra savings bonus", "Maximum loan amounts (€10,000,000)"),
)
TIERS = (GOLD, SILVER, BASIC)  # highest first

# Score colours: 250+ green, 150+ yellow, 100+ orange, else red
SCORE_COLOURS = ((250, "green"), (150, "yellow"), (100, "orange"), (0, "red"))

HOW_TO_EARN = (
    ("First savings account", POINTS_FIRST_SAVINGS),
    ("Each additional savings account", POINTS_MORE_SAVINGS),
    ("Taking a loan", POINTS_LOAN_TAKEN),
    ("Each loan payment made", POINTS_PAYMENT_MADE),
    ("Completing a loan", POINTS_LOAN_COMPLETED),
    ("Each weekly savings payment", POINTS_WEEKLY_PAYMENT),
)


def tier_for(score: int) -> Tier:
    return next(tier for tier in TIERS if score >= tier.min_score)


def score_colour(score: int) -> str:
    return next(colour for floor, colour in SCORE_COLOURS if score >= floor)


def clamp(score: int) -> int:
    return max(MIN_SCORE, min(MAX_SCORE, score))


def tier_range(tier: Tier) -> tuple[int, int]:
    """The scores a tier covers: from its floor to one below the next tier's (the top tier: 300)."""
    higher = [other.min_score for other in TIERS if other.min_score > tier.min_score]
    return tier.min_score, (min(higher) - 1 if higher else MAX_SCORE)


def round_bread(value: Decimal | int) -> int:
    """Half up to a whole bread, once, where an amount is computed."""
    return int(Decimal(value).quantize(Decimal("1"), rounding=ROUND_HALF_UP))


def percent(fraction: Decimal) -> float:
    """A fraction shown as a percentage number: 0.005 -> 0.5."""
    return float((fraction * 100).normalize())


def base_loan_rate(amount: int) -> Decimal:
    """The whole-term rate for an amount before any tier discount (RATE_TABLE)."""
    return next(row.rate for row in RATE_TABLE if row.amount in (amount, None))

"""Loan constants and the pure arithmetic of loans (DOMAIN.md "Money and rates", "Loans").

Decisions where the documents are silent, written down here:
- A loan day's credit points (+5 payment_made) are given the first time that day becomes Paid and
  never twice; re-marking the day Not Paid does not take them back (the admin's -10 exists for that).
- Only Active loans take payments, edits, date or day changes; a Paid-Off loan answers 409.
- A payment is for a date from the loan's start date up to today (default today).
"""

import re
from datetime import date
from decimal import Decimal, InvalidOperation

from bank.errors import BankError
from bank.inputs import free_text
from credit.selectors import round_bread

MAX_AMOUNT = 1_000_000_000  # "a positive whole number, at most 1,000,000,000"
MAX_DAYS = 3650  # ten years: a loan term longer than that is a typing mistake
MAX_RATE = Decimal("5")  # a whole-term fraction: 0.30 = 30 %; 5 = 500 % is the most an admin may set
SOLO_DIVIDEND_SHARE = Decimal("0.35")  # "35% of the interest (total_to_pay minus value)"
MAX_NOTES_LENGTH = 1000

# Messages, as the specs write them where they do
FILL_REQUIRED = "Please fill in all required fields"
SELECT_PLAYER = "Please search and select a player first"
ENTER_VALUE = "Please enter a value"
ENTER_DAYS = "Please enter loan duration in days"
BAD_PAYER_PRODUCTS = "Cannot create products for bad payers"
DENY_NEEDS_REASON = "A reason is required to deny a loan request"
ALREADY_PROCESSED = "This loan request was already processed."
ALREADY_PAID_OFF = "This loan is already paid off."
BAD_DATE_FORMAT = "Invalid date format. Please use YYYY-MM-DD"
BAD_AMOUNT = "Please enter a valid amount: a whole number or a shortcut such as 100k, 500k or 1m"
BAD_DAYS = f"Loan duration must be a whole number of days from 1 to {MAX_DAYS:,}"

_AMOUNT = re.compile(r"^(\d+(?:\.\d+)?)\s*([km]?)$")
_SUFFIX = {"": 1, "k": 1_000, "m": 1_000_000}
_DAYS = re.compile(r"[0-9]{1,6}")
_ISO_DATE = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def total_to_pay(value: int, rate: Decimal) -> int:
    """The whole term's interest is in the rate: value x (1 + rate), rounded half up once."""
    return round_bread(Decimal(value) * (1 + rate))


def daily_payment(total: int, days: int) -> int:
    return round_bread(Decimal(total) / Decimal(days))


def solo_dividend_gain(*, value: int, total: int) -> int:
    """What a pay-off adds to the solo dividends: 35 % of the loan's interest."""
    return round_bread(SOLO_DIVIDEND_SHARE * (total - value))


def parse_amount(raw, *, field: str = "value") -> int:
    """An amount of bread from input: 1500000, "1500000", "1,500,000", "500k", "1m", "1.5m"."""
    if raw is None or isinstance(raw, bool):
        raise BankError(BAD_AMOUNT, fields={field: [BAD_AMOUNT]})
    if isinstance(raw, int):
        number = raw
    elif isinstance(raw, float):
        if not raw.is_integer():
            raise BankError(BAD_AMOUNT, fields={field: [BAD_AMOUNT]})
        number = int(raw)
    else:
        match = _AMOUNT.match(str(raw).strip().lower().replace(",", "").replace("_", ""))
        if not match:
            raise BankError(BAD_AMOUNT, fields={field: [BAD_AMOUNT]})
        exact = Decimal(match.group(1)) * _SUFFIX[match.group(2)]
        if exact != exact.to_integral_value():
            raise BankError(BAD_AMOUNT, fields={field: [BAD_AMOUNT]})
        number = int(exact)
    if not 1 <= number <= MAX_AMOUNT:
        message = f"The amount must be between €1 and €{MAX_AMOUNT:,}"
        raise BankError(message, fields={field: [message]})
    return number


def parse_days(raw, *, field: str = "total_days") -> int:
    """A loan term: a positive whole number of days."""
    if isinstance(raw, bool) or raw is None:
        raise BankError(BAD_DAYS, fields={field: [BAD_DAYS]})
    if isinstance(raw, float):
        if not raw.is_integer():
            raise BankError(BAD_DAYS, fields={field: [BAD_DAYS]})
        raw = int(raw)
    if isinstance(raw, int):
        days = raw
    else:
        # ASCII digits only: str.isdigit() also passes "²", which int() refuses
        text = str(raw).strip()
        if not _DAYS.fullmatch(text):
            raise BankError(BAD_DAYS, fields={field: [BAD_DAYS]})
        days = int(text)
    if not 1 <= days <= MAX_DAYS:
        raise BankError(BAD_DAYS, fields={field: [BAD_DAYS]})
    return days


def parse_rate(raw, *, field: str = "interest_rate") -> Decimal:
    """A whole-term rate as a fraction (0.30 = 30 %), at most 4 decimal places."""
    message = f"The interest rate must be a fraction from 0 to {MAX_RATE} (0.30 = 30%)"
    if raw is None or isinstance(raw, bool) or str(raw).strip() == "":
        raise BankError(message, fields={field: [message]})
    try:
        rate = Decimal(str(raw).strip())
    except InvalidOperation:
        raise BankError(message, fields={field: [message]}) from None
    if not rate.is_finite() or rate < 0 or rate > MAX_RATE or rate != rate.quantize(Decimal("0.0001")):
        raise BankError(message, fields={field: [message]})
    return rate.quantize(Decimal("0.0001"))


def parse_notes(raw, *, field: str = "admin_notes") -> str:
    text = free_text(raw, field=field) if isinstance(raw, str) else ""
    if len(text) > MAX_NOTES_LENGTH:
        message = f"Notes can be at most {MAX_NOTES_LENGTH:,} characters"
        raise BankError(message, fields={field: [message]})
    return text


def parse_iso_date(raw, *, field: str = "date") -> date:
    text = raw.strip() if isinstance(raw, str) else ""
    try:
        if not _ISO_DATE.match(text):
            raise ValueError
        return date.fromisoformat(text)
    except ValueError:
        raise BankError(BAD_DATE_FORMAT, fields={field: [BAD_DATE_FORMAT]}) from None


def start_date_window(today: date) -> tuple[date, date]:
    """Change date: from 1 January of this year to 31 December of next year."""
    return date(today.year, 1, 1), date(today.year + 1, 12, 31)


def parse_start_date(raw, *, today: date, field: str = "new_date") -> date:
    chosen = parse_iso_date(raw, field=field)
    first, last = start_date_window(today)
    if not first <= chosen <= last:
        message = f"Date must be between {first.isoformat()} and {last.isoformat()}"
        raise BankError(message, fields={field: [message]})
    return chosen


def current_day(*, start: date, today: date) -> int:
    """Day 1 is the start date itself; before it the figure is 0 or below."""
    return (today - start).days + 1


def days_passed(*, start: date, today: date, total_days: int) -> int:
    return max(0, min(current_day(start=start, today=today), total_days))

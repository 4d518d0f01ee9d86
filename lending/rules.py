"""Loan constants and the pure arithmetic of loans (docs/rules.md, Money and Loans).

Decisions where the documents are silent, written down here:
- A loan day's credit points (+5 payment_made) are given the first time that day becomes Paid and
  never twice; re-marking the day Not Paid does not take them back (the admin's -10 exists for that).
- Only Active loans take payments, edits, date or day changes; a Paid-Off loan answers 409.
- A payment is for a date from the loan's start date up to today (default today).
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from decimal import ROUND_HALF_UP, Decimal

from bank.errors import BankError
from bank.texts import day_text
from credit.rules import base_loan_rate, round_bread, tier_for

MAX_AMOUNT = 1_000_000_000  # "a positive whole number, at most 1,000,000,000"
MAX_DAYS = 3650  # ten years: a loan term longer than that is a typing mistake
MAX_RATE = Decimal("5")  # a whole-term fraction: 0.30 = 30 %; 5 = 500 % is the most an admin may set
SOLO_DIVIDEND_SHARE = Decimal("0.35")  # "35% of the interest (total_to_pay minus value)"
MAX_NOTES_LENGTH = 500  # reasons and admin notes
# where a loan or a savings account stands today, as Check Loans and Check Savings list them
LOAN_LISTING_STATUSES = ("paid_today", "not_paid_today", "start_today", "period_over", "upcoming")
SAVINGS_LISTING_STATUSES = ("overdue", "due_today", "upcoming")

# Messages, as the specs write them where they do
FILL_REQUIRED = "Please fill in all required fields"
SELECT_PLAYER = "Please search and select a player first"
ENTER_VALUE = "Please enter a value"
ENTER_DAYS = "Please enter loan duration in days"
BAD_PAYER_PRODUCTS = "Cannot create products for bad payers"
DENY_NEEDS_REASON = "A reason is required to deny a loan request"
ALREADY_PROCESSED = "This loan request was already processed."
ALREADY_PAID_OFF = "This loan is already paid off."
NO_PROFILE_WITHDRAWAL = "Player profile not found. Please contact admin."
BAD_AMOUNT = "Please enter a valid amount: a whole number or a shortcut such as 100k, 500k or 1m"
BAD_DAYS = f"Loan duration must be a whole number of days from 1 to {MAX_DAYS:,}"

# ASCII digits only (str.isdigit() also passes "²" and "١"): a plain number, or a shortcut
_AMOUNT = re.compile(r"([0-9]{1,19}(?:\.[0-9]{1,6})?)([km]?)")
_SUFFIX = {"": 1, "k": 1_000, "m": 1_000_000}
_DAYS = re.compile(r"[0-9]{1,6}")
_RATE = re.compile(r"[0-9]{1,2}(?:\.[0-9]{1,8})?")


def total_to_pay(value: int, rate: Decimal) -> int:
    """The whole term's interest is in the rate: value x (1 + rate), rounded half up once."""
    return round_bread(Decimal(value) * (1 + rate))


def daily_payment(total: int, days: int) -> int:
    return round_bread(Decimal(total) / Decimal(days))


DAILY_RATE_PLACES = Decimal("0.0001")  # a daily rate to a hundredth of a percent: 0.0214 = 2.14%


def daily_rate(*, rate: Decimal, total_days: int) -> Decimal:
    """A loan's whole-term rate spread evenly over its days, as the admin spec shows loan rates
    ("30% over 14 days" is 2.14% a day): rate ÷ days, rounded half up once, to a hundredth of a
    percent. Only shown; interest is always charged on the whole-term rate (total_to_pay)."""
    return (Decimal(rate) / Decimal(total_days)).quantize(DAILY_RATE_PLACES, rounding=ROUND_HALF_UP)


def solo_dividend_gain(*, value: int, total: int) -> int:
    """What a pay-off adds to the solo dividends: 35 % of the loan's interest."""
    return round_bread(SOLO_DIVIDEND_SHARE * (total - value))


@dataclass(frozen=True)
class LoanTerms:
    """What a loan of this amount costs a player with this score: the one pricing of loans, used by
    the quote the forms show and by the request and the admin's product alike."""

    value: int
    total_days: int | None
    base_rate: Decimal
    tier_discount: Decimal
    interest_rate: Decimal
    total_to_pay: int
    daily_payment: int | None  # None until the number of days is known


def loan_terms(*, value: int, score: int, total_days: int | None = None) -> LoanTerms:
    base = base_loan_rate(value)
    discount = tier_for(score).rate_discount
    rate = base - discount
    total = total_to_pay(value, rate)
    return LoanTerms(
        value=value,
        total_days=total_days,
        base_rate=base,
        tier_discount=discount,
        interest_rate=rate,
        total_to_pay=total,
        daily_payment=daily_payment(total, total_days) if total_days else None,
    )


def paid_percent(*, amount_paid: int, total_to_pay: int, paid_off: bool) -> float:
    """Share of the total already paid, 0..100 with one decimal; a paid-off loan is fully paid."""
    if paid_off:
        return 100.0
    if total_to_pay <= 0:
        return 0.0
    return min(100.0, float(round_bread(Decimal(amount_paid) * 1000 / total_to_pay)) / 10)


def parse_amount(raw, *, minimum: int = 1) -> int:
    """An amount of bread as a client sends it: a JSON integer, a string of ASCII digits, or the
    spec's shortcuts ("500k", "1m", "1.5m"). Floats, exponents, separators and other scripts'
    digits are refused: the browser sends what it has read, never a guess. From `minimum` (1, or 0
    for a sum that may be nothing, the solo dividends) to MAX_AMOUNT."""
    if isinstance(raw, bool) or not isinstance(raw, int | str):
        raise ValueError(BAD_AMOUNT)
    if isinstance(raw, int):
        number = raw
    else:
        match = _AMOUNT.fullmatch(raw.strip().lower())
        if not match or ("." in match.group(1) and not match.group(2)):  # "1.5m", never "1.5"
            raise ValueError(BAD_AMOUNT)
        exact = Decimal(match.group(1)) * _SUFFIX[match.group(2)]
        if exact != exact.to_integral_value():
            raise ValueError(BAD_AMOUNT)
        number = int(exact)
    if not minimum <= number <= MAX_AMOUNT:
        raise ValueError(f"The amount must be between €{minimum:,} and €{MAX_AMOUNT:,}")
    return number


def parse_days(raw) -> int:
    """A loan term: a whole number of days from 1 to MAX_DAYS (a JSON integer or ASCII digits)."""
    if isinstance(raw, bool) or not isinstance(raw, int | str):
        raise ValueError(BAD_DAYS)
    if isinstance(raw, str):
        if not _DAYS.fullmatch(raw.strip()):
            raise ValueError(BAD_DAYS)
        raw = int(raw.strip())
    if not 1 <= raw <= MAX_DAYS:
        raise ValueError(BAD_DAYS)
    return raw


RATE_PLACES = Decimal("0.0001")  # a stored rate has 4 decimal places: 0.0725 = 7.25%
LOAN_RATE_MESSAGE = f"The interest rate must be a fraction from 0 to {MAX_RATE} (0.30 = 30%)"


def parse_rate(raw, *, maximum: Decimal = MAX_RATE, message: str = LOAN_RATE_MESSAGE) -> Decimal:
    """A rate as a fraction (0.30 = 30 %) from a JSON number or a string of ASCII digits with at
    most one decimal point, at most 4 decimal places, from 0 to `maximum` (a whole-term loan rate
    by default). Exponents ("1e-2"), signs, separators and other scripts' digits are refused."""
    if isinstance(raw, bool) or not isinstance(raw, int | float | str):
        raise ValueError(message)
    text = str(raw).strip()  # a JSON number 0.01 reads "0.01"; 1e-05 reads "1e-05" and is refused
    if not _RATE.fullmatch(text):
        raise ValueError(message)
    rate = Decimal(text)
    if rate > maximum or rate != rate.quantize(RATE_PLACES):
        raise ValueError(message)
    return rate.quantize(RATE_PLACES)


def start_date_window(today: date) -> tuple[date, date]:
    """Change date: from 1 January of this year to 31 December of next year."""
    return date(today.year, 1, 1), date(today.year + 1, 12, 31)


def check_start_date(chosen: date, *, today: date) -> None:
    first, last = start_date_window(today)
    if not first <= chosen <= last:
        message = f"Date must be between {day_text(first)} and {day_text(last)}"
        raise BankError(message, fields={"new_date": [message]})


def current_day(*, start: date, today: date) -> int:
    """Day 1 is the start date itself; before it the figure is 0 or below."""
    return (today - start).days + 1


def days_passed(*, start: date, today: date, total_days: int) -> int:
    return max(0, min(current_day(start=start, today=today), total_days))


LOAN_CHART_DAYS = 30  # My Loans charts at most a loan's first 30 days (spec player-side §9)


@dataclass(frozen=True)
class LoanChart:
    """Amount paid and remaining at the end of each charted day (day 1 first). Days 1..recorded_days
    are what the Paid entries say; the later ones are the plan."""

    recorded_days: int
    amount_paid: list[int]
    remaining: list[int]


def loan_chart(
    *,
    start: date,
    total_days: int,
    total_to_pay: int,
    daily_payment: int,
    days_passed: int,
    paid_off: bool,
    paid: Iterable[tuple[str, int]],
) -> LoanChart:
    """My Loans' chart of one loan: Amount Paid and Remaining Amount at the end of each of its first
    LOAN_CHART_DAYS days (fewer for a shorter loan).

    `paid` is the loan's Paid entries as (ISO date "YYYY-MM-DD", value). Up to today (days_passed)
    a day's amount is the Paid entries dated up to that day's end; after today it assumes every day
    is paid, from the last recorded amount, capped at the total. A paid-off loan has no plan left:
    its record runs to the last charted day. Remaining = total - paid, never below 0."""
    days = max(0, min(total_days, LOAN_CHART_DAYS))
    recorded = days if paid_off else max(0, min(days_passed, days))
    entries = sorted(paid)  # ISO dates sort as the days do
    amounts: list[int] = []
    so_far, taken = 0, 0
    for day in range(1, recorded + 1):
        end = (start + timedelta(days=day - 1)).isoformat()
        while taken < len(entries) and entries[taken][0] <= end:
            so_far += entries[taken][1]
            taken += 1
        amounts.append(so_far)
    planned = amounts[-1] if amounts else 0
    for _ in range(recorded, days):
        planned = min(total_to_pay, planned + daily_payment)
        amounts.append(planned)
    return LoanChart(
        recorded_days=recorded,
        amount_paid=amounts,
        remaining=[max(0, total_to_pay - amount) for amount in amounts],
    )


# --- savings (docs/rules.md, Savings) --------------------------------------------------------

SAVINGS_BASE_RATE = Decimal("0.07")  # 7% a week; Silver and Gold add their savings bonus
MAX_SAVINGS_RATE = Decimal("1")  # a weekly fraction an admin may set: 1 = 100% a week
WEEK_DAYS = 7
CHART_WEEKS = 12  # My Savings draws 12 weeks of earnings
PROJECTION_WEEKS = (12, 24, 52)  # and projects 12, 24 and 52 weeks of compounding


@dataclass(frozen=True)
class ClientLimit:
    client_type: str
    max_accounts: int
    max_total: int


CLIENT_LIMITS = {
    "new": ClientLimit("new", 3, 1_500_000),  # new clients: 3 active savings, 1.5M in total
    "old": ClientLimit("old", 3, 4_000_000),  # old clients: 3 active savings, 4M in total
}


def savings_rate(*, score: int) -> Decimal:
    """The weekly rate of a new savings account for a player with this score."""
    return SAVINGS_BASE_RATE + tier_for(score).savings_bonus


def week_interest(balance: int, rate: Decimal) -> int:
    return round_bread(Decimal(balance) * rate)


def week_due_date(start: date, week: int) -> date:
    """Week n (from 1) falls due n weeks after the start."""
    return start + timedelta(days=WEEK_DAYS * week)


def savings_listing_status(*, next_due: date, today: date, week: int) -> tuple[str, str]:
    """Check Savings: overdue (due before today), due_today, or upcoming, with a readable text."""
    if next_due < today:
        days = (today - next_due).days
        return "overdue", f"Week {week} overdue since {day_text(next_due)} ({days} {'day' if days == 1 else 'days'})"
    if next_due == today:
        return "due_today", f"Week {week} due today"
    return "upcoming", f"Week {week} due on {day_text(next_due)}"


def client_limit_refusal(
    *, limit: ClientLimit, active_count: int, active_total: int, new_accounts: int, added_value: int
) -> str | None:
    """Why opening `new_accounts` accounts or adding `added_value` would break the client's limits,
    or None. The message says the limit and what is left, so the admin can pick another amount."""
    who = f"{limit.client_type.capitalize()} clients"
    if active_count + new_accounts > limit.max_accounts:
        return f"{who} can hold at most {limit.max_accounts} active savings accounts (this player has {active_count})"
    if active_total + added_value > limit.max_total:
        left = max(0, limit.max_total - active_total)
        return (
            f"{who} can hold at most €{limit.max_total:,} in savings: this player holds €{active_total:,}, "
            f"so at most €{left:,} more"
        )
    return None


def client_over_limit(*, limit: ClientLimit, active_count: int, active_total: int) -> bool:
    """More active accounts or more bread in them than the client type allows (a type switched to
    new, or a limit lowered, leaves a player over it)."""
    return active_count > limit.max_accounts or active_total > limit.max_total


def client_status(*, limit: ClientLimit, bad_payer: bool, active_count: int, active_total: int) -> str:
    """Savings Management's status: Bad Payer first, then Over Limit, else Within Limit."""
    if bad_payer:
        return "Bad Payer"
    if client_over_limit(limit=limit, active_count=active_count, active_total=active_total):
        return "Over Limit"
    return "Within Limit"


@dataclass(frozen=True)
class ProjectionWeek:
    week: int
    earnings: int  # the week's interest
    balance: int  # the balance after the week's interest is compounded


def project(accounts: list[tuple[int, Decimal]], weeks: int, *, cap: int | None = None) -> list[ProjectionWeek]:
    """Week-by-week compounding of these (balance, weekly rate) accounts, as if no week were paid out
    while it can be compounded: each account's interest is rounded once a week, as the bank records it.
    A week whose interest would take the accounts' total past `cap` (the client limit they may fill),
    or an account past MAX_AMOUNT, is paid out in the game instead (the bank refuses to compound it):
    it counts as earnings and the balance stays."""
    balances = [balance for balance, _ in accounts]
    rates = [rate for _, rate in accounts]
    rows = []
    for week in range(1, weeks + 1):
        earnings = 0
        for index, rate in enumerate(rates):
            interest = week_interest(balances[index], rate)
            earnings += interest
            room = cap is None or sum(balances) + interest <= cap
            if room and balances[index] + interest <= MAX_AMOUNT:
                balances[index] += interest
        rows.append(ProjectionWeek(week=week, earnings=earnings, balance=sum(balances)))
    return rows


# --- withdrawals (docs/rules.md, Withdrawals) ------------------------------------------------

ADMIN_TIMEZONE = 1  # the admins work at GMT+1
MIN_TIMEZONE, MAX_TIMEZONE = -12, 12
DISPLAY_FORMAT = "24h"


def withdrawal_date_window(today: date) -> tuple[date, date]:
    """A withdrawal may be asked for from today to 31 December of next year."""
    return today, date(today.year + 1, 12, 31)


# --- money effects (docs/rules.md, "Four eyes"): what a change makes the bank owe or be owed -------
# Each is a whole number of bread, 0 or more, computed on the server; above the four-eyes threshold
# (with what the same officer decided alone for the player in 24 hours) a change takes two officers.

YEAR_WEEKS = 52  # a savings rate change counts a year of interest on the balance


def loan_due_by(*, start: date, today: date, total_days: int, daily: int, total: int) -> int:
    """What a loan's days have made due by today: its daily payment for each day passed, at most the total."""
    return min(total, daily * days_passed(start=start, today=today, total_days=total_days))


@dataclass(frozen=True)
class LoanFigures:
    value: int
    total_to_pay: int
    daily_payment: int
    total_days: int
    start_date: date


def loan_figures(*, value: int, rate: Decimal, total_days: int, start_date: date) -> LoanFigures:
    total = total_to_pay(value, rate)
    return LoanFigures(value, total, daily_payment(total, total_days), total_days, start_date)


def loan_change_effect(before: LoanFigures, after: LoanFigures, *, today: date) -> int:
    """An edit of a loan (value, rate, days, start): the most of the differences in what is lent, in
    what will be owed, and in what is due by today."""

    def due(figures: LoanFigures) -> int:
        return loan_due_by(
            start=figures.start_date,
            today=today,
            total_days=figures.total_days,
            daily=figures.daily_payment,
            total=figures.total_to_pay,
        )

    return max(
        abs(after.value - before.value),
        abs(after.total_to_pay - before.total_to_pay),
        abs(due(after) - due(before)),
    )


def savings_rate_effect(*, balance: int, before: Decimal, after: Decimal) -> int:
    """A weekly rate change: the difference in a year's interest on the balance (without compounding)."""
    return round_bread(abs(Decimal(after) - Decimal(before)) * balance * YEAR_WEEKS)


def weeks_due(*, start: date, next_week: int, today: date) -> int:
    """How many weeks not yet recorded have fallen due by today (due today included)."""
    count = 0
    while week_due_date(start, next_week + count) <= today:
        count += 1
        if count > 10_000:  # a start date centuries back: the window refuses it before this matters
            break
    return count


def compounding(*, balance: int, rate: Decimal, weeks: int, ceiling: int = MAX_AMOUNT) -> int:
    """The interest `weeks` weeks of compounding add to `balance`, stopping where the balance would pass
    `ceiling` (the catch-up stops there too)."""
    added = 0
    for _ in range(weeks):
        interest = week_interest(balance + added, rate)
        if balance + added + interest > ceiling:
            break
        added += interest
    return added


def savings_start_effect(*, balance: int, rate: Decimal, next_week: int, before: date, after: date, today: date) -> int:
    """Moving a savings account's start: the interest of the weeks it makes due (or no longer due), as
    the catch-up would compound them."""
    made_due = weeks_due(start=after, next_week=next_week, today=today)
    was_due = weeks_due(start=before, next_week=next_week, today=today)
    return compounding(balance=balance, rate=rate, weeks=abs(made_due - was_due))


def start_date_back_refusal(*, before: date, after: date, allowed_days: int) -> str:
    """Why moving a start date this far back takes two officers, or ""."""
    back = (before - after).days
    if back > allowed_days:
        return (
            f"the start date moves back {back} days, more than the {allowed_days} days one officer may move it "
            "(Bank Settings)"
        )
    return ""


def principal_outstanding(*, value: int, total: int, paid: int) -> int:
    """The part of a loan's value still owed: its value in the share of the total not yet paid."""
    if total <= 0 or paid >= total:
        return 0
    return round_bread(Decimal(value) * (total - paid) / total)


def rate_bound_refusal(*, rate: Decimal, low: Decimal, high: Decimal, what: str) -> str:
    """Why a rate an officer sets is outside the bank's bounds (Bank Settings), or ""."""
    if not low <= rate <= high:
        return f"The {what} must be between {low * 100:.2f}% and {high * 100:.2f}% (Bank Settings)"
    return ""


def client_limit_ceiling(limit: ClientLimit, *, others: int) -> int:
    """The most one account may hold when the player's other active accounts hold `others`."""
    return min(MAX_AMOUNT, max(0, limit.max_total - others))


# --- arrears (docs/rules.md, "Arrears") -------------------------------------------------------
# A loan's arrears are computed by the database for many loans at once (lending.loans.arrears); the
# buckets they fall in are four, their last days Bank Settings (1–3, 4–7, 8–30 and over 30 by default):
# (key, label, least days, most days or None for no end). The keys name the buckets whatever their days
# (the daily figures' columns and the history keep them): "1_3" is the first bucket, "over_30" the last.

ARREARS_BUCKET_KEYS = ("1_3", "4_7", "8_30", "over_30")
ARREARS_BUCKET_ENDS = (3, 7, 30)  # the defaults (BankSettings.ARREARS_BUCKET_ENDS_DEFAULT)
Ends = tuple[int, int, int]


def arrears_bucket_title(least: int, most: int | None) -> str:
    if most is None:
        return f"Over {least - 1} days"
    if least == most:
        return f"{least} day" if least == 1 else f"{least} days"
    return f"{least}–{most} days"


def arrears_buckets(ends: Ends = ARREARS_BUCKET_ENDS) -> tuple[tuple[str, str, int, int | None], ...]:
    """The four buckets of these last days (each after the one before)."""
    leasts = (1, ends[0] + 1, ends[1] + 1, ends[2] + 1)
    mosts: tuple[int | None, ...] = (*ends, None)
    return tuple(
        (key, arrears_bucket_title(least, most), least, most)
        for key, least, most in zip(ARREARS_BUCKET_KEYS, leasts, mosts, strict=True)
    )


SHARE_PLACES = Decimal("0.0001")  # a share of the loans outstanding, as a fraction: 0.0725 = 7.25%


def loan_due_through(*, start: date, total_days: int, total_to_pay: int, daily_payment: int, day: date) -> int:
    """What a loan's days from its start up to `day` (included) make due: the daily payment a day, at most the
    total, and the whole total once its last day is `day` or earlier (docs/rules.md, "Arrears")."""
    if start + timedelta(days=total_days - 1) <= day:
        return total_to_pay
    days = min(max((day - start).days + 1, 0), total_days)
    return min(daily_payment * days, total_to_pay)


@dataclass(frozen=True)
class LoanArrears:
    due_today: int  # today's day, not covered by what was paid beyond what fell due by yesterday
    arrears: int  # due by yesterday less paid, never below 0
    arrears_days: int  # arrears over the daily payment, rounded up


def loan_arrears(
    *, start: date, total_days: int, total_to_pay: int, daily_payment: int, paid: int, today: date
) -> LoanArrears:
    """One open loan's arrears on `today`, as lending.loans.arrears computes them for every loan in SQL (a
    player's own loans, whose entries are read already), and what today's day asks on top of them."""

    def due_through(day: date) -> int:
        return loan_due_through(
            start=start, total_days=total_days, total_to_pay=total_to_pay, daily_payment=daily_payment, day=day
        )

    due = due_through(today - timedelta(days=1))
    arrears = max(due - paid, 0)
    per_day = daily_payment if daily_payment > 0 else 1
    today_asks = due_through(today) - due
    return LoanArrears(
        due_today=max(today_asks - max(paid - due, 0), 0),
        arrears=arrears,
        arrears_days=-(-arrears // per_day),
    )


def arrears_bucket(days: int, ends: Ends = ARREARS_BUCKET_ENDS) -> str | None:
    """The bucket of a loan this many days in arrears; None when it is not in arrears."""
    for key, _label, least, most in arrears_buckets(ends):
        if days >= least and (most is None or days <= most):
            return key
    return None


def share(part: int, whole: int) -> Decimal:
    """`part` as a fraction of `whole` (0 when the whole is 0), rounded half up to 4 places."""
    if whole <= 0:
        return Decimal("0.0000")
    return (Decimal(part) / Decimal(whole)).quantize(SHARE_PLACES, rounding=ROUND_HALF_UP)

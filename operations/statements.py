"""A player's statement for a date range, as CSV a spreadsheet opens (UTF-8 with BOM, ISO dates,
whole-number amounts). Bank-wide: it reads the lending and exchange records (see DESIGN.md, Top level).

Six queries whatever the number of rows: one per kind of record.
"""

import csv
import io
from dataclasses import dataclass
from datetime import date

from django.utils.text import slugify

from accounts.models import Player
from bank.errors import BankError
from exchange.models import PearlExchangeRequest
from lending.models import Loan, LoanPayment, Savings, SavingsWeek, WithdrawalRequest

COLUMNS = ("date", "type", "reference", "status", "amount", "details")
MAX_DAYS = 3 * 366  # a statement covers at most about three years
RANGE_ORDER = "The start date (from) must be on or before the end date (to)"
RANGE_TOO_LONG = f"A statement covers at most {MAX_DAYS:,} days: choose a shorter range"


@dataclass(frozen=True)
class Line:
    day: date
    type: str
    reference: str
    status: str
    amount: int
    details: str

    def row(self) -> list:
        return [self.day.isoformat(), self.type, self.reference, self.status, self.amount, self.details]


def check_range(first: date, last: date) -> None:
    if first > last:
        raise BankError(RANGE_ORDER, code="bad_range", fields={"from": [RANGE_ORDER]})
    if (last - first).days + 1 > MAX_DAYS:
        raise BankError(RANGE_TOO_LONG, code="bad_range", fields={"to": [RANGE_TOO_LONG]})


def _percent(rate) -> str:
    return f"{rate * 100:.2f}".rstrip("0").rstrip(".") + "%"


def statement_lines(*, player: Player, first: date, last: date) -> list[Line]:
    """Every loan, loan payment day, savings account, savings week, withdrawal and pearl exchange of
    the player in [first, last], oldest first."""
    check_range(first, last)
    lines: list[Line] = []
    for loan in Loan.objects.filter(player=player, start_date__range=(first, last)):
        lines.append(
            Line(
                loan.start_date,
                "loan",
                f"Loan #{loan.pk}",
                loan.status,
                loan.value,
                f"{loan.total_days} days at {_percent(loan.interest_rate)}; total to pay {loan.total_to_pay}; "
                f"daily payment {loan.daily_payment}",
            )
        )
    payments = LoanPayment.objects.filter(loan__player=player, date__range=(first, last))
    for payment in payments.values("loan_id", "date", "status", "value"):
        lines.append(
            Line(
                payment["date"], "loan_payment", f"Loan #{payment['loan_id']}", payment["status"], payment["value"], ""
            )
        )
    for savings in Savings.objects.filter(player=player, start_date__range=(first, last)):
        lines.append(
            Line(
                savings.start_date,
                "savings",
                f"Savings #{savings.pk}",
                savings.status,
                savings.principal,
                f"weekly rate {_percent(savings.interest_rate)}; balance now {savings.invested_value}",
            )
        )
    weeks = SavingsWeek.objects.filter(savings__player=player, due_date__range=(first, last))
    for week in weeks.values("savings_id", "week", "due_date", "status", "interest", "interest_compounded"):
        details = f"interest {week['interest']}"
        if week["interest_compounded"]:
            details += f", {week['interest_compounded']} added to the balance"
        lines.append(
            Line(
                week["due_date"],
                "savings_week",
                f"Savings #{week['savings_id']} week {week['week']}",
                week["status"],
                week["interest"],
                details,
            )
        )
    withdrawals = WithdrawalRequest.objects.filter(player=player, withdrawal_date__range=(first, last))
    for withdrawal in withdrawals:
        lines.append(
            Line(
                withdrawal.withdrawal_date,
                "withdrawal",
                f"Withdrawal #{withdrawal.pk}",
                withdrawal.status,
                withdrawal.amount,
                f"requested {withdrawal.created_at.date().isoformat()}",
            )
        )
    exchanges = PearlExchangeRequest.objects.filter(player=player, created_at__date__range=(first, last))
    for exchange in exchanges:
        lines.append(
            Line(
                exchange.created_at.date(),
                f"pearl_{exchange.exchange_type}",
                f"Exchange #{exchange.pk}",
                exchange.status,
                exchange.bread_amount,
                f"{exchange.pearls_amount} pearls at {exchange.exchange_rate}; {exchange.savings_option}",
            )
        )
    order = {"loan": 0, "loan_payment": 1, "savings": 2, "savings_week": 3, "withdrawal": 4}
    return sorted(lines, key=lambda line: (line.day, order.get(line.type, 5), line.reference))


def safe_cell(cell):
    """A text cell a spreadsheet would run as a formula (=, +, -, @) is kept as text."""
    if isinstance(cell, str) and cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + cell
    return cell


def statement_csv(lines: list[Line]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    for line in lines:
        writer.writerow([safe_cell(cell) for cell in line.row()])
    return ("\ufeff" + out.getvalue()).encode("utf-8")


def statement_filename(*, player: Player, first: date, last: date) -> str:
    name = slugify(player.name) or f"player-{player.pk}"
    return f"statement-{name}-{first.isoformat()}-to-{last.isoformat()}.csv"

"""Check the books: recompute every balance from the ledger and from the history, and name every
account whose stored figure differs (site layer: it reads the apps' records).

- a savings account's balance (`Savings.invested_value`) against its entries;
- a loan's paid amount: its entries against its history (the sum of its Paid days);
- the solo dividends (`SoloDividends.dividends`) against their entries, and each paid-off loan's
  solo gain against the entry its pay-off wrote.
Runs daily (bank/jobs.py), after every restore inside its transaction (bank/backup.py), from
`manage.py reconcile`, and in the tests after the races. A fixed number of queries, whatever the
bank's size.
"""

from dataclasses import asdict, dataclass
from datetime import datetime

from django.db.models import Sum
from django.utils import timezone

from bank.core import live
from bank.core.models import LedgerEntry, ReconcileRun
from lending.models import Loan, LoanPayment, Savings, SoloDividends

Account = LedgerEntry.Account


@dataclass(frozen=True)
class Difference:
    account: str  # "savings", "loan" or "solo_dividends"
    account_id: int | None
    label: str  # "Savings #12", "Loan #7", "Solo dividends"
    player_id: int | None
    player_name: str
    stored: int  # the figure the bank keeps (a loan's: the sum of its Paid days)
    from_entries: int  # the same figure recomputed from the ledger
    what: str  # the difference in a sentence


@dataclass(frozen=True)
class Reconciliation:
    checked_at: datetime
    accounts_checked: int
    differences: list[Difference]

    @property
    def balanced(self) -> bool:
        return not self.differences

    def as_dict(self) -> dict:
        return {
            "checked_at": self.checked_at,
            "accounts_checked": self.accounts_checked,
            "differences": [asdict(difference) for difference in self.differences],
        }


def _net(kind: str) -> dict[int | None, int]:
    """Every account of a kind: what its entries brought in less what they took out (two queries)."""
    net: dict[int | None, int] = {}
    incoming = LedgerEntry.objects.filter(to_account=kind).values("to_id").annotate(total=Sum("amount"))
    for row in incoming.order_by():
        net[row["to_id"]] = net.get(row["to_id"], 0) + row["total"]
    outgoing = LedgerEntry.objects.filter(from_account=kind).values("from_id").annotate(total=Sum("amount"))
    for row in outgoing.order_by():
        net[row["from_id"]] = net.get(row["from_id"], 0) - row["total"]
    return net


def _money(amount: int) -> str:
    return f"€{amount:,}"


def reconcile(*, now: datetime | None = None) -> Reconciliation:
    """Recompute every balance and answer what differs (nothing is written)."""
    differences: list[Difference] = []

    savings_net = _net(Account.SAVINGS)
    accounts = Savings.objects.values_list("pk", "player_id", "player__name", "invested_value").order_by("pk")
    savings_count = 0
    for savings_id, player_id, name, balance in accounts:
        savings_count += 1
        entries = savings_net.get(savings_id, 0)
        if entries != balance:
            differences.append(
                Difference(
                    account="savings",
                    account_id=savings_id,
                    label=f"Savings #{savings_id}",
                    player_id=player_id,
                    player_name=name,
                    stored=balance,
                    from_entries=entries,
                    what=f"The balance is {_money(balance)}, its entries add up to {_money(entries)}.",
                )
            )

    loan_net = _net(Account.LOAN)
    paid = dict(
        LoanPayment.objects.filter(status=LoanPayment.Status.PAID)
        .values("loan_id")
        .annotate(total=Sum("value"))
        .order_by()
        .values_list("loan_id", "total")
    )
    gains = dict(
        LedgerEntry.objects.filter(reason="solo_gain", cause_type="loan")
        .values("cause_id")
        .annotate(total=Sum("amount"))
        .order_by()
        .values_list("cause_id", "total")
    )
    loans = Loan.objects.values_list("pk", "player_id", "player__name", "solo_gain").order_by("pk")
    loan_count = 0
    for loan_id, player_id, name, solo_gain in loans:
        loan_count += 1
        history, entries = paid.get(loan_id, 0), loan_net.get(loan_id, 0)
        if history != entries:
            differences.append(
                Difference(
                    account="loan",
                    account_id=loan_id,
                    label=f"Loan #{loan_id}",
                    player_id=player_id,
                    player_name=name,
                    stored=history,
                    from_entries=entries,
                    what=f"Its Paid days add up to {_money(history)}, its entries to {_money(entries)}.",
                )
            )
        if gains.get(loan_id, 0) != solo_gain:
            differences.append(
                Difference(
                    account="loan",
                    account_id=loan_id,
                    label=f"Loan #{loan_id}",
                    player_id=player_id,
                    player_name=name,
                    stored=solo_gain,
                    from_entries=gains.get(loan_id, 0),
                    what=(
                        f"Its pay-off's solo gain is {_money(solo_gain)}, the dividends' entries for it "
                        f"{_money(gains.get(loan_id, 0))}."
                    ),
                )
            )

    dividends = SoloDividends.objects.filter(pk=1).values_list("dividends", flat=True).first() or 0
    dividends_entries = _net(Account.SOLO_DIVIDENDS).get(None, 0)
    if dividends != dividends_entries:
        differences.append(
            Difference(
                account="solo_dividends",
                account_id=None,
                label="Solo dividends",
                player_id=None,
                player_name="",
                stored=dividends,
                from_entries=dividends_entries,
                what=f"The dividends are {_money(dividends)}, their entries add up to {_money(dividends_entries)}.",
            )
        )
    return Reconciliation(
        checked_at=now or timezone.now(),
        accounts_checked=savings_count + loan_count + 1,
        differences=differences,
    )


def reconcile_and_record(*, now: datetime | None = None) -> Reconciliation:
    """Check the books and keep the result (what `GET /api/admin/reconcile` and the Overview show)."""
    result = reconcile(now=now)
    payload = result.as_dict()
    ReconcileRun.objects.create(
        checked_at=result.checked_at, accounts_checked=result.accounts_checked, differences=payload["differences"]
    )
    live.notify({"jobs"})  # an open Overview shows the new result
    return result


def last_reconciliation() -> dict:
    """The last check's result (one query); nulls before the first."""
    run = ReconcileRun.objects.order_by("-checked_at", "-id").first()
    if run is None:
        return {"checked_at": None, "accounts_checked": 0, "differences": []}
    return {"checked_at": run.checked_at, "accounts_checked": run.accounts_checked, "differences": run.differences}


def outcome_text(result: Reconciliation) -> str:
    if result.balanced:
        return f"The books balance: {result.accounts_checked:,} accounts checked."
    return f"{len(result.differences)} difference(s) in {result.accounts_checked:,} accounts checked: " + "; ".join(
        f"{difference.label}: {difference.what}" for difference in result.differences[:3]
    )

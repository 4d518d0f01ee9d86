"""Check the books: recompute every balance from the ledger and from the history, and name every
account whose stored figure differs (site layer: it reads the apps' records).

- a savings account's balance (`Savings.invested_value`) against its entries;
- a loan's paid amount: its entries against its history (the sum of its Paid days);
- the solo dividends (`SoloDividends.dividends`) against their entries, and each paid-off loan's
  solo gain against the entry its pay-off wrote;
- an account the ledger still holds bread in whose savings account or loan is gone (an orphan: a row
  deleted behind the services' back). A removed player's savings leave the books with them (bulk
  delete moves their balance out), so any savings account that is gone must be at 0; what a loan was
  paid back stays on its account, so a loan that is gone is an orphan while its player is still here.
Runs daily (operations/jobs.py), after every restore inside its transaction (operations/backup.py), from
`manage.py reconcile`, and in the tests after the races. A fixed number of queries, whatever the
bank's size (two more when there are accounts that are gone: who owned them).
"""

from dataclasses import asdict, dataclass
from datetime import datetime

from django.db.models import Q, Sum

from accounts.models import Player
from bank import clock, live
from bank.models import LedgerEntry
from bank.texts import counted
from lending.models import Loan, LoanPayment, Savings, SoloDividends

from .book_rules import Difference, rule_breaches
from .models import ReconcileRun

Account = LedgerEntry.Account


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
    for out_row in outgoing.order_by():
        net[out_row["from_id"]] = net.get(out_row["from_id"], 0) - out_row["total"]
    return net


def _money(amount: int) -> str:
    return f"€{amount:,}"


def _orphans(gone: dict[str, dict[int, int]]) -> list[Difference]:
    """The accounts that are gone (kind -> {id: what their entries hold}), each with its player as the
    entries name them; a loan's only while that player is still here (two queries, none without any)."""
    if not any(gone.values()):
        return []
    named = Q()
    for kind, accounts in gone.items():
        named |= Q(to_account=kind, to_id__in=list(accounts)) | Q(from_account=kind, from_id__in=list(accounts))
    owners: dict[tuple[str, int], int] = {}
    rows = LedgerEntry.objects.filter(named).exclude(player_id=None).order_by("id")
    for to_account, to_id, from_account, from_id, player_id in rows.values_list(
        "to_account", "to_id", "from_account", "from_id", "player_id"
    ):
        assert player_id is not None  # excluded above
        for kind, account_id in ((to_account, to_id), (from_account, from_id)):
            if account_id is not None and account_id in gone.get(kind, {}):
                owners.setdefault((kind, account_id), player_id)
    names: dict[int | None, str] = dict(Player.objects.filter(pk__in=set(owners.values())).values_list("pk", "name"))
    differences = []
    for kind, noun, label in ((Account.SAVINGS, "savings account", "Savings"), (Account.LOAN, "loan", "Loan")):
        for account_id, entries in sorted(gone.get(kind, {}).items()):
            player_id = owners.get((kind, account_id))
            if kind == Account.LOAN and player_id not in names:
                continue  # removed with its player (bulk delete): what it was paid back stays on its account
            differences.append(
                Difference(
                    account=str(kind),
                    account_id=account_id,
                    label=f"{label} #{account_id}",
                    player_id=player_id,
                    player_name=names.get(player_id, ""),
                    stored=0,
                    from_entries=entries,
                    what=f"The {noun} no longer exists; its entries still hold {_money(entries)}.",
                )
            )
    return differences


def reconcile(*, now: datetime | None = None) -> Reconciliation:
    """Recompute every balance and answer what differs (nothing is written)."""
    differences: list[Difference] = []

    savings_net = _net(Account.SAVINGS)
    accounts = Savings.objects.values_list("pk", "player_id", "player__name", "invested_value").order_by("pk")
    existing_savings = set()
    for savings_id, player_id, name, balance in accounts:
        existing_savings.add(savings_id)
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
    loans = Loan.objects.values_list(
        "pk", "player_id", "player__name", "solo_gain", "repaid_at_pay_off", "written_off"
    ).order_by("pk")
    existing_loans = set()
    for loan_id, player_id, name, solo_gain, repaid_at_pay_off, written_off in loans:
        existing_loans.add(loan_id)
        history = paid.get(loan_id, 0) + repaid_at_pay_off + written_off
        entries = loan_net.get(loan_id, 0)
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
                    what=(
                        f"Its Paid days, pay-off and write-off add up to {_money(history)}, its entries to "
                        f"{_money(entries)}."
                    ),
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

    gone: dict[str, dict[int, int]] = {
        Account.SAVINGS: {
            account_id: entries
            for account_id, entries in savings_net.items()
            if entries and account_id is not None and account_id not in existing_savings
        },
        Account.LOAN: {
            account_id: entries
            for account_id, entries in loan_net.items()
            if entries and account_id is not None and account_id not in existing_loans
        },
    }
    differences.extend(_orphans(gone))

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
    differences.extend(rule_breaches())
    return Reconciliation(
        checked_at=now or clock.now(),
        accounts_checked=len(existing_savings) + len(existing_loans) + 1,
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


def differences_text(result: Reconciliation) -> str:
    """`2 differences in 1,204 accounts checked`"""
    return f"{counted(len(result.differences), 'difference')} in {counted(result.accounts_checked, 'account')} checked"


def _outcome(accounts_checked: int, differences: list[tuple[str, str]]) -> str:
    """What a check found, in a sentence: the books balance, or how many differ and the first three."""
    if not differences:
        return f"The books balance: {counted(accounts_checked, 'account')} checked."
    listed = "; ".join(f"{label}: {what}" for label, what in differences[:3])
    return f"{counted(len(differences), 'difference')} in {counted(accounts_checked, 'account')} checked: {listed}"


def outcome_text(result: Reconciliation) -> str:
    return _outcome(result.accounts_checked, [(d.label, d.what) for d in result.differences])


def run_outcome_text(run: ReconcileRun) -> str:
    """A kept check's result in the words of `outcome_text`, read from its row."""
    return _outcome(run.accounts_checked, [(d["label"], d["what"]) for d in run.differences])

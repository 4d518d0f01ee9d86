"""The books: every movement of bread is an entry that says what moved, from where to where, and why
(plumbing: imports no app). A service that changes a balance calls `move(...)` in the same
transaction, so the entry commits with the change or not at all, and `operations.reconcile` can recompute
every balance from the entries.

Accounts (LedgerEntry.Account), each a kind and an id:
- `savings(id)`: a savings account's balance (`Savings.invested_value` is its sum);
- `loan(id)`: what a loan has been paid back (the sum of its Paid days);
- `SOLO_DIVIDENDS`: the bank-wide solo dividends;
- `player(id)`: the bread a player holds in the game, where deposits come from and payouts go;
- `BANK`: the bank's own bread: the interest it pays, what it lends, the pearls it trades, and
  corrections (an admin's edit of a balance).
Double entry: each entry takes its amount from one account and gives it to another, so the bread in
all the accounts together never changes; the bank's account may go below zero (what it paid out).
"""

from collections.abc import Iterable, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from django.db import models, transaction

from .models import LedgerEntry
from .registry import merge

Account = tuple[str, int | None]
BANK: Account = (LedgerEntry.Account.BANK, None)
SOLO_DIVIDENDS: Account = (LedgerEntry.Account.SOLO_DIVIDENDS, None)


def savings(savings_id: int) -> Account:
    return (LedgerEntry.Account.SAVINGS, savings_id)


def loan(loan_id: int) -> Account:
    return (LedgerEntry.Account.LOAN, loan_id)


def player(player_id: int) -> Account:
    return (LedgerEntry.Account.PLAYER, player_id)


# the officers' decision (bank.decisions) being carried out: every entry written meanwhile names it
_decision: ContextVar[int | None] = ContextVar("ledger_decision", default=None)


@contextmanager
def decision_scope(decision_id: int):
    """Every entry written inside names this decision (`LedgerEntry.decision_id`)."""
    token = _decision.set(decision_id)
    try:
        yield
    finally:
        _decision.reset(token)


# reason -> what it means: each app registers its own (bank.vocabulary)
REASONS: dict[str, str] = {}


def register_reasons(reasons: Mapping[str, str]) -> None:
    merge(REASONS, reasons, what="ledger reason")


@dataclass(frozen=True)
class Move:
    """One movement to record: `amount` (whole bread, more than 0) from `source` to `to`."""

    amount: int
    source: Account
    to: Account
    reason: str
    player_id: int | None = None
    # the record that caused it (a week, a request, a loan): its model and id are kept
    cause: models.Model | None = None
    actor: object = None  # the acting user (None: the system)
    notes: str = ""
    decision_id: int | None = None  # the decision that moved it, when not the one in scope


def _entry(move: Move) -> LedgerEntry:
    if move.reason not in REASONS:
        raise ValueError(f"unknown ledger reason {move.reason!r}")
    if not isinstance(move.amount, int) or move.amount <= 0:
        raise ValueError(f"a ledger entry moves a positive whole amount, not {move.amount!r}")
    cause = move.cause
    return LedgerEntry(
        amount=move.amount,
        from_account=move.source[0],
        from_id=move.source[1],
        to_account=move.to[0],
        to_id=move.to[1],
        reason=move.reason,
        player_id=move.player_id,
        cause_type=cause._meta.model_name if cause is not None else "",  # type: ignore[misc]  # a model's name is set
        cause_id=cause.pk if cause is not None else None,
        actor_id=getattr(move.actor, "pk", None),
        notes=move.notes,
        decision_id=move.decision_id if move.decision_id is not None else _decision.get(),
    )


def _in_transaction() -> None:
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("ledger entries are written in the transaction of the change they explain")


def move(
    *,
    amount: int,
    source: Account,
    to: Account,
    reason: str,
    player_id: int | None = None,
    cause=None,
    actor=None,
    notes: str = "",
) -> LedgerEntry | None:
    """Record one movement (nothing for 0) in the caller's transaction."""
    if amount == 0:
        return None
    _in_transaction()
    entry = _entry(Move(amount, source, to, reason, player_id, cause, actor, notes))
    entry.save()
    return entry


def adjust(*, account: Account, delta: int, counterpart: Account, reason: str, **details) -> LedgerEntry | None:
    """Record a change of `delta` (either sign) to `account`, taken from or given to `counterpart`."""
    if delta >= 0:
        return move(amount=delta, source=counterpart, to=account, reason=reason, **details)
    return move(amount=-delta, source=account, to=counterpart, reason=reason, **details)


def move_many(moves: Iterable[Move], *, batch_size: int = 500) -> int:
    """Record many movements at once (an overdue run, a removal of players): one insert per batch."""
    entries = [_entry(item) for item in moves if item.amount != 0]
    if entries:
        _in_transaction()
        LedgerEntry.objects.bulk_create(entries, batch_size=batch_size)
    return len(entries)

"""The rules the books must obey, checked by `reconcile` beside the balances (docs/rules.md, "The books").

A balance can agree with its entries while the entries broke the bank's rules: interest for a week that
was not due, or at a rate the account never had; a balance grown past the client limit; money moved by
one officer above the four-eyes threshold; a loan forgiven but counted as paid. Each breach is named,
as a difference is. Site layer: it reads the apps' records.

Entries written before these rules existed (the bank's books from before its decision records) are not
held to the decision rules: a record of kind `books.rules_start`, written by the migration that brought
the rules, says from which ledger entry on they apply.
"""

from bisect import bisect_right
from collections import defaultdict, deque
from dataclasses import dataclass
from datetime import datetime
from decimal import Decimal

from django.db.models import Sum

from accounts.models import Player, User
from bank import clock, decisions
from bank.models import DecisionRecord, LedgerEntry
from lending import rules
from lending.models import Loan, Savings, SavingsWeek

RULES_START = "books.rules_start"
CLIENT_TYPE = "player.client_type"
# what an officer moves without a decision of its own: the books' opening, a removed player's savings
WITHOUT_DECISION = {"opening_balance", "player_removed"}
REPAID_INTO_LOAN = {"loan_day_paid", "loan_paid_off"}
FORGIVEN = "loan_written_off"
SHOWN = 50  # breaches of one rule named one by one; the rest are counted


@dataclass(frozen=True)
class Difference:
    account: str  # "savings", "loan", "solo_dividends", or the rule broken ("rule:interest" ...)
    account_id: int | None
    label: str  # "Savings #12", "Loan #7", "Solo dividends", "Decision #4"
    player_id: int | None
    player_name: str
    stored: int  # the figure the bank keeps (a rule's: what it allows)
    from_entries: int  # the same figure recomputed from the ledger (a rule's: what was done)
    what: str  # the difference in a sentence


def _money(amount: int) -> str:
    return f"€{amount:,}"


def _start() -> tuple[int, datetime | None]:
    """From which ledger entry (and when) the decision rules apply."""
    marker = DecisionRecord.objects.filter(kind=RULES_START).order_by("id").values("details", "at").first()
    if marker is None:
        return 0, None
    return int(marker["details"].get("ledger_from_id", 0)), marker["at"]


class _Names:
    def __init__(self):
        self.names = dict(Player.objects.values_list("pk", "name"))

    def __call__(self, player_id) -> str:
        return self.names.get(player_id, "")


def _capped(rule: str, breaches: list[Difference]) -> list[Difference]:
    if len(breaches) <= SHOWN:
        return breaches
    more = len(breaches) - SHOWN
    return [
        *breaches[:SHOWN],
        Difference(rule, None, "More", None, "", 0, more, f"{more:,} more breaches of the same rule."),
    ]


def _approvals(names: _Names) -> list[Difference]:
    """Every decision one officer carried out alone stays within the threshold of its time, summed with
    what the same officer decided alone for the same player in the 24 hours before it (a decision of
    nothing is within any threshold)."""
    breaches = []
    rows = (
        DecisionRecord.objects.exclude(kind__in=(RULES_START, CLIENT_TYPE))
        .order_by("at", "id")
        .values_list(
            "id",
            "at",
            "kind",
            "player_id",
            "amount",
            "officer_id",
            "officer_name",
            "second_officer_id",
            "four_eyes_above",
        )
    )
    recent: dict[tuple, deque] = defaultdict(deque)
    for record_id, at, kind, player_id, amount, officer_id, officer_name, second_id, threshold in rows:
        label = f"Decision #{record_id}"
        if second_id is not None:
            if second_id == officer_id:
                breaches.append(
                    Difference(
                        "rule:approvals",
                        record_id,
                        label,
                        player_id,
                        names(player_id),
                        2,
                        1,
                        f"{kind} of {_money(amount)} names {officer_name} as both approvers.",
                    )
                )
            continue
        window = recent[(officer_id, player_id)]
        while window and window[0][0] <= at - decisions.WINDOW:
            window.popleft()
        total = sum(earlier for _, earlier in window) + amount
        window.append((at, amount))
        # a decision that moves nothing takes one officer whatever was decided before it (decisions.why_two):
        # after a lowered threshold, the earlier sum alone is no breach of it
        if amount and total > threshold:
            breaches.append(
                Difference(
                    "rule:approvals",
                    record_id,
                    label,
                    player_id,
                    names(player_id),
                    threshold,
                    total,
                    f"{officer_name} decided {_money(total)} alone ({kind} of {_money(amount)} and what they decided "
                    f"alone in the 24 hours before), above the four-eyes threshold of {_money(threshold)}.",
                )
            )
    return _capped("rule:approvals", breaches)


def _movements(names: _Names, ledger_from: int) -> list[Difference]:
    """Every movement an officer made belongs to a decision, and no decision moved more than its amount."""
    breaches = []
    staff = set(User.objects.filter(is_staff=True).values_list("pk", flat=True))
    loose = (
        LedgerEntry.objects.filter(id__gt=ledger_from, decision_id__isnull=True, actor_id__in=staff)
        .exclude(reason__in=WITHOUT_DECISION)
        .order_by("id")
        .values_list("id", "amount", "reason", "player_id")
    )
    for entry_id, amount, reason, player_id in loose:
        breaches.append(
            Difference(
                "rule:decision",
                entry_id,
                f"Entry #{entry_id}",
                player_id,
                names(player_id),
                0,
                amount,
                f"An officer moved {_money(amount)} ({reason}) without a decision.",
            )
        )
    moved = dict(
        LedgerEntry.objects.filter(decision_id__isnull=False)
        .exclude(reason="solo_gain")  # a pay-off's share of the interest: the rules compute it (below)
        .values("decision_id")
        .annotate(total=Sum("amount"))
        .order_by()
        .values_list("decision_id", "total")
    )
    amounts = DecisionRecord.objects.filter(pk__in=list(moved)).values_list("pk", "amount", "kind", "player_id")
    for record_id, amount, kind, player_id in amounts:
        if moved[record_id] > amount:
            breaches.append(
                Difference(
                    "rule:decision",
                    record_id,
                    f"Decision #{record_id}",
                    player_id,
                    names(player_id),
                    amount,
                    moved[record_id],
                    f"{kind} was decided for {_money(amount)} but its entries moved {_money(moved[record_id])}.",
                )
            )
    return _capped("rule:decision", breaches)


def _loans(names: _Names, since: datetime | None) -> list[Difference]:
    """What a loan was repaid and what was forgiven stay apart: a write-off is never a repayment, a loan
    paid off was repaid in full, and solo dividends come only from a loan repaid in full."""
    # keyed by the entries' ids as written (copied, not linked, so the database allows them empty)
    repaid: dict[int | None, int] = defaultdict(int)
    forgiven: dict[int | None, int] = defaultdict(int)
    into = LedgerEntry.objects.filter(to_account=LedgerEntry.Account.LOAN).values("to_id", "reason")
    for row in into.annotate(total=Sum("amount")).order_by():
        if row["reason"] == FORGIVEN:
            forgiven[row["to_id"]] += row["total"]
        elif row["reason"] in REPAID_INTO_LOAN:
            repaid[row["to_id"]] += row["total"]
    out = (
        LedgerEntry.objects.filter(from_account=LedgerEntry.Account.LOAN)
        .values("from_id")
        .annotate(total=Sum("amount"))
    )
    for out_row in out.order_by():
        repaid[out_row["from_id"]] -= out_row["total"]
    breaches = []
    rows = Loan.objects.values_list(
        "pk", "player_id", "value", "total_to_pay", "status", "paid_off_at", "solo_gain", "written_off"
    ).order_by("pk")
    for loan_id, player_id, value, total, status, paid_off_at, solo_gain, written_off in rows:
        label = f"Loan #{loan_id}"

        def breach(stored, found, what, loan_id=loan_id, player_id=player_id, label=label):
            breaches.append(Difference("rule:loan", loan_id, label, player_id, names(player_id), stored, found, what))

        if forgiven[loan_id] != written_off:
            breach(
                written_off,
                forgiven[loan_id],
                f"It was written off for {_money(written_off)}, "
                f"its forgiven entries add up to {_money(forgiven[loan_id])}.",
            )
        if repaid[loan_id] + forgiven[loan_id] > total:
            breach(
                total,
                repaid[loan_id] + forgiven[loan_id],
                f"Repaid {_money(repaid[loan_id])} and forgiven "
                f"{_money(forgiven[loan_id])}: more than its total of {_money(total)}.",
            )
        recent = since is not None and paid_off_at is not None and paid_off_at >= since
        if status == Loan.Status.PAID_OFF and recent and repaid[loan_id] != total:
            breach(
                total, repaid[loan_id], f"It is paid off but was repaid {_money(repaid[loan_id])} of {_money(total)}."
            )
        if solo_gain and (forgiven[loan_id] or (recent and repaid[loan_id] != total)):
            breach(0, solo_gain, f"Its {_money(solo_gain)} of solo dividends came from a loan not repaid in full.")
        if solo_gain and recent and solo_gain != rules.solo_dividend_gain(value=value, total=total):
            breach(
                rules.solo_dividend_gain(value=value, total=total),
                solo_gain,
                "Its solo dividends are not 35% of its interest.",
            )
    return _capped("rule:loan", breaches)


def _rates_in_force() -> dict[int, tuple[list[datetime], list[Decimal]]]:
    """Each savings account's weekly rate over time: the rate it opened with, then each edit's."""
    timeline: dict[int, tuple[list, list]] = {}
    for savings_id, opening, created_at in Savings.objects.values_list("pk", "opening_rate", "created_at"):
        timeline[savings_id] = ([created_at], [opening])
    edits = (
        DecisionRecord.objects.filter(kind="savings.edit", object_type="savings")
        .order_by("at", "id")
        .values_list("object_id", "at", "details")
    )
    for edited_id, at, details in edits:
        if edited_id is not None and edited_id in timeline and "interest_rate" in details:
            value = details["interest_rate"]
            timeline[edited_id][0].append(at)
            timeline[edited_id][1].append(Decimal(str(value[-1] if isinstance(value, list) else value)))
    return timeline


def _interest(names: _Names) -> list[Difference]:
    """Interest only for weeks that were due, at the account's rate at the time, on its balance then."""
    breaches = []
    timeline = _rates_in_force()
    weeks = (
        SavingsWeek.objects.filter(rate__isnull=False)
        .order_by("savings_id", "week")
        .values_list("savings_id", "savings__player_id", "week", "due_date", "interest", "base", "rate", "created_at")
    )
    for savings_id, player_id, week, due, interest, base, rate, created_at in weeks:
        label = f"Savings #{savings_id}"
        # a rated week (the filter) records the balance it was computed on with its rate (lending.savings)
        assert base is not None and rate is not None
        expected = rules.week_interest(base, rate)
        if interest != expected:
            breaches.append(
                Difference(
                    "rule:interest",
                    savings_id,
                    label,
                    player_id,
                    names(player_id),
                    expected,
                    interest,
                    f"Week {week}'s interest is {_money(interest)}, not "
                    f"{_money(expected)} ({rate * 100:.2f}% of {_money(base)}).",
                )
            )
        if created_at is None:
            continue
        if due > clock.local(created_at).date():
            breaches.append(
                Difference(
                    "rule:interest",
                    savings_id,
                    label,
                    player_id,
                    names(player_id),
                    0,
                    interest,
                    f"Week {week} (due {due.isoformat()}) was paid interest before it was due.",
                )
            )
        moments, rates = timeline.get(savings_id, ([], []))
        index = bisect_right(moments, created_at) - 1
        in_force = rates[index] if index >= 0 else None
        if in_force is not None and in_force != rate:
            breaches.append(
                Difference(
                    "rule:interest",
                    savings_id,
                    label,
                    player_id,
                    names(player_id),
                    0,
                    interest,
                    f"Week {week} was paid at {rate * 100:.2f}%, the account's rate then was {in_force * 100:.2f}%.",
                )
            )
    return _capped("rule:interest", breaches)


def _client_types() -> dict[int | None, tuple[list[datetime], list[str]]]:
    """Each player's client type over time: (the moments it changed, the types: one more than the
    moments). A player never changed keeps their current type throughout. Keyed as the decision
    records name their player (a copied id, which the database allows empty)."""
    timelines: dict[int | None, tuple[list, list]] = {
        player_id: ([], [kind]) for player_id, kind in Player.objects.values_list("pk", "client_type")
    }
    rows = (
        DecisionRecord.objects.filter(kind=CLIENT_TYPE).order_by("at", "id").values_list("player_id", "at", "details")
    )
    for player_id, at, details in rows:
        before, after = details.get("client_type", [None, None])
        moments, kinds = timelines.setdefault(player_id, ([], [before]))
        if not moments:
            kinds[0] = before  # the type before its first change
        moments.append(at)
        kinds.append(after)
    return timelines


def _limits(names: _Names, ledger_from: int) -> list[Difference]:
    """No entry grows a player's savings past their client limit of the time, nor an account past the
    largest amount the bank keeps."""
    # keyed by the entries' ids as written (copied, not linked, so the database allows them empty)
    owner: dict[int | None, int] = dict(Savings.objects.values_list("pk", "player_id"))
    types = _client_types()
    balance: dict[int | None, int] = defaultdict(int)
    total: dict[int, int] = defaultdict(int)
    breaches = []
    savings_kind = LedgerEntry.Account.SAVINGS
    entries = (
        (LedgerEntry.objects.filter(to_account=savings_kind) | LedgerEntry.objects.filter(from_account=savings_kind))
        .order_by("id")
        .values_list("id", "from_account", "from_id", "to_account", "to_id", "amount", "created_at", "reason")
    )
    for entry_id, from_account, from_id, to_account, to_id, amount, created_at, reason in entries:
        if from_account == savings_kind:
            balance[from_id] -= amount
            if from_id in owner:
                total[owner[from_id]] -= amount
        if to_account != savings_kind:
            continue
        balance[to_id] += amount
        player_id = owner.get(to_id)
        if player_id is None:
            continue
        total[player_id] += amount
        if entry_id <= ledger_from or reason == "opening_balance":
            continue
        moments, kinds = types.get(player_id, ([], ["new"]))
        kind = kinds[bisect_right(moments, created_at)] or "new"
        limit = rules.CLIENT_LIMITS.get(kind, rules.CLIENT_LIMITS["new"]).max_total
        if total[player_id] > limit or balance[to_id] > rules.MAX_AMOUNT:
            breaches.append(
                Difference(
                    "rule:limit",
                    to_id,
                    f"Savings #{to_id}",
                    player_id,
                    names(player_id),
                    limit,
                    total[player_id],
                    f"Entry #{entry_id} ({reason}, {_money(amount)}) took the player's "
                    f"savings to {_money(total[player_id])}, past the {kind} client limit of {_money(limit)}.",
                )
            )
    return _capped("rule:limit", breaches)


def rule_breaches() -> list[Difference]:
    """Every breach of the books' rules, named (a fixed number of queries, whatever the bank's size)."""
    ledger_from, since = _start()
    names = _Names()
    return [
        *_approvals(names),
        *_movements(names, ledger_from),
        *_loans(names, since),
        *_interest(names),
        *_limits(names, ledger_from),
    ]

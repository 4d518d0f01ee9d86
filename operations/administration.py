"""Bank-wide admin writes that span every app: removing players with everything they hold.

Bank-wide: this module sits on top of the apps and may change any of them.
"""

from django.db import transaction
from django.db.models import Q, Sum
from django.db.models.functions import Coalesce

from accounts.models import Player, User
from accounts.tokens import sessions_end_for_user
from bank import audit, clock, decisions, ledger, live
from bank.errors import BankError
from bank.models import DecisionRecord
from credit.models import CreditEvent
from exchange.models import PearlExchangeRequest
from lending.models import Loan, LoanPayment, PendingLoan, Savings, SavingsWeek, WithdrawalRequest

MSG_SELECT_ONE = "Please select at least one player to delete"
MAX_BULK_DELETE = 1_000
# what the audit trail keeps of a removed player
DELETED_FIELDS = ("name", "discord", "bad_payer", "client_type", "credit_score")


def players_bulk_delete(*, player_ids: list[int], admin: User) -> dict:
    """Remove the players and their loans, savings, requests and credit events, in one transaction.

    Every id must be a player: an unknown one answers 404 and nothing is removed (a person picked
    the players from a list; one missing means the list was stale). The players' sign-in accounts go
    too, with their sessions and sockets. Answers how many rows of each kind were removed.
    """
    ids = sorted(set(player_ids))
    if not ids:
        raise BankError(MSG_SELECT_ONE, code="missing_fields", fields={"player_ids": [MSG_SELECT_ONE]})
    with transaction.atomic():
        # locked in primary-key order, like every service that locks several rows
        players = list(
            Player.objects.select_for_update().filter(pk__in=ids).order_by("pk").only("pk", "user_id", *DELETED_FIELDS)
        )
        missing = sorted(set(ids) - {player.pk for player in players})
        if missing:
            shown = ", ".join(f"#{pk}" for pk in missing[:10])
            raise BankError(
                f"Players not found: {shown}. Refresh the list and try again.", code="not_found", status=404
            )
        user_ids = [player.user_id for player in players if player.user_id]
        of_players = {"player_id__in": ids}
        decided = _removal_decisions(players, admin=admin)
        counts = {
            "players_count": len(players),
            "loans_count": Loan.objects.filter(**of_players).count(),
            "savings_count": Savings.objects.filter(**of_players).count(),
            "pending_loans_count": PendingLoan.objects.filter(**of_players).count(),
            "withdrawal_requests_count": WithdrawalRequest.objects.filter(**of_players).count(),
            "pearl_exchange_requests_count": PearlExchangeRequest.objects.filter(**of_players).count(),
            "credit_events_count": CreditEvent.objects.filter(**of_players).count(),
        }
        # the bread still in their savings leaves the books with them, to the players' hands; what
        # they still owe on loans is forgiven, as a write-off records it (never as repaid)
        ledger.move_many(
            ledger.Move(
                amount=balance,
                source=ledger.savings(savings_id),
                to=ledger.player(owner_id),
                reason="player_removed",
                player_id=owner_id,
                actor=admin,
                decision_id=decided.get(owner_id),
            )
            for savings_id, owner_id, balance in Savings.objects.filter(
                **of_players, status=Savings.Status.ACTIVE
            ).values_list("pk", "player_id", "invested_value")
        )
        ledger.move_many(
            ledger.Move(
                amount=owed,
                source=ledger.BANK,
                to=ledger.loan(loan_id),
                reason="loan_written_off",
                player_id=owner_id,
                actor=admin,
                notes="The player was removed",
                decision_id=decided.get(owner_id),
            )
            for loan_id, owner_id, owed in _owed_on_active_loans(ids)
        )
        # children first, so that each delete finds nothing left pointing at its rows
        PearlExchangeRequest.objects.filter(**of_players).delete()
        WithdrawalRequest.objects.filter(**of_players).delete()
        PendingLoan.objects.filter(**of_players).delete()
        LoanPayment.objects.filter(loan__player_id__in=ids).delete()
        SavingsWeek.objects.filter(savings__player_id__in=ids).delete()
        Loan.objects.filter(**of_players).delete()
        Savings.objects.filter(**of_players).delete()
        CreditEvent.objects.filter(**of_players).delete()
        # the trail keeps who each removed player was (entries copy names, they do not link)
        audit.record_many(
            actor=admin,
            kind="player.deleted",
            changes=[
                audit.Change(obj=player, player=player, before=audit.snapshot(player, DELETED_FIELDS), after={})
                for player in players
            ],
        )
        Player.objects.filter(pk__in=ids).delete()
        for user_id in user_ids:
            # whoever is signed in as a removed player is signed out at once
            sessions_end_for_user(user_id=user_id)
        User.objects.filter(pk__in=user_ids, is_staff=False).delete()
        live.notify(
            {
                "players",
                "credit",
                "loans",
                "pending_loans",
                "savings",
                "withdrawal_requests",
                "pearl_exchange_requests",
            },
            ids,
        )
    return counts


def _owed_on_active_loans(player_ids: list[int]) -> list[tuple[int, int, int]]:
    """(loan, player, what is left to pay) of the players' active loans that still owe something."""
    rows = (
        Loan.objects.filter(player_id__in=player_ids, status=Loan.Status.ACTIVE)
        .annotate(paid=Coalesce(Sum("payments__value", filter=Q(payments__status=LoanPayment.Status.PAID)), 0))
        .values_list("pk", "player_id", "total_to_pay", "paid")
        .order_by("pk")
    )
    return [(loan_id, owner, total - paid) for loan_id, owner, total, paid in rows if total > paid]


REMOVAL_TOO_LARGE = (
    "{names} still {verb} more with the bank than you may settle alone (savings paid out, loans forgiven): "
    "withdraw, pay off or write off first, with a second officer where it takes one. Nothing was removed."
)


def _removal_decisions(players: list[Player], *, admin: User) -> dict[int, int]:
    """Removing a player who holds savings or owes on loans pays the savings out and forgives the loans:
    a decision of that amount per player (bank.decisions). One officer removes players only within
    what they may decide alone; otherwise nothing is removed (409) and the officer settles first.
    Answers each player's decision record id."""
    ids = [player.pk for player in players]
    held: dict[int, int] = {}
    for owner, balance in Savings.objects.filter(player_id__in=ids, status=Savings.Status.ACTIVE).values_list(
        "player_id", "invested_value"
    ):
        held[owner] = held.get(owner, 0) + balance
    for _loan, owner, owed in _owed_on_active_loans(ids):
        held[owner] = held.get(owner, 0) + owed
    threshold = decisions.four_eyes_above()
    names = {player.pk: player.name for player in players}
    too_large = [
        names[owner]
        for owner, amount in held.items()
        if amount and decisions.why_two(officer=admin, player_id=owner, amount=amount, threshold=threshold)
    ]
    if too_large:
        shown = ", ".join(sorted(too_large)[:5]) + (f" and {len(too_large) - 5} more" if len(too_large) > 5 else "")
        raise BankError(
            REMOVAL_TOO_LARGE.format(names=shown, verb="holds or owes" if len(too_large) == 1 else "hold or owe"),
            code="settle_first",
            status=409,
        )
    records = DecisionRecord.objects.bulk_create(
        [
            DecisionRecord(
                at=clock.now(),
                kind="player.removed",
                player_id=owner,
                amount=amount,
                officer_id=admin.pk,
                officer_name=admin.get_username(),
                four_eyes_above=threshold,
                object_type="player",
                object_id=owner,
                details={"held_and_owed": amount},
            )
            for owner, amount in sorted(held.items())
            if amount
        ]
    )
    decided = {}
    for record in records:
        assert record.player_id is not None  # each names the player removed, above
        decided[record.player_id] = record.pk
    return decided

"""Bank-wide admin writes that span every app: removing players with everything they hold.

Bank-wide: this module sits on top of the apps and may change any of them.
"""

from django.db import transaction

from accounts.models import Player, User
from accounts.tokens import sessions_end_for_user
from bank.core import audit, ledger, live
from bank.core.errors import BankError
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
        counts = {
            "players_count": len(players),
            "loans_count": Loan.objects.filter(**of_players).count(),
            "savings_count": Savings.objects.filter(**of_players).count(),
            "pending_loans_count": PendingLoan.objects.filter(**of_players).count(),
            "withdrawal_requests_count": WithdrawalRequest.objects.filter(**of_players).count(),
            "pearl_exchange_requests_count": PearlExchangeRequest.objects.filter(**of_players).count(),
            "credit_events_count": CreditEvent.objects.filter(**of_players).count(),
        }
        # the bread still in their savings leaves the books with them, to the players' hands
        ledger.move_many(
            ledger.Move(
                amount=balance,
                source=ledger.savings(savings_id),
                to=ledger.player(owner_id),
                reason="player_removed",
                player_id=owner_id,
                actor=admin,
            )
            for savings_id, owner_id, balance in Savings.objects.filter(
                **of_players, status=Savings.Status.ACTIVE
            ).values_list("pk", "player_id", "invested_value")
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

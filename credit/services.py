"""Every change to a credit score goes through here: one CreditEvent per change."""

from collections import defaultdict

from django.db import transaction

from accounts.models import Player, User
from accounts.services import player_locked
from bank import audit, live
from bank.errors import BankError

from . import migration, rules
from .models import CreditEvent

Action = CreditEvent.Action
ADJUST_KINDS = {Action.MANUAL_ADJUSTMENT, Action.DONATION, Action.FRIEND_INVITE}
PENALTIES = {"missed_payment": Action.PAYMENT_MISSED, "loan_default": Action.LOAN_DEFAULTED}
BULK_BATCH = 500
ID_CHUNK = 5_000


def _apply(*, player: Player, new_score: int, action_type: str, reason: str, admin: User | None) -> CreditEvent:
    old_score = player.credit_score
    new_score = rules.clamp(new_score)
    player.credit_score = new_score
    player.save(update_fields=["credit_score"])
    event = CreditEvent.objects.create(
        player=player,
        action_type=action_type,
        reason=reason[:500],
        points_change=new_score - old_score,
        old_score=old_score,
        new_score=new_score,
        admin_user=admin,
    )
    live.notify({"credit", "players"}, [player.pk])
    return event


@transaction.atomic
def credit_record(
    *, player_id: int, action_type: str, points: int, reason: str, admin: User | None = None
) -> CreditEvent:
    """Add (or take) points, clamped to 0..300, with the player's row locked."""
    player = player_locked(player_id=player_id)
    return _apply(
        player=player, new_score=player.credit_score + points, action_type=action_type, reason=reason, admin=admin
    )


@transaction.atomic
def credit_set(*, player_id: int, score: int, action_type: str, reason: str, admin: User | None = None) -> CreditEvent:
    player = player_locked(player_id=player_id)
    return _apply(player=player, new_score=score, action_type=action_type, reason=reason, admin=admin)


def _event_audit(*, admin: User, kind: str, event: CreditEvent, player: Player) -> None:
    audit.record(
        actor=admin,
        kind=kind,
        obj=event,
        player=player,
        before={"credit_score": event.old_score},
        after={"credit_score": event.new_score, "action_type": event.action_type, "reason": event.reason},
    )


@transaction.atomic
def credit_penalty(*, player_id: int, penalty_type: str, admin: User, reason: str = "") -> CreditEvent:
    """missed_payment takes 10 points; loan_default sets the score to 0."""
    event = _credit_penalty(player_id=player_id, penalty_type=penalty_type, admin=admin, reason=reason)
    _event_audit(admin=admin, kind="credit.penalty", event=event, player=event.player)
    return event


def _credit_penalty(*, player_id: int, penalty_type: str, admin: User, reason: str = "") -> CreditEvent:
    if penalty_type not in PENALTIES:
        raise ValueError(f"unknown penalty {penalty_type!r}")  # the serializer passes only the two
    if penalty_type == "missed_payment":
        return credit_record(
            player_id=player_id,
            action_type=Action.PAYMENT_MISSED,
            points=rules.POINTS_MISSED_PAYMENT,
            reason=reason or "Missed payment penalty",
            admin=admin,
        )
    return credit_set(
        player_id=player_id,
        score=0,
        action_type=Action.LOAN_DEFAULTED,
        reason=reason or "Loan default penalty",
        admin=admin,
    )


def credit_adjust(
    *, player_id: int, points_change: int, reason: str, admin: User, kind: str = Action.MANUAL_ADJUSTMENT
) -> CreditEvent:
    """An admin's signed adjustment (-300..300, not 0) with a required reason."""
    if not reason or points_change == 0 or abs(points_change) > rules.MAX_SCORE or kind not in ADJUST_KINDS:
        raise ValueError("an adjustment needs a reason, a kind and points from -300 to 300, not 0")
    with transaction.atomic():
        event = credit_record(player_id=player_id, action_type=kind, points=points_change, reason=reason, admin=admin)
        _event_audit(admin=admin, kind="credit.adjusted", event=event, player=event.player)
    return event


def credit_migration_execute(*, player_ids: list[int] | None, admin: User, notes: str = "") -> list[CreditEvent]:
    """Set the selected players' scores to what their records say: one manual_adjustment each.

    The scores are computed here, from the records, never taken from the client.
    """
    if player_ids is None:  # Select All: every player of the bank
        player_ids = list(Player.objects.values_list("pk", flat=True))
    if not player_ids:
        raise BankError("Select at least one player to migrate", fields={"migration_data": ["Empty selection."]})
    ids = sorted(set(player_ids))
    with transaction.atomic():
        # in chunks: SQLite takes at most 32,766 values in one statement
        players: list[Player] = []
        for start in range(0, len(ids), ID_CHUNK):
            chunk = ids[start : start + ID_CHUNK]
            players += Player.objects.select_for_update().filter(pk__in=chunk).order_by("pk")
        if len(players) != len(ids):
            raise BankError("Some selected players no longer exist; preview again", code="not_found", status=404)
        # a selection too large to name in one query is scored with everyone (one query per source)
        calculated = migration.calculate(player_ids=ids if len(ids) <= ID_CHUNK else None)
        events = []
        for player in players:
            score = rules.clamp(calculated[player.pk]["calculated_score"])
            reason = f"Credit score migration: {score} from banking records" + (f" ({notes})" if notes else "")
            events.append(
                CreditEvent(
                    player=player,
                    action_type=Action.MANUAL_ADJUSTMENT,
                    reason=reason[:500],
                    points_change=score - player.credit_score,
                    old_score=player.credit_score,
                    new_score=score,
                    admin_user=admin,
                )
            )
            player.credit_score = score
        # in bulk (a save per player held the write lock for over 10 s with 10,000 players): one
        # UPDATE per score and batch, at most 301 + n/500, cheaper than bulk_update's CASE WHEN
        ids_by_score = defaultdict(list)
        for player in players:
            ids_by_score[player.credit_score].append(player.pk)
        for score, score_ids in ids_by_score.items():
            for start in range(0, len(score_ids), BULK_BATCH):
                Player.objects.filter(pk__in=score_ids[start : start + BULK_BATCH]).update(credit_score=score)
        events = CreditEvent.objects.bulk_create(events, batch_size=BULK_BATCH)
        audit.record_many(
            actor=admin,
            kind="credit.migrated",
            changes=[
                audit.Change(
                    obj=player,
                    player=player,
                    before={"credit_score": event.old_score},
                    after={"credit_score": event.new_score, "notes": notes},
                )
                for player, event in zip(players, events, strict=True)
            ],
        )
        live.notify({"credit", "players"}, ids)  # one notice for the whole migration
    return events

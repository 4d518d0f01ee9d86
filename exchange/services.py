"""Every write about pearl exchange rates and requests (docs/rules.md, Pearl exchange).

Lock order, the bank's one (docs/rules.md, "Lock order"), as every savings write: the player first, then
the request, then the player's savings (locked by the savings services, which hand this module the
locked account), then the bank-wide rows (the exchange settings). So a purchase
and a withdrawal paid from one account, or two purchases, wait for each other and never both spend the
same bread.
"""

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone

from accounts.models import Player, User
from accounts.selectors import player_for_call
from accounts.services import player_locked
from bank.core import audit, decisions, ledger, live, outbox, roles
from bank.core.decisions import AwaitingSecondApproval, Verdict, locked_pending
from bank.core.errors import BankError
from lending.models import Savings
from lending.rules import BAD_PAYER_PRODUCTS
from lending.savings import services as savings_services
from lending.savings.selectors import client_limit_refusal

from . import rules
from .models import ExchangeSettings, PearlExchangeRequest

Option = PearlExchangeRequest.Option
Type = PearlExchangeRequest.Type


@transaction.atomic
def exchange_settings_set(
    *, admin: User, sell_rate: int | None = None, buy_rate: int | None = None
) -> ExchangeSettings:
    """Admin: new rates (whole bread per pearl, sell below buy); requests already filed keep theirs."""
    row = ExchangeSettings.locked()
    sell = row.sell_rate if sell_rate is None else sell_rate
    buy = row.buy_rate if buy_rate is None else buy_rate
    if sell >= buy:
        raise BankError(rules.SELL_BELOW_BUY, code="sell_not_below_buy", fields={"sell_rate": [rules.SELL_BELOW_BUY]})
    before = {"sell_rate": row.sell_rate, "buy_rate": row.buy_rate}
    row.sell_rate, row.buy_rate, row.updated_by = sell, buy, admin
    row.save()
    audit.record(
        actor=admin, kind="exchange.rates_set", obj=row, before=before, after={"sell_rate": sell, "buy_rate": buy}
    )
    live.notify({"exchange_settings"}, everyone=True)
    return row


def _own_active_savings(player, savings_id: int | None) -> Savings:
    # no id finds no account (pk=None): the same 404
    savings = Savings.objects.filter(pk=savings_id, player=player, status=Savings.Status.ACTIVE).first()  # type: ignore[misc]
    if savings is None:  # another player's, closed, or none: the same answer
        raise BankError("Savings account not found", code="not_found", status=404)
    return savings


def exchange_request_create(
    *,
    user: User,
    player_id: int | None,
    exchange_type: str,
    pearls_amount: int,
    savings_option: str,
    savings_id: int | None,
) -> PearlExchangeRequest:
    """A player asks to sell or buy pearls; the server prices it at today's rate, which it keeps."""
    player = player_for_call(user=user, player_id=player_id)
    rates = ExchangeSettings.current()
    rate = rates.sell_rate if exchange_type == Type.SELL else rates.buy_rate
    bread = rules.bread_for(pearls=pearls_amount, rate=rate)
    savings = None
    if savings_option == Option.SAVINGS:
        savings = _own_active_savings(player, savings_id)
        if exchange_type == Type.BUY and savings.invested_value < bread:
            # a refusal, not a mistake in the form: no `fields`, so the screen words it as every refusal
            message = (
                f"Savings Account #{savings.pk} holds €{savings.invested_value:,}, "
                f"not enough to pay €{bread:,} for {pearls_amount:,} pearls"
            )
            raise BankError(message, code="not_covered")
    elif exchange_type == Type.BUY:
        raise BankError(rules.SELECT_SAVINGS, code="missing_fields", fields={"savings_option": [rules.SELECT_SAVINGS]})
    elif savings_option == Option.NEW_SAVINGS and player.bad_payer:
        raise BankError(BAD_PAYER_PRODUCTS, code="bad_payer")
    if exchange_type == Type.SELL and savings_option != Option.CASHOUT:
        # a sale into savings that the client limits already refuse is refused now, as approval would
        # (approval checks again: the savings may change while the request waits)
        refusal = client_limit_refusal(
            player=player, new_accounts=1 if savings_option == Option.NEW_SAVINGS else 0, added_value=bread
        )
        if refusal:
            raise BankError(refusal, code="client_limit")
    with transaction.atomic():
        request = PearlExchangeRequest.objects.create(
            player=player,
            exchange_type=exchange_type,
            pearls_amount=pearls_amount,
            exchange_rate=rate,
            bread_amount=bread,
            savings_option=savings_option,
            savings=savings,
            requested_by=user,
        )
        live.notify({"pearl_exchange_requests"}, [player.pk])
    return request


def _locked_request(request_id: int) -> tuple[Player, PearlExchangeRequest]:
    """The request's player, then the request (the lock order), if the request is still pending."""
    return locked_pending(
        PearlExchangeRequest,
        request_id,
        not_found="Pearl exchange request not found",
        already_processed=rules.ALREADY_PROCESSED,
        lock_owner=lambda player_id: player_locked(player_id=player_id),
    )


def _decided(
    request: PearlExchangeRequest,
    *,
    status: str,
    admin: User,
    notes: str,
    player,
    approved_by: str = "",
    approved_by_public: str = "",
) -> None:
    request.status = status
    request.decided_by = admin
    request.decided_at = timezone.now()
    request.admin_notes = notes
    request.save(update_fields=["status", "decided_by", "decided_at", "admin_notes", "created_savings", "approvals"])
    approved = status == PearlExchangeRequest.Status.APPROVED
    audit.record(
        actor=admin,
        kind="exchange.approved" if approved else "exchange.denied",
        obj=request,
        player=player,
        before={"status": "pending"},
        after={
            "status": status,
            "exchange_type": request.exchange_type,
            "pearls_amount": request.pearls_amount,
            "bread_amount": request.bread_amount,
            "savings_option": request.savings_option,
            "savings_id": request.savings_id,
            "created_savings_id": request.created_savings_id,
            "admin_notes": notes,
            **({"approved_by": approved_by} if approved else {}),
        },
    )
    what = f"{'sell' if request.exchange_type == Type.SELL else 'buy'} {request.pearls_amount:,} pearls"
    what += f" for €{request.bread_amount:,}"
    outbox.enqueue(
        kind=f"exchange.{'approved' if approved else 'denied'}",
        player=player,
        content=f"your request to {what} was approved."
        if approved
        else f"your request to {what} was denied. Reason: {notes}",
        officer=approved_by_public if approved else admin.public_name,
    )


@transaction.atomic
def exchange_request_approve(
    *, request_id: int, admin: User, notes: str = ""
) -> PearlExchangeRequest | AwaitingSecondApproval:
    """Approve, with its effect on the savings: a cash-out moves nothing in the bank; a sale into new
    savings opens an account (limits and credit points apply); a sale into an account grows it
    (limits apply); a purchase takes its bread from the account. What no longer fits answers 409 and
    changes nothing. Above the four-eyes threshold (on the bread) the first officer's approval is only
    recorded (bank.core.decisions)."""
    player, request = _locked_request(request_id)
    verdict = decisions.decide(
        kind="exchange",
        officer=admin,
        player=player,
        amount=request.bread_amount,
        least_role=roles.LOAN_OFFICER,
        request=request,
        notes=notes,
        asked_total=decisions.asked(player_id=player.pk, until=request.created_at),
        live_kind="pearl_exchange_requests",
        details={"exchange_type": request.exchange_type, "bread_amount": request.bread_amount},
    )
    if isinstance(verdict, AwaitingSecondApproval):
        return verdict
    with verdict.carrying_out():
        _carry_out(request, player=player, admin=admin, verdict=verdict)
    _decided(
        request,
        status=PearlExchangeRequest.Status.APPROVED,
        admin=admin,
        notes=notes,
        player=player,
        approved_by=verdict.approved_by,
        approved_by_public=verdict.approved_by_public,
    )
    live.notify({"pearl_exchange_requests"}, [player.pk])
    return request


def _carry_out(request: PearlExchangeRequest, *, player, admin: User, verdict: Verdict) -> None:
    if request.exchange_type == Type.BUY:
        savings = savings_services.savings_locked_active(player=player, savings_id=request.savings_id)
        if savings is None or savings.invested_value < request.bread_amount:
            held = savings.invested_value if savings is not None else 0
            raise BankError(
                f"The savings account (€{held:,}) no longer covers this purchase of €{request.bread_amount:,}",
                code="not_covered",
                status=409,
            )
        # the player pays the bank for the pearls from the savings
        savings_services.savings_take(
            savings=savings, amount=request.bread_amount, to=ledger.BANK, reason="pearl_buy", cause=request, actor=admin
        )
        live.notify({"savings"}, [player.pk])
    elif request.savings_option == Option.NEW_SAVINGS:
        if player.bad_payer:
            raise BankError(BAD_PAYER_PRODUCTS, code="bad_payer", status=409)
        # the bank pays for the pearls into a new account
        request.created_savings = savings_services.savings_open(
            player=player,
            invested_value=request.bread_amount,
            by=admin,
            limit_status=409,
            funded_by=ledger.BANK,
            reason="pearl_sale",
            cause=request,
            four_eyes=verdict.two,
        )
    elif request.savings_option == Option.SAVINGS:
        if request.savings_id is None:
            raise BankError(
                "The savings account this sale was to be paid into no longer exists. Deny this request; the "
                "player may ask again into another account.",
                code="savings_closed",
                status=409,
            )
        savings_services.savings_grow(
            player=player,
            savings_id=request.savings_id,
            amount=request.bread_amount,
            funded_by=ledger.BANK,
            reason="pearl_sale",
            cause=request,
            actor=admin,
            limit_status=409,
        )
    else:  # a cash-out: the bank pays for the pearls in the game, the savings do not change
        ledger.move(
            amount=request.bread_amount,
            source=ledger.BANK,
            to=ledger.player(player.pk),
            reason="pearl_sale",
            player_id=player.pk,
            cause=request,
            actor=admin,
        )


@transaction.atomic
def exchange_request_cancel(*, request_id: int, user: User) -> PearlExchangeRequest:
    """A player cancels their own pearl exchange request before it is decided."""
    _, request = decisions.request_cancel(
        PearlExchangeRequest,
        request_id,
        user=user,
        lock_owner=lambda player_id: player_locked(player_id=player_id),
        not_found="Pearl exchange request not found",
        already_processed=rules.ALREADY_PROCESSED,
        kind="exchange",
        live_kind="pearl_exchange_requests",
    )
    return request


@transaction.atomic
def exchange_request_deny(*, request_id: int, admin: User, reason: str) -> PearlExchangeRequest:
    player, request = _locked_request(request_id)  # a decided request answers 409 before anything else
    if not reason:
        raise BankError(
            rules.DENY_NEEDS_REASON, code="reason_required", fields={"admin_notes": [rules.DENY_NEEDS_REASON]}
        )
    _decided(request, status=PearlExchangeRequest.Status.DENIED, admin=admin, notes=reason, player=player)
    live.notify({"pearl_exchange_requests"}, [request.player_id])
    return request


def exchanges_asked(*, player_id: int, since, until) -> int:
    """The bread of the pearl exchanges the player filed in this window, not denied (bank.core.decisions)."""
    return (
        PearlExchangeRequest.objects.filter(player_id=player_id, created_at__gt=since, created_at__lte=until)
        .exclude(status__in=[PearlExchangeRequest.Status.DENIED, PearlExchangeRequest.Status.CANCELLED])
        .aggregate(total=Sum("bread_amount"))["total"]
        or 0
    )

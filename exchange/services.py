"""Every write about pearl exchange rates and requests (docs/rules.md, Pearl exchange).

Lock order, the bank's one (docs/rules.md, "Lock order"), as every savings write: the player first, then
the request, then the player's savings (locked by the savings services, which hand this module the
locked account), then the bank-wide rows (the exchange settings). So a purchase
and a withdrawal paid from one account, or two purchases, wait for each other and never both spend the
same bread.
"""

from django.db import transaction
from django.db.models import Sum

from accounts.models import User
from accounts.selectors import player_for_call
from bank import audit, ledger, live
from bank.decisions import AwaitingSecondApproval, Verdict
from bank.errors import BankError
from bank.requests import RequestKind
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


class PearlExchanges(RequestKind[PearlExchangeRequest]):
    """Deciding a pearl exchange request (bank.requests), with its effect on the savings: a
    cash-out moves nothing in the bank; a sale into new savings opens an account (limits and credit
    points apply); a sale into an account grows it (limits apply); a purchase takes its bread from the
    account. What no longer fits answers 409 and changes nothing. Four eyes counts the bread."""

    model = PearlExchangeRequest
    kind = "exchange"
    live_kind = "pearl_exchange_requests"
    not_found = "Pearl exchange request not found"
    already_processed = rules.ALREADY_PROCESSED
    deny_needs_reason = rules.DENY_NEEDS_REASON
    extra_saved = ("created_savings",)

    def amount(self, request: PearlExchangeRequest) -> int:
        return request.bread_amount

    def details(self, request: PearlExchangeRequest) -> dict:
        return {"exchange_type": request.exchange_type, "bread_amount": request.bread_amount}

    def carry_out(
        self, request: PearlExchangeRequest, player, *, officer, notes, verdict, checked
    ) -> PearlExchangeRequest:
        _carry_out(request, player=player, admin=officer, verdict=verdict)
        return request

    def _values(self, request: PearlExchangeRequest) -> dict:
        return {
            "exchange_type": request.exchange_type,
            "pearls_amount": request.pearls_amount,
            "bread_amount": request.bread_amount,
            "savings_option": request.savings_option,
            "savings_id": request.savings_id,
            "created_savings_id": request.created_savings_id,
        }

    def approved_values(self, request: PearlExchangeRequest, result, notes: str) -> dict:
        return {**self._values(request), "admin_notes": notes}

    def denied_values(self, request: PearlExchangeRequest) -> dict:
        return self._values(request)

    def _what(self, request: PearlExchangeRequest) -> str:
        verb = "sell" if request.exchange_type == Type.SELL else "buy"
        return f"{verb} {request.pearls_amount:,} pearls for €{request.bread_amount:,}"

    def approved_message(self, request: PearlExchangeRequest, result) -> str:
        return f"your request to {self._what(request)} was approved."

    def denied_message(self, request: PearlExchangeRequest, reason: str) -> str:
        return f"your request to {self._what(request)} was denied. Reason: {reason}"


PEARL_EXCHANGES = PearlExchanges()


def exchange_request_approve(
    *, request_id: int, admin: User, notes: str = ""
) -> PearlExchangeRequest | AwaitingSecondApproval:
    """Approve, with its effect on the savings (PearlExchanges); when it takes two officers the first
    officer's approval is only recorded (bank.requests)."""
    return PEARL_EXCHANGES.approve(request_id=request_id, officer=admin, notes=notes)


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


def exchange_request_cancel(*, request_id: int, user: User) -> PearlExchangeRequest:
    """A player cancels their own pearl exchange request before it is decided."""
    return PEARL_EXCHANGES.cancel(request_id=request_id, user=user)


def exchange_request_deny(*, request_id: int, admin: User, reason: str) -> PearlExchangeRequest:
    return PEARL_EXCHANGES.deny(request_id=request_id, officer=admin, reason=reason)


def exchanges_asked(*, player_id: int, since, until) -> int:
    """The bread of the pearl exchanges the player filed in this window, not denied (bank.decisions)."""
    return (
        PearlExchangeRequest.objects.filter(player_id=player_id, created_at__gt=since, created_at__lte=until)
        .exclude(status__in=[PearlExchangeRequest.Status.DENIED, PearlExchangeRequest.Status.CANCELLED])
        .aggregate(total=Sum("bread_amount"))["total"]
        or 0
    )

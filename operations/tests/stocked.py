"""A small bank with a row in every table, for the admin-call and backup tests."""

from datetime import timedelta
from decimal import Decimal

from django.utils import timezone

from accounts.tests.factories import PlayerFactory, made
from bank.models import LedgerEntry
from credit.tests.factories import CreditEventFactory
from exchange.models import ExchangeSettings, PearlExchangeRequest
from lending.models import LoanPayment, SoloDividends
from lending.tests.factories import (
    LoanFactory,
    LoanPaymentFactory,
    PendingLoanFactory,
    SavingsFactory,
    WithdrawalRequestFactory,
)


def exchange_request(player, *, pearls=10, status=PearlExchangeRequest.Status.PENDING, **extra):
    return PearlExchangeRequest.objects.create(
        player=player,
        exchange_type="sell",
        pearls_amount=pearls,
        exchange_rate=2500,
        bread_amount=pearls * 2500,
        savings_option="cashout",
        status=status,
        **extra,
    )


def stock_player(player, *, admin) -> dict:
    """One of each record for the player: 2 loans (one with 2 days entered), 1 savings with 2 weeks,
    1 loan request, 1 withdrawal, 1 pearl exchange, 2 credit events."""
    loan = made(LoanFactory, player=player, created_by=admin, start_date=timezone.localdate() - timedelta(days=1))
    LoanPaymentFactory(loan=loan, date=loan.start_date)
    LoanPaymentFactory(loan=loan, date=loan.start_date + timedelta(days=1), status=LoanPayment.Status.NOT_PAID)
    LoanFactory(player=player, created_by=admin, value=100_000, interest_rate=Decimal("0.5"))
    savings = SavingsFactory(player=player, created_by=admin, weeks=2)
    PendingLoanFactory(player=player)
    WithdrawalRequestFactory(player=player)
    exchange_request(player, savings=savings)
    CreditEventFactory(player=player)
    CreditEventFactory(player=player, old_score=10, new_score=30, action_type="loan_taken", reason="Loan taken")
    return {"loan": loan, "savings": savings}


def stock_bank(*, admin) -> list:
    """Three players with records, a blocked one, a bad payer, the settings and the dividends."""
    players = [PlayerFactory(has_solo_access=True), PlayerFactory(bad_payer=True), PlayerFactory(client_type="old")]
    for player in players:
        stock_player(player, admin=admin)
    PlayerFactory(user=None, blocked_at=timezone.now(), failed_attempts=5)
    SoloDividends.objects.create(pk=1, dividends=123_456)
    LedgerEntry.objects.create(
        amount=123_456, from_account="bank", to_account="solo_dividends", reason="opening_balance"
    )
    ExchangeSettings.objects.create(pk=1, sell_rate=2400, buy_rate=3600, updated_by=admin)
    return players

"""What reads both domains: a player's products, and the caller's bank data."""

from datetime import date

from accounts.models import Player
from lending.loans.models import Loan
from lending.loans.selectors import loan_list_for_player, pending_loans_for_player, solo_dividends_amount
from lending.savings.selectors import savings_list_for_player


def player_products(*, player: Player, today: date | None = None) -> dict:
    """GET /api/players/{id}/products: savings, loans and loan requests of one player. 5 queries."""
    return {
        "savings": savings_list_for_player(player=player, today=today),
        "loans": loan_list_for_player(player=player, today=today),
        "pending_loans": pending_loans_for_player(player=player),
    }


def bank_data_for_player(*, player: Player, today: date | None = None) -> dict:
    """GET /api/me/bank-data: the caller's own products, and the dividends with solo access.

    5 queries (6 with solo access).
    """
    products = player_products(player=player, today=today)
    return {
        "player_id": player.pk,
        **products,
        "summary": products_summary(loans=products["loans"], savings=products["savings"]),
        "solo_dividends": {"dividends": solo_dividends_amount()} if player.has_solo_access else None,
    }


def products_summary(*, loans: list[dict], savings: list[dict]) -> dict:
    """The Overview cards' figures, from rows already read (no query): what was lent and what remains
    to pay, what the savings hold, and how many of each are active."""
    active_loans = [loan for loan in loans if loan["status"] == Loan.Status.ACTIVE]
    active_savings = [account for account in savings if account["status"] == "Active"]
    return {
        "loans_count": len(loans),
        "active_loans_count": len(active_loans),
        "loans_total_value": sum(loan["value"] for loan in loans),
        "loans_remaining": sum(loan["remaining"] for loan in active_loans),
        "savings_count": len(savings),
        "active_savings_count": len(active_savings),
        "savings_total_value": sum(account["invested_value"] for account in active_savings),
        "savings_weekly_earnings": sum(account["weekly_payment"] for account in active_savings),
        # My Savings' counters: weeks paid out and what they paid, over every account
        "savings_payments_received": sum(account["paid_weeks"] for account in savings),
        "savings_total_earnings": sum(account["total_paid_out"] for account in savings),
    }

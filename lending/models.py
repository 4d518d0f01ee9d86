"""The lending app's models live beside their domain; Django finds them here."""

from lending.loans.models import Loan, LoanArrearsBucket, LoanPayment, PendingLoan, SoloDividends
from lending.savings.models import Savings, SavingsWeek, WithdrawalRequest

__all__ = [
    "Loan",
    "LoanArrearsBucket",
    "LoanPayment",
    "PendingLoan",
    "Savings",
    "SavingsWeek",
    "SoloDividends",
    "WithdrawalRequest",
]

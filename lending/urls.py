from django.urls import path

from lending.loans import apis
from lending.products import apis as products_apis
from lending.savings import apis as savings_apis

urlpatterns = [
    # savings
    path("savings", savings_apis.SavingsCreateApi.as_view(), name="savings-create"),
    path("savings/quote", savings_apis.SavingsQuoteApi.as_view(), name="savings-quote"),
    path("savings/<int:pk>", savings_apis.SavingsDetailApi.as_view(), name="savings-detail"),
    path("savings/<int:pk>/payment", savings_apis.SavingsPaymentApi.as_view(), name="savings-payment"),
    path("admin/savings/check", savings_apis.SavingsCheckApi.as_view(), name="savings-check"),
    path("admin/savings/auto-process-overdue", savings_apis.SavingsAutoProcessApi.as_view(), name="savings-auto"),
    path("admin/savings/client-overview", savings_apis.ClientOverviewApi.as_view(), name="savings-clients"),
    path("admin/savings/mark-existing-players", savings_apis.MarkExistingOldApi.as_view(), name="savings-mark-old"),
    path("admin/savings/<int:pk>/edit", savings_apis.SavingsEditApi.as_view(), name="savings-edit"),
    path("admin/savings/<int:pk>/change-date", savings_apis.SavingsChangeDateApi.as_view(), name="savings-change-date"),
    path("admin/players/<int:pk>/client-type", savings_apis.ClientTypeApi.as_view(), name="player-client-type"),
    path("admin/timezone-settings", savings_apis.TimezoneSettingsApi.as_view(), name="timezone-settings"),
    path("players/<int:pk>/total-savings", savings_apis.TotalSavingsApi.as_view(), name="total-savings"),
    # withdrawals
    path("withdrawal-requests", savings_apis.WithdrawalRequestCreateApi.as_view(), name="withdrawal-create"),
    path(
        "withdrawal-requests/<int:pk>/cancel",
        savings_apis.WithdrawalRequestCancelApi.as_view(),
        name="withdrawal-cancel",
    ),
    path("players/<int:pk>/withdrawal-history", savings_apis.WithdrawalHistoryApi.as_view(), name="withdrawal-history"),
    path("admin/withdrawal-requests", savings_apis.WithdrawalListApi.as_view(), name="withdrawal-list"),
    path(
        "admin/withdrawal-requests/<int:pk>/approve",
        savings_apis.WithdrawalApproveApi.as_view(),
        name="withdrawal-approve",
    ),
    path("admin/withdrawal-requests/<int:pk>/deny", savings_apis.WithdrawalDenyApi.as_view(), name="withdrawal-deny"),
    # loans
    path("solo-dividends", apis.SoloDividendsApi.as_view(), name="solo-dividends"),
    path("me/bank-data", products_apis.MyBankDataApi.as_view(), name="my-bank-data"),
    path("players/<int:pk>/products", products_apis.PlayerProductsApi.as_view(), name="player-products"),
    path("pending-loans", apis.LoanRequestCreateApi.as_view(), name="loan-request-create"),
    path("pending-loans/<int:pk>/cancel", apis.LoanRequestCancelApi.as_view(), name="loan-request-cancel"),
    path("loans/quote", apis.LoanQuoteApi.as_view(), name="loan-quote"),
    path("loans/limits", apis.LoanLimitsApi.as_view(), name="loan-limits"),
    path("pending-loans/<int:pk>/approve", apis.LoanRequestApproveApi.as_view(), name="loan-request-approve"),
    path("pending-loans/<int:pk>/deny", apis.LoanRequestDenyApi.as_view(), name="loan-request-deny"),
    path("admin/pending-loans", apis.PendingLoansAdminApi.as_view(), name="pending-loans-admin"),
    path("loans", apis.LoanCreateApi.as_view(), name="loan-create"),
    path("loans/<int:pk>", apis.LoanUpdateApi.as_view(), name="loan-update"),
    path("loans/<int:pk>/payment", apis.LoanPaymentApi.as_view(), name="loan-payment"),
    path("admin/loans/check", apis.LoansCheckApi.as_view(), name="loans-check"),
    path("admin/loans/<int:pk>/edit", apis.LoanEditApi.as_view(), name="loan-edit"),
    path("admin/loans/<int:pk>/change-date", apis.LoanChangeDateApi.as_view(), name="loan-change-date"),
    path("admin/loans/<int:pk>/change-days", apis.LoanChangeDaysApi.as_view(), name="loan-change-days"),
    path("admin/loans/<int:pk>/write-off", apis.LoanWriteOffApi.as_view(), name="loan-write-off"),
]

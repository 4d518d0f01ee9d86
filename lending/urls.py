from django.urls import path

from . import apis

urlpatterns = [
    path("solo-dividends", apis.SoloDividendsApi.as_view(), name="solo-dividends"),
    path("me/bank-data", apis.MyBankDataApi.as_view(), name="my-bank-data"),
    path("players/<int:pk>/products", apis.PlayerProductsApi.as_view(), name="player-products"),
    path("pending-loans", apis.LoanRequestCreateApi.as_view(), name="loan-request-create"),
    path("loans/quote", apis.LoanQuoteApi.as_view(), name="loan-quote"),
    path("loans/limits", apis.LoanLimitsApi.as_view(), name="loan-limits"),
    path("pending-loans/<int:pk>/approve", apis.LoanRequestApproveApi.as_view(), name="loan-request-approve"),
    path("pending-loans/<int:pk>/deny", apis.LoanRequestDenyApi.as_view(), name="loan-request-deny"),
    path("admin/pending-loans", apis.PendingLoansAdminApi.as_view(), name="pending-loans-admin"),
    path("loans", apis.LoanCreateApi.as_view(), name="loan-create"),
    path("loans/<int:pk>", apis.LoanUpdateApi.as_view(), name="loan-update"),
    path("loans/<int:pk>/payment", apis.LoanPaymentApi.as_view(), name="loan-payment"),
    path("admin/loans", apis.LoanListApi.as_view(), name="loan-list"),
    path("admin/loans/check", apis.LoansCheckApi.as_view(), name="loans-check"),
    path("admin/loans/<int:pk>/edit", apis.LoanEditApi.as_view(), name="loan-edit"),
    path("admin/loans/<int:pk>/change-date", apis.LoanChangeDateApi.as_view(), name="loan-change-date"),
    path("admin/loans/<int:pk>/change-days", apis.LoanChangeDaysApi.as_view(), name="loan-change-days"),
]

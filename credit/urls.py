from django.urls import path

from . import apis

urlpatterns = [
    path("players/<int:pk>/credit-score", apis.CreditScoreApi.as_view(), name="credit-score"),
    path("players/<int:pk>/credit-history", apis.CreditHistoryApi.as_view(), name="credit-history"),
    path("loans/eligibility/<int:pk>", apis.LoanEligibilityApi.as_view(), name="loan-eligibility"),
    path("credit/benefits", apis.CreditBenefitsApi.as_view(), name="credit-benefits"),
    path("admin/credit-score/overview", apis.CreditOverviewApi.as_view(), name="credit-overview"),
    path("admin/credit-score/penalty", apis.CreditPenaltyApi.as_view(), name="credit-penalty"),
    path("admin/credit-score/adjust", apis.CreditAdjustApi.as_view(), name="credit-adjust"),
    path("admin/credit-score/migration-preview", apis.MigrationPreviewApi.as_view(), name="credit-migration-preview"),
    path("admin/credit-score/execute-migration", apis.MigrationExecuteApi.as_view(), name="credit-migration-execute"),
]

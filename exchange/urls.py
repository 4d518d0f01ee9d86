from django.urls import path

from . import apis

urlpatterns = [
    path("admin/pearl-exchange-settings", apis.ExchangeSettingsApi.as_view(), name="exchange-settings"),
    path("pearl-exchange/quote", apis.ExchangeQuoteApi.as_view(), name="exchange-quote"),
    path("pearl-exchange-requests", apis.ExchangeRequestCreateApi.as_view(), name="exchange-create"),
    path("pearl-exchange-requests/<int:pk>/cancel", apis.ExchangeRequestCancelApi.as_view(), name="exchange-cancel"),
    path("players/<int:pk>/pearl-exchange-history", apis.ExchangeHistoryApi.as_view(), name="exchange-history"),
    path("admin/pearl-exchange-requests", apis.ExchangeListApi.as_view(), name="exchange-list"),
    path("admin/pearl-exchange-requests/<int:pk>/approve", apis.ExchangeApproveApi.as_view(), name="exchange-approve"),
    path("admin/pearl-exchange-requests/<int:pk>/deny", apis.ExchangeDenyApi.as_view(), name="exchange-deny"),
]

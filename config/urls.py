from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from operations import apis, health, metrics, views

api_patterns: list[URLPattern | URLResolver] = [
    path("", include("accounts.urls")),
    path("", include("credit.urls")),
    path("", include("lending.urls")),
    path("", include("exchange.urls")),
    path("", include("guild_discord.urls")),
    path("admin/dashboard-stats", apis.DashboardStatsApi.as_view(), name="dashboard-stats"),
    path("admin/report", apis.ReportApi.as_view(), name="report"),
    path("admin/players/bad-payers", apis.BadPayersApi.as_view(), name="players-bad-payers"),
    path("admin/players/bulk-delete", apis.PlayersBulkDeleteApi.as_view(), name="players-bulk-delete"),
    path("backup", apis.BackupApi.as_view(), name="backup"),
    path("admin/audit", apis.AuditListApi.as_view(), name="audit-list"),
    path("admin/audit.csv", apis.AuditCsvApi.as_view(), name="audit-csv"),
    path("admin/arrears", apis.ArrearsApi.as_view(), name="arrears-list"),
    path("admin/bank-health", apis.BankHealthApi.as_view(), name="bank-health"),
    path("admin/bank-health.csv", apis.BankHealthCsvApi.as_view(), name="bank-health-csv"),
    path("admin/notifications/undelivered", apis.UndeliveredApi.as_view(), name="notifications-undelivered"),
    path("admin/jobs", apis.JobsApi.as_view(), name="jobs"),
    path("admin/reconcile", apis.ReconcileApi.as_view(), name="reconcile"),
    path("admin/reconcile/run", apis.ReconcileRunApi.as_view(), name="reconcile-run"),
    path("admin/ledger", apis.LedgerApi.as_view(), name="ledger"),
    path("admin/bank-settings", apis.BankSettingsApi.as_view(), name="bank-settings"),
    path("admin/proposals", apis.ProposalsApi.as_view(), name="proposals"),
    path("admin/waiting", apis.WaitingApi.as_view(), name="waiting"),
    path("admin/proposals/<int:pk>/approve", apis.ProposalApproveApi.as_view(), name="proposal-approve"),
    path("admin/proposals/<int:pk>/deny", apis.ProposalDenyApi.as_view(), name="proposal-deny"),
    path("me/statement.csv", apis.MyStatementApi.as_view(), name="my-statement"),
    path("players/<int:pk>/statement.csv", apis.PlayerStatementApi.as_view(), name="player-statement"),
    path("health", health.HealthApi.as_view(), name="health"),
    path("keep-alive/ping", health.AliveApi.as_view(), name="keep-alive"),
    path("status", health.AliveApi.as_view(), name="status"),
    path("heartbeat", health.AliveApi.as_view(), name="heartbeat"),
    path("alive", health.AliveApi.as_view(), name="alive"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # the split view serves its start-up script as a file: the page needs no inline script (CSP)
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="docs"),
    # any character, a line break too ("." is not): every unknown API path answers in the error shape
    re_path(r"^[\s\S]*$", views.api_not_found),
]

urlpatterns = [
    path("django-admin/", admin.site.urls),
    path("api/", include(api_patterns)),
    # for the machines that run the bank, not for people: a supervisor, a load balancer, Prometheus
    path("health/live", health.live_view, name="health-live"),
    path("health/ready", health.ready_view, name="health-ready"),
    path("metrics", metrics.metrics_view, name="metrics"),
    re_path(r"^(?!api/|ws/|static/|django-admin/).*$", views.spa, name="spa"),
]

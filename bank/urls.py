from django.contrib import admin
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from . import health, views

api_patterns = [
    path("", include("accounts.urls")),
    path("", include("credit.urls")),
    path("", include("lending.urls")),
    path("", include("exchange.urls")),
    path("health", health.HealthApi.as_view(), name="health"),
    path("keep-alive/ping", health.AliveApi.as_view(), name="keep-alive"),
    path("status", health.AliveApi.as_view(), name="status"),
    path("heartbeat", health.AliveApi.as_view(), name="heartbeat"),
    path("alive", health.AliveApi.as_view(), name="alive"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    # the split view serves its start-up script as a file: the page needs no inline script (CSP)
    path("docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="docs"),
    re_path(r"^.*$", views.api_not_found),
]

urlpatterns = [
    path("django-admin/", admin.site.urls),
    path("api/", include(api_patterns)),
    re_path(r"^(?!api/|ws/|static/|django-admin/).*$", views.spa, name="spa"),
]

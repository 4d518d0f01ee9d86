"""Health, keep-alive, the page for every app route, the schema, commands and deploy checks."""

import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from accounts.models import Player, User
from bank import live

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]


def test_unknown_live_kind_is_a_programming_error():
    with pytest.raises(ValueError):
        live.notify({"nonsense"})


def test_health_checks_database_and_channel_layer(api):
    response = api.get("/api/health")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "channel_layer": "ok"}


def test_health_answers_503_when_the_database_is_down(api, monkeypatch):
    from operations import health

    def broken():
        raise ConnectionError("database unreachable")

    monkeypatch.setattr(health, "check_database", broken)
    response = api.get("/api/health")
    assert response.status_code == 503
    assert response.json()["database"].startswith("error")


@pytest.mark.parametrize("path", ["/api/keep-alive/ping", "/api/status", "/api/heartbeat", "/api/alive"])
def test_keep_alive_paths_need_no_sign_in(api, path):
    response = api.get(path)
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["status"] == "ok"


@pytest.mark.parametrize("path", ["/", "/login", "/register", "/dashboard", "/admin-panel", "/admin", "/anything/else"])
def test_app_routes_answer_the_page(client, path):
    response = client.get(path)
    assert response.status_code == 200
    html = response.content.decode()
    assert '<div id="root"></div>' in html
    assert '"product": "Guild Bank"' in html
    assert '"sessionMs": 300000' in html and '"warningMs": 240000' in html


def test_unknown_api_path_answers_json_404(api):
    response = api.get("/api/no-such-thing")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_django_admin_site_lives_at_django_admin(client):
    response = client.get("/django-admin/")
    assert response.status_code == 302
    assert "/django-admin/login/" in response["Location"]


def test_player_admin_is_searchable_and_filterable(client, admin_user):
    from accounts.tests.factories import PlayerFactory

    PlayerFactory(name="Zed", bad_payer=True)
    PlayerFactory(name="Quin")
    client.force_login(admin_user)
    page = client.get("/django-admin/accounts/player/?q=zed&bad_payer__exact=1&blocked=no&client_type__exact=new")
    assert page.status_code == 200
    assert "Zed" in page.content.decode() and "Quin" not in page.content.decode()


def test_openapi_schema_builds_without_warnings():
    out = StringIO()
    call_command("spectacular", "--fail-on-warn", "--validate", stdout=out)
    assert "/api/login" in out.getvalue()


def test_api_docs_page_works_offline(client):
    html = client.get("/api/docs/").content.decode()
    assert "swagger-ui" in html
    assert "cdn" not in html.lower()


def test_ensure_admin_generates_a_password_once(monkeypatch):
    monkeypatch.delenv("BANK_ADMIN_PASSWORD", raising=False)
    first, second = StringIO(), StringIO()
    call_command("ensure_admin", stdout=first)
    call_command("ensure_admin", stdout=second)
    assert "created with password:" in first.getvalue()
    password = first.getvalue().split("password: ")[1].split()[0]
    assert User.objects.get(username="admin").check_password(password)
    assert "nothing changed" in second.getvalue()


def test_ensure_admin_takes_the_password_from_the_environment(monkeypatch):
    monkeypatch.setenv("BANK_ADMIN_PASSWORD", "from-the-env-1")
    call_command("ensure_admin", stdout=StringIO())
    admin = User.objects.get(username="admin")
    assert admin.is_staff and admin.check_password("from-the-env-1")


def test_seed_demo_is_idempotent():
    call_command("seed_demo", stdout=StringIO())
    count = Player.objects.count()
    call_command("seed_demo", stdout=StringIO())
    assert count >= 4 and Player.objects.count() == count
    aria = Player.objects.get(name="Aria")
    assert aria.user.check_password("guildbank1") and aria.has_solo_access
    assert not Player.objects.get(name="Dax").has_password


def test_seed_demo_if_empty_leaves_a_used_bank_alone():
    from accounts.tests.factories import PlayerFactory

    PlayerFactory()
    call_command("seed_demo", "--if-empty", stdout=StringIO())
    assert Player.objects.count() == 1


def test_production_settings_pass_check_deploy():
    env = {
        key: value for key, value in os.environ.items() if key not in {"DJANGO_SETTINGS_MODULE", "PYTEST_CURRENT_TEST"}
    }
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.production",
        DJANGO_SECRET_KEY="x" * 20 + "-a-real-looking-random-secret-key-value-0123456789",
        DJANGO_ALLOWED_HOSTS="bank.example.com",
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy"],
        check=False,
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "System check identified no issues" in result.stdout
    assert "WARNING" not in result.stdout + result.stderr


def test_every_page_and_answer_carries_the_content_security_policy(client, api):
    for response in (client.get("/dashboard"), api.get("/api/keep-alive/ping")):
        policy = response["Content-Security-Policy"]
        directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
        assert directives["script-src"] == "'self'"  # no inline script
        assert directives["style-src"] == "'self'"
        assert directives["connect-src"] == "'self'"
        assert directives["frame-ancestors"] == "'none'"


def test_the_api_docs_page_has_no_inline_script(client):
    page = client.get("/api/docs/").content.decode()
    assert "<script>" not in page.replace(" ", "")
    script = client.get("/api/docs/?script=")
    assert script["Content-Type"].startswith("application/javascript")

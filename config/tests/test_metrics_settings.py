"""The settings of /metrics (operations/metrics.py, issue 33): the addresses allowed to read it, and
a production token's quality. Who may read it: operations/tests/test_metrics.py."""

import secrets
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.settings.base import address_networks
from config.settings.secret_key import production_metrics_token_problem
from testkit.servers import production_settings_start

TOKEN = "metrics-token-Zq8vN3kP0xW7rT2yL5cH9bJ4"
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.django_db
def test_the_allowed_addresses_come_from_the_setting(api, settings, monkeypatch):
    monkeypatch.setenv("BANK_METRICS_ALLOWED", "10.1.0.0/16, 192.0.2.7")
    settings.BANK_METRICS_ALLOWED = address_networks("BANK_METRICS_ALLOWED", "127.0.0.0/8,::1")
    assert api.get("/metrics", REMOTE_ADDR="10.1.200.3").status_code == 200
    assert api.get("/metrics", REMOTE_ADDR="192.0.2.7").status_code == 200
    assert api.get("/metrics", REMOTE_ADDR="192.0.2.8").status_code == 404
    assert api.get("/metrics").status_code == 404  # loopback is no longer listed


def test_an_allowed_address_that_is_not_one_is_refused_at_start(monkeypatch):
    monkeypatch.setenv("BANK_METRICS_ALLOWED", "127.0.0.1,localhost")
    with pytest.raises(ImproperlyConfigured, match="BANK_METRICS_ALLOWED: 'localhost' is not an address"):
        address_networks("BANK_METRICS_ALLOWED", "127.0.0.0/8,::1")


def test_a_production_token_must_be_random_and_long_enough():
    assert production_metrics_token_problem("") is None  # unset: addresses only
    assert production_metrics_token_problem(TOKEN) is None
    assert "BANK_METRICS_TOKEN is 5 characters long" in production_metrics_token_problem("short")
    assert "BANK_METRICS_TOKEN" in production_metrics_token_problem("ab" * 20)


@pytest.mark.parametrize("token,reason", [("short-token", "is 11 characters long"), ("ab" * 20, "uses only 2")])
def test_production_refuses_to_start_with_a_weak_metrics_token_naming_it_not_showing_it(token, reason):
    result = production_settings_start(
        {"DJANGO_SECRET_KEY": secrets.token_urlsafe(64), "BANK_BACKUP_KEY": "", "BANK_METRICS_TOKEN": token}
    )
    assert result.returncode != 0 and "started" not in result.stdout
    assert f"BANK_METRICS_TOKEN {reason}" in result.stderr
    assert token not in result.stderr

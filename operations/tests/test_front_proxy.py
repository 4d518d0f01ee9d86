"""The production layout's front proxy (deploy/nginx.conf, started by deploy/serve as `make serve` starts
it): it owns the port, answers the limits on what a client sends in the bank's error shape, serves the
bundle with long cache headers, carries WebSockets to daphne and everything else to gunicorn, and is the
only source of a client's address."""

import asyncio
import json
import re
import time
import urllib.error
import urllib.request

import pytest
import websockets
from websockets.typing import Origin

from accounts.models import StaffSignInFailure
from accounts.tests.factories import AdminFactory, PlayerFactory
from operations.tests.test_production_layout import PASSWORD, sign_in, with_production_passwords
from testkit.layout import production_layout
from testkit.servers import call, needs_postgresql_and_redis

pytestmark = [
    pytest.mark.servers,
    needs_postgresql_and_redis,
    pytest.mark.django_db(transaction=True),
]


def raw_get(url: str, headers: dict[str, str] | None = None) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers or {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, {k.lower(): v for k, v in response.headers.items()}, response.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, error.read()


async def first_notice(ws_url: str, origin: str, trigger) -> dict:
    async with websockets.connect(ws_url, origin=Origin(origin), open_timeout=10) as socket:
        assert json.loads(await asyncio.wait_for(socket.recv(), 10)) == {"type": "hello"}
        await asyncio.to_thread(trigger)
        return json.loads(await asyncio.wait_for(socket.recv(), 10))


def test_the_proxy_answers_its_limits_serves_the_bundle_and_carries_sockets_to_daphne():
    admin = AdminFactory()
    aria = PlayerFactory(name="Aria")
    with_production_passwords(admin, aria.user)
    with production_layout(socket_workers=2) as layout:
        base = layout.base_url

        # a 20,000-character query string: the proxy's 414, in the API's shape
        status, headers, body = raw_get(f"{base}/api/health?pad={'a' * 20_000}")
        assert status == 414
        assert headers["content-type"].startswith("application/json")
        assert json.loads(body)["code"] == "uri_too_long"
        # one header over 16 KB: 431; a body over Django's limit: 413, both before any worker reads them
        status, _, body = raw_get(f"{base}/api/health", {"X-Pad": "b" * 20_000})
        assert (status, json.loads(body)["code"]) == (431, "header_too_long")
        request = urllib.request.Request(
            f"{base}/api/login",
            data=b"{" + b" " * 3_000_000 + b"}",
            method="POST",
            headers={"Content-Type": "application/json"},
        )
        try:
            urllib.request.urlopen(request, timeout=30)
        except urllib.error.HTTPError as error:
            assert (error.code, json.loads(error.read())["code"]) == (413, "body_too_large")
        else:
            pytest.fail("a 3 MB body was taken")
        # under the proxy's limit, the bank's own (8,192 characters) still answers
        status, _, body = raw_get(f"{base}/api/health?pad={'a' * 10_000}")
        assert (status, json.loads(body)["code"]) == (414, "uri_too_long")

        # the page names the bundle by its content hash, and the proxy serves it cached for a year
        status, _, page = raw_get(f"{base}/")
        assert status == 200
        bundle = re.search(r'src="(/static/[^"]+\.[0-9a-f]{12}\.js)"', page.decode())
        assert bundle, page[:2000]
        status, headers, _ = raw_get(f"{base}{bundle.group(1)}", {"Accept-Encoding": "gzip"})
        assert status == 200
        assert headers["cache-control"] == "public, max-age=31536000, immutable"
        assert headers.get("content-encoding") == "gzip"

        # a socket opened through the proxy hears of a write made through the proxy
        admin_token = sign_in(base, admin.username)
        aria_token = sign_in(base, "Aria")
        status, ticket = call(base, "POST", "/api/ws-ticket", token=aria_token)
        assert status == 201

        def grant_solo_access() -> None:
            status, _ = call(base, "PUT", f"/api/players/{aria.pk}", {"has_solo_access": True}, token=admin_token)
            assert status == 200

        ws_url = f"{layout.ws_url}/ws/bank/?ticket={ticket['ticket']}"
        notice = asyncio.run(first_notice(ws_url, base, grant_solo_access))
        assert notice == {"type": "bank_data", "kinds": ["credit", "players"]}

        # the client's address is the one the proxy saw: an X-Forwarded-For the client wrote is ignored
        status, _ = call(
            base,
            "POST",
            "/api/login",
            {"username": admin.username, "password": "not-" + PASSWORD},
            headers={"X-Forwarded-For": "203.0.113.9"},
        )
        assert status in (400, 401)
        assert list(StaffSignInFailure.objects.filter(user=admin).values_list("address", flat=True)) == ["127.0.0.1"]

        # nothing in the proxy's access log carries a query string (a ticket, a token); a socket's line is
        # written when it closes, and the log is flushed every second
        deadline = time.monotonic() + 10
        while "/ws/bank/" not in (access_log := (layout.run_dir / "nginx-access.log").read_text()):
            assert time.monotonic() < deadline, access_log
            time.sleep(0.2)
        assert ticket["ticket"] not in access_log
        assert "?" not in access_log

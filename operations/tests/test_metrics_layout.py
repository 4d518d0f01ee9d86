"""/metrics in the production layout (issue 33, part 1): nginx in front of two gunicorn workers, a daphne
process and a task worker, each keeping its figures in PROMETHEUS_MULTIPROC_DIR (deploy/serve).

- requests made to both HTTP workers are all counted, once: the page's count grows by the number
  made, and each worker's own file holds a part of it;
- a deliberate Discord backlog and a difference in the books (found by the day's books check, which
  the task worker runs as it starts) appear in it, with the live socket opened meanwhile and the pools;
- nginx passes it on only from an allowed address or with a credential, and the app checks the token.
"""

import asyncio
import http.client
import json
import shutil
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlparse

import pytest
import websockets
from django.db.models import F
from django.utils import timezone
from prometheus_client import CollectorRegistry
from prometheus_client.multiprocess import MultiProcessCollector
from websockets.typing import Origin

from accounts.tests.factories import PlayerFactory
from bank.models import OutboxMessage
from lending.models import Savings
from lending.tests.factories import SavingsFactory
from operations.models import ScheduledJob
from operations.tests.test_metrics import figures
from operations.tests.test_production_layout import sign_in, with_production_passwords
from testkit.layout import production_layout
from testkit.servers import call, needs_postgresql_and_redis

pytestmark = [pytest.mark.servers, needs_postgresql_and_redis, pytest.mark.django_db(transaction=True)]

TOKEN = "layout-metrics-token-Hq4Zx8Lw2Nv6Rt0Ks3Pd"
SCRAPER = "127.0.0.5"  # the one address allowed to read /metrics without the token, in this layout
BALANCER = "127.0.0.1"  # a load balancer in front (make balance): nginx believes its X-Forwarded-For
REQUESTS = 200
KEEP_ALIVE_200 = (
    "django_http_responses_total_by_status_view_method_total",
    {"status": "200", "view": "keep-alive", "method": "GET"},
)


def get(
    base_url: str, path: str, *, source: str = "127.0.0.1", token: str | None = None, forwarded_for: str = ""
) -> tuple[int, str]:
    """GET through nginx from the local address `source` (every 127.x address is this machine's), as a
    balancer would send it when `forwarded_for` names the client."""
    url = urlparse(base_url)
    connection = http.client.HTTPConnection(url.netloc, timeout=10, source_address=(source, 0))
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    if forwarded_for:
        headers["X-Forwarded-For"] = forwarded_for
    try:
        connection.request("GET", path, headers=headers)
        response = connection.getresponse()
        return response.status, response.read().decode()
    finally:
        connection.close()


def scrape(base_url: str) -> dict[str, float]:
    status, text = get(base_url, "/metrics", source=SCRAPER)
    assert status == 200, text
    return figures(text)


def keep_alive_answers(found: dict[str, float]) -> float:
    name, labels = KEEP_ALIVE_200
    key = name + "{" + ",".join(f'{k}="{v}"' for k, v in sorted(labels.items())) + "}"
    return found.get(key, 0.0)


def counted_by_each_process(metrics_dir: Path) -> dict[int, float]:
    """The keep-alive answers each process counted: prometheus_client's multiprocess collector over that
    process's file alone."""
    name, labels = KEEP_ALIVE_200
    counted = {}
    for path in metrics_dir.glob("counter_*.db"):
        with tempfile.TemporaryDirectory() as alone:
            shutil.copy(path, alone)
            registry = CollectorRegistry()
            MultiProcessCollector(registry, path=alone)
            value = registry.get_sample_value(name, labels)
        if value:
            counted[int(path.stem.rsplit("_", 1)[1])] = value
    return counted


def wait_for(condition, *, seconds: float, what: str):
    deadline = time.monotonic() + seconds
    while not (result := condition()):
        assert time.monotonic() < deadline, f"{what} did not happen within {seconds:g} s"
        time.sleep(0.3)
    return result


async def with_a_live_socket(ws_url: str, origin: str, while_open):
    async with websockets.connect(ws_url, origin=Origin(origin), open_timeout=10) as socket:
        assert json.loads(await asyncio.wait_for(socket.recv(), 10))["type"] == "hello"
        return await asyncio.to_thread(while_open)


def test_metrics_count_both_http_workers_requests_and_show_the_backlog_the_books_and_the_sockets():
    player = PlayerFactory(name="Mira")
    with_production_passwords(player.user)
    savings = SavingsFactory(invested_value=1_000_000, principal=1_000_000)
    Savings.objects.filter(pk=savings.pk).update(invested_value=F("invested_value") + 1)  # behind the ledger's back
    for minutes in (90, 30, 1):  # Discord is not set up in this layout: nothing is delivered
        message = OutboxMessage.objects.create(kind="test", content="hello", next_attempt_at=timezone.now())
        OutboxMessage.objects.filter(pk=message.pk).update(created_at=timezone.now() - timedelta(minutes=minutes))

    with production_layout(
        http_workers=2,
        BANK_METRICS_ALLOWED=f"{SCRAPER}/32",
        BANK_METRICS_TOKEN=TOKEN,
        BANK_TRUSTED_BALANCER=BALANCER,
    ) as layout:
        base = layout.base_url
        # who may read it: nginx refuses a caller from another address that sends no credential; the
        # app checks a credential
        assert get(base, "/metrics")[0] == 404
        assert get(base, "/metrics", token=TOKEN)[0] == 200
        assert get(base, "/metrics", token=TOKEN + "x")[0] == 403
        assert get(base, "/metrics", source=SCRAPER, token="not-the-token")[0] == 403
        # behind the balancer the address that counts is the client's, as the balancer names it: the
        # balancer's own address opens nothing, and a client's own X-Forwarded-For is not believed
        assert get(base, "/metrics", source=BALANCER, forwarded_for="203.0.113.5")[0] == 404
        assert get(base, "/metrics", source=BALANCER, forwarded_for=SCRAPER)[0] == 200
        assert get(base, "/metrics", source="127.0.0.2", forwarded_for=SCRAPER)[0] == 404

        # the day's books check ran as the task worker started, and found the difference
        wait_for(
            lambda: ScheduledJob.objects.filter(name="reconcile", last_succeeded_at__isnull=False).exists(),
            seconds=90,
            what="the day's books check",
        )
        before = scrape(base)

        with ThreadPoolExecutor(max_workers=8) as pool:
            statuses = list(pool.map(lambda _: call(base, "GET", "/api/keep-alive/ping")[0], range(REQUESTS)))
        assert statuses == [200] * REQUESTS

        after = scrape(base)
        assert keep_alive_answers(after) - keep_alive_answers(before) == REQUESTS
        by_process = counted_by_each_process(layout.run_dir / "metrics")
        assert len(by_process) == 2, by_process  # both workers served some
        assert sum(by_process.values()) == keep_alive_answers(after)

        assert after["bank_outbox_backlog"] == 3
        assert 90 * 60 <= after["bank_outbox_oldest_age_seconds"] < 95 * 60
        assert after["bank_reconcile_last_differences"] == 1
        assert after["bank_reconcile_last_run_timestamp_seconds"] > time.time() - 120
        assert after['bank_scheduled_job_last_success_timestamp_seconds{job="reconcile"}'] > time.time() - 120
        assert after['bank_scheduled_job_last_run_failed{job="overdue_savings"}'] == 0
        assert after["bank_task_worker_last_start_timestamp_seconds"] > time.time() - 120
        # every process samples its pool every 2 s; the task worker's has connections by now
        wait_for(lambda: scrape(base).get("bank_db_pool_connections", 0) >= 1, seconds=10, what="a pool sample")
        assert "bank_db_pool_requests_waiting" in after
        # the library's database figures, from every process
        assert after['django_db_execute_total{alias="default",vendor="postgresql"}'] > 0

        # a live socket counts while it is open, in the daphne process that holds it
        token = sign_in(base, "Mira")
        _, ticket = call(base, "POST", "/api/ws-ticket", token=token)
        ws_url = layout.ws_url + f"/ws/bank/?ticket={ticket['ticket']}"
        assert asyncio.run(with_a_live_socket(ws_url, base, lambda: scrape(base)["bank_live_sockets"])) == 1
        wait_for(lambda: scrape(base)["bank_live_sockets"] == 0, seconds=10, what="the socket's close")

        # readiness through the proxy, as a load balancer asks it
        status, body = get(base, "/health/ready")
        assert (status, json.loads(body)) == (
            200,
            {"status": "ok", "database": "ok", "channel_layer": "ok", "task_worker": "ok"},
        )
        assert get(base, "/health/live")[0] == 200

"""Two machines on one: the production layout twice (on 127.0.0.2 and 127.0.0.3, sharing PostgreSQL and
Redis) behind HAProxy (deploy/balance, deploy/haproxy.cfg), as README's "Several machines" runs them.
Under load, every process of one machine is killed: the players' sockets move to the other machine,
the only failures are the calls that were in flight, each answered honestly and settled by its retry
with the same Idempotency-Key, and the books balance; the machine comes back and takes calls again,
and the daily jobs ran once across both."""

import asyncio
import http.client
import json
import random
import secrets
import threading
import time
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import pytest
import websockets
from websockets.typing import Origin

from accounts.models import StaffSignInFailure
from accounts.tests.factories import AdminFactory, PlayerFactory
from lending.models import PendingLoan
from lending.tests.factories import SavingsFactory
from operations.jobs import JOBS
from operations.models import BackupRun, ReconcileRun, ScheduledJob
from operations.tests.test_production_layout import (
    PASSWORD,
    one_officer_decides_everything,
    sign_in,
    with_production_passwords,
)
from testkit.layout import balancer, production_layout
from testkit.servers import call, needs_postgresql_and_redis

pytestmark = [
    pytest.mark.servers,
    needs_postgresql_and_redis,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("books_balance"),
]

MACHINE_A, MACHINE_B = "127.0.0.2", "127.0.0.3"
# each machine's nginx believes the balancer's X-Forwarded-For (deploy/serve, deploy/nginx.conf)
ON_A_MACHINE = {"BANK_TRUSTED_BALANCER": "127.0.0.1"}
WRITERS = 8
RECONNECT_WITHIN = 5.0


def call_from(
    address: str, base_url: str, method: str, path: str, body: dict | None = None, headers: dict[str, str] | None = None
):
    """A call from another client address (a player elsewhere): (status, body), or (0, error) when no
    answer came at all."""
    host, port = base_url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=30, source_address=(address, 0))
    try:
        connection.request(
            method,
            path,
            body=json.dumps(body) if body else None,
            headers={"Content-Type": "application/json", **(headers or {})},
        )
        response = connection.getresponse()
        raw = response.read()
        return response.status, json.loads(raw) if raw else {}
    except OSError as error:
        return 0, {"error": repr(error)}
    finally:
        connection.close()


@dataclass
class Screen:
    """A player's open page: one socket through the balancer, opened again with a new ticket whenever it
    closes, after 1 s, 2 s, 4 s... as frontend/src/lib/live.ts does (which then refetches every query)."""

    token: str
    opened: list[float] = field(default_factory=list)
    closed: list[float] = field(default_factory=list)
    notices: list[tuple[float, dict]] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    async def keep_open(self, base_url: str, stop: asyncio.Event) -> None:
        delay = 1.0
        while not stop.is_set():
            try:
                status, ticket = await asyncio.to_thread(call, base_url, "POST", "/api/ws-ticket", token=self.token)
                if status != 201:
                    self.errors.append(f"ticket: {status} {ticket}")
                else:
                    url = base_url.replace("http://", "ws://") + f"/ws/bank/?ticket={ticket['ticket']}"
                    async with websockets.connect(url, origin=Origin(base_url), open_timeout=5) as socket:
                        assert json.loads(await socket.recv()) == {"type": "hello"}
                        self.opened.append(time.monotonic())
                        delay = 1.0
                        while not stop.is_set():
                            try:
                                raw = await asyncio.wait_for(socket.recv(), 0.5)
                            except TimeoutError:
                                continue
                            self.notices.append((time.monotonic(), json.loads(raw)))
                        return
            except (OSError, TimeoutError, websockets.exceptions.WebSocketException) as error:
                self.errors.append(repr(error))
            self.closed.append(time.monotonic())
            await asyncio.sleep(delay * random.uniform(1, 1.2))
            delay = min(delay * 2, 30)


def test_losing_a_machine_under_load_moves_sockets_fails_only_calls_in_flight_and_loses_no_bread(tmp_path):
    one_officer_decides_everything()
    # every machine signs and reads tokens with one secret key and backups with one backup key, and
    # writes its daily backup to one folder, as a share of a third machine would be
    shared = ON_A_MACHINE | {
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(64),
        "BANK_BACKUP_KEY": secrets.token_urlsafe(48),
        "BANK_BACKUP_DIR": str(tmp_path),
    }
    players = [PlayerFactory(credit_score=200) for _ in range(12)]
    for player in players:
        SavingsFactory(player=player, invested_value=1_000_000, principal=1_000_000)
    admin = AdminFactory()
    with_production_passwords(admin, *(player.user for player in players))

    with (
        production_layout(bind=MACHINE_A, **shared) as machine_a,
        production_layout(bind=MACHINE_B, **shared) as machine_b,
        balancer([machine_a, machine_b]) as front,
    ):
        base = front.base_url
        assert front.machines() == {"machine1": "UP", "machine2": "UP"}

        # the client's address is the one the balancer saw, through both proxies
        status, _ = call_from(
            "127.0.0.5", base, "POST", "/api/login", {"username": admin.username, "password": "not-" + PASSWORD}
        )
        assert status in (400, 401)
        assert list(StaffSignInFailure.objects.filter(user=admin).values_list("address", flat=True)) == ["127.0.0.5"]

        admin_token = sign_in(base, admin.username)
        tokens = {player.pk: sign_in(base, player.name) for player in players}
        screens = {player.pk: Screen(tokens[player.pk]) for player in players}
        stop_screens = asyncio.Event()
        loop = asyncio.new_event_loop()

        async def keep_screens_open() -> None:
            await asyncio.gather(*(screen.keep_open(base, stop_screens) for screen in screens.values()))

        screens_thread = threading.Thread(target=loop.run_until_complete, args=(keep_screens_open(),))
        screens_thread.start()
        try:
            deadline = time.monotonic() + 20
            while not all(screen.opened for screen in screens.values()):
                errors = [screen.errors[-3:] for screen in screens.values() if not screen.opened]
                assert time.monotonic() < deadline, f"sockets did not open through the balancer: {errors}"
                time.sleep(0.1)

            # the load: players file loan requests, each with its own Idempotency-Key, and read their bank
            # data; a call that got no good answer is sent again with the same key, as a careful client does
            first_answers: list[tuple[float, int]] = []
            settled: dict[str, int] = {}
            stop_load = threading.Event()
            lock = threading.Lock()

            def writer(index: int) -> None:
                player = players[index % len(players)]
                while not stop_load.is_set():
                    key = uuid.uuid4().hex
                    headers = {"Authorization": f"Bearer {tokens[player.pk]}", "Idempotency-Key": key}
                    body = {"value": 100_000, "total_days": 14}
                    started = time.monotonic()
                    status, _ = call_from("127.0.0.1", base, "POST", "/api/pending-loans", body, headers)
                    with lock:
                        first_answers.append((started, status))
                    for _ in range(20):
                        if status in (201, 400, 409):
                            break
                        time.sleep(0.5)
                        status, _ = call_from("127.0.0.1", base, "POST", "/api/pending-loans", body, headers)
                    with lock:
                        settled[key] = status
                    reader = call_from("127.0.0.1", base, "GET", "/api/me/bank-data", headers=headers)
                    with lock:
                        first_answers.append((time.monotonic(), reader[0]))

            with ThreadPoolExecutor(max_workers=WRITERS) as pool:
                for index in range(WRITERS):
                    pool.submit(writer, index)
                time.sleep(4)
                machine_a.kill()
                killed_at = time.monotonic()
                time.sleep(8)
                stop_load.set()

            # HAProxy took the machine out of rotation
            assert front.machines()["machine1"] != "UP", front.machines()
            assert front.machines()["machine2"] == "UP"

            # the sockets that were on the lost machine opened again on the other within 5 s
            moved = [screen for screen in screens.values() if any(t > killed_at for t in screen.closed)]
            assert moved, "no socket was on the killed machine"
            reopened_after = []
            for screen in moved:
                reopened = [t for t in screen.opened if t > killed_at]
                assert reopened, f"a socket did not reopen: closed at {screen.closed}\n{front.logs()}"
                reopened_after.append(reopened[0] - killed_at)
            assert max(reopened_after) < RECONNECT_WITHIN, reopened_after

            # the only failures are the calls in flight when the machine died: at most one per writer,
            # each an honest 502/503 from the balancer, and every call settled with its retry
            failures = [(started, status) for started, status in first_answers if status not in (200, 201)]
            assert all(status in (502, 503) for _, status in failures), Counter(s for _, s in failures)
            assert len(failures) <= WRITERS, Counter(s for _, s in failures)
            assert all(started < killed_at + 3 for started, _ in failures), (failures, killed_at)
            assert set(settled.values()) == {201}, Counter(settled.values())
            print(
                f"{len(moved)} of {len(screens)} sockets moved, the last {max(reopened_after):.1f} s after the kill;"
                f" {len(failures)} calls in flight failed ({Counter(s for _, s in failures)}), each settled by its retry;"
                f" {len(settled)} loan requests filed once each"
            )
            # each key filed one request, whatever happened to its first call
            assert PendingLoan.objects.count() == len(settled)

            # after the failover, a write reaches every open screen (which then refetches)
            written_at = time.monotonic()
            for player in players:
                path = f"/api/players/{player.pk}"
                assert call(base, "PUT", path, {"has_solo_access": True}, token=admin_token)[0] == 200
            deadline = time.monotonic() + 10
            while not all(any(t > written_at for t, _ in screen.notices) for screen in screens.values()):
                assert time.monotonic() < deadline, "a screen did not hear of a write after the failover"
                time.sleep(0.1)
        finally:
            loop.call_soon_threadsafe(stop_screens.set)
            screens_thread.join(timeout=20)

        # the machine comes back on its address and port, and takes calls again
        port = int(machine_a.base_url.rsplit(":", 1)[1])
        with production_layout(bind=MACHINE_A, port=port, **shared):
            deadline = time.monotonic() + 20
            while front.machines()["machine1"] != "UP":
                assert time.monotonic() < deadline, f"the machine did not come back: {front.machines()}"
                time.sleep(0.2)
            before = front.sessions()
            for _ in range(20):
                status, _ = call(base, "GET", "/api/me/bank-data", token=tokens[players[0].pk])
                assert status == 200
            after = front.sessions()
            assert after["machine1"] > before["machine1"], (before, after)

    # the daily jobs ran once, across both machines and the one that came back
    assert set(ScheduledJob.objects.filter(last_succeeded_at__isnull=False).values_list("name", flat=True)) >= set(JOBS)
    assert ReconcileRun.objects.count() == 1
    assert BackupRun.objects.count() == 1
    assert len(list(tmp_path.glob("*.json"))) == 1, list(tmp_path.iterdir())

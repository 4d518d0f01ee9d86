"""Live notices at scale: thousands of sockets over the production layout's two server processes.

    cd /work/main && DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379/0 \\
        .venv/bin/python bench/bench_live.py [--sockets 10000] [--players 2500] [--samples 40]

What it does:
1. creates a scratch PostgreSQL database (`guild_bench_live`, dropped first; DATABASE_URL only says
   where the server is) and uses Redis database 9 (flushed first), migrates, and adds the players,
   a signed-in session per socket and a ticket per socket (as POST /api/ws-ticket would), plus an
   admin with a few sockets of its own;
2. starts the production layout on that database and Redis (deploy/serve, as `make serve` does since
   issue 31: nginx on one port, /ws/ to two daphne processes on socket files, HTTP to two gunicorn
   workers, a task worker, production settings and the connection pool) and opens the sockets through
   nginx (`layout.ws_url`; several per player, as tabs are), waiting for each one's "hello"; nginx
   gives each new socket to the daphne process holding fewest;
3. measures the daphne processes' memory (resident set) before and after, per socket;
4. times notices: for each sample, an admin call changes one player (a credit adjustment through one
   process or the other); from the call's start, when does each of that player's sockets and each
   admin socket receive the notice? It also checks that no other player's socket hears it;
5. executes the credit migration for every player and times until every connected player's
   sockets have heard it;
6. counts the layout's database connections every 100 ms all along;
7. prints the figures, writes bench/results/live.json, and exits 1 when a goal of issues 13 and 19 is
   missed: a one-player change reaches its sockets at p95 < 50 ms, none misrouted, a migration reaches
   every connected player within 2 s, and the connections stay within their bound.
"""

import argparse
import asyncio
import gc
import json
import os
import platform
import re
import resource
import secrets
import statistics
import sys
import time
import urllib.error
import urllib.request
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.layout_tools import results_written, scratch_urls  # noqa: E402

RESULTS = ROOT / "bench" / "results" / "live.json"
SCRATCH_DB = "guild_bench_live"
REDIS_DB = 9
GOALS = {"p95_ms": 50.0, "migration_s": 2.0}


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _socket_server_pids(layout) -> list[int]:
    """The daphne processes' ids, as supervisor last started them (its log says)."""
    log = (layout.run_dir / "supervisord.log").read_text()
    spawned = dict(re.findall(r"spawned: '(sockets\d+)' with pid (\d+)", log))
    return [int(spawned[f"sockets{index}"]) for index in range(layout.socket_workers)]


def _open_files_raised() -> int:
    """This client holds every socket's file: as many open files as the hard limit allows."""
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


def _call(base: str, method: str, path: str, body: dict | None, token: str) -> int:
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"{base}{path}", data=data, method=method)
    request.add_header("Content-Type", "application/json")
    request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    if len(ordered) == 1:
        return ordered[0]
    return statistics.quantiles(ordered, n=100, method="inclusive")[int(share * 100) - 1]


class Sockets:
    """Every open socket, who it belongs to, and what it received when (perf_counter clock)."""

    def __init__(self) -> None:
        self.owner: list[int | None] = []  # player id, or None for an admin socket
        self.received: list[list[tuple[float, list[str]]]] = []
        self.tasks: list[asyncio.Task] = []
        self.closed: dict[int, str] = {}  # socket index: how it ended, for the ones that did
        self.refused = 0  # handshakes answered 4013 (try again later) and tried again

    async def open(self, url: str, origin: str, owner: int | None) -> None:
        import websockets
        from websockets.typing import Origin

        for attempt in range(4):
            socket = await websockets.connect(
                url, origin=Origin(origin), open_timeout=120, ping_interval=None, max_queue=None
            )
            try:
                hello = json.loads(await asyncio.wait_for(socket.recv(), 120))
                break
            except websockets.ConnectionClosed as closed:
                # 4013, try again later: the handshake took longer than the server allows (a browser
                # reconnects in a moment; the ticket was not spent)
                if closed.rcvd is None or closed.rcvd.code != 4013 or attempt == 3:
                    raise
                self.refused += 1
                await asyncio.sleep(1 + attempt)
        if hello != {"type": "hello"}:
            raise RuntimeError(f"unexpected first message {hello}")
        index = len(self.owner)
        self.owner.append(owner)
        self.received.append([])
        self.tasks.append(asyncio.create_task(self._read(socket, index)))

    async def _read(self, socket, index: int) -> None:
        try:
            async for raw in socket:
                message = json.loads(raw)
                if message.get("type") == "bank_data":
                    self.received[index].append((time.perf_counter(), message["kinds"]))
            self.closed[index] = f"closed {socket.close_code}"
        except Exception as error:  # noqa: BLE001 - a socket that fails ends its reader; reported
            self.closed[index] = f"{type(error).__name__}: {error}"[:200]

    def of(self, owner: int | None) -> list[int]:
        return [index for index, who in enumerate(self.owner) if who == owner]

    def heard_since(self, index: int, since: float) -> float | None:
        return next((at for at, _ in self.received[index] if at >= since), None)


async def _open_all(sockets: Sockets, plan: list[tuple[str, str, int | None]], concurrency: int) -> float:
    gate = asyncio.Semaphore(concurrency)
    started = time.perf_counter()

    async def one(url: str, origin: str, owner: int | None) -> None:
        async with gate:
            await sockets.open(url, origin, owner)

    await asyncio.gather(*(one(*entry) for entry in plan))
    return time.perf_counter() - started


async def _samples(sockets, servers, token, player_ids, count) -> tuple[list[float], int]:
    """Latencies (ms) from each call's start to each addressed socket hearing it; misrouted notices."""
    latencies: list[float] = []
    misrouted = 0
    admin_sockets = sockets.of(None)
    for sample in range(count):
        player_id = player_ids[(sample * 7919) % len(player_ids)]
        targets = sockets.of(player_id) + admin_sockets
        marks = {index: len(sockets.received[index]) for index in range(len(sockets.owner))}
        started = time.perf_counter()
        body = {"player_id": player_id, "points_change": 1, "reason": f"bench sample {sample}"}
        status = await asyncio.to_thread(
            _call, servers[sample % 2], "POST", "/api/admin/credit-score/adjust", body, token
        )
        if status != 200:
            raise RuntimeError(f"the adjustment answered {status}")
        deadline = time.perf_counter() + 5
        while time.perf_counter() < deadline and any(sockets.heard_since(i, started) is None for i in targets):
            await asyncio.sleep(0.002)
        for index in targets:
            heard = sockets.heard_since(index, started)
            latencies.append(((heard or deadline) - started) * 1000)
        await asyncio.sleep(0.2)  # let any stray notice arrive before counting
        wanted = set(targets)
        misrouted += sum(
            1 for index, mark in marks.items() if index not in wanted and len(sockets.received[index]) > mark
        )
    return latencies, misrouted


async def _migration(sockets, server, token) -> tuple[float, int, float, float]:
    """Seconds from the call's start until every connected player's sockets heard it; sockets missed;
    seconds the call itself took (the database work and the commit); seconds until the first heard it."""
    player_sockets = [index for index, owner in enumerate(sockets.owner) if owner is not None]
    started = time.perf_counter()
    status = await asyncio.to_thread(
        _call, server, "POST", "/api/admin/credit-score/execute-migration", {"select_all": True}, token
    )
    if status != 200:
        raise RuntimeError(f"the migration answered {status}")
    answered = time.perf_counter() - started
    deadline = time.perf_counter() + 30
    while time.perf_counter() < deadline and any(sockets.heard_since(i, started) is None for i in player_sockets):
        await asyncio.sleep(0.01)
    heard = [sockets.heard_since(index, started) for index in player_sockets]
    missed = sum(1 for at in heard if at is None)
    last = max((at for at in heard if at is not None), default=deadline)
    first = min((at for at in heard if at is not None), default=deadline)
    return last - started, missed, answered, first - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sockets", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=2_500)
    parser.add_argument("--admin-sockets", type=int, default=4)
    parser.add_argument("--samples", type=int, default=40)
    # at most this many handshakes at once: daphne listens on its socket file with Twisted's backlog
    # of 50, and a connection nginx finds refused (EAGAIN) counts that process out for 10 s (502s)
    parser.add_argument("--concurrency", type=int, default=40, help="sockets being opened at once")
    args = parser.parse_args(argv)

    database_url, redis_url = scratch_urls("bench_live.py", SCRATCH_DB, REDIS_DB)
    secret = secrets.token_urlsafe(50)
    env = dict(os.environ) | {
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": secret,
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost,testserver",
        "LOG_LEVEL": "WARNING",
    }
    os.environ.update(env)
    from bench.generate import players_create, setup_django

    setup_django()
    from django.core.management import call_command
    from django.utils import timezone

    from accounts.models import BankSession, Player, User, WsTicket
    from accounts.tokens import token_issue
    from testkit.layout import ConnectionSampler, production_layout

    call_command("migrate", interactive=False, verbosity=0)
    player_ids = players_create(args.players)
    users = User.objects.bulk_create(User(username=f"bench-player-{pid}", password="!") for pid in player_ids)
    players = list(Player.objects.filter(pk__in=player_ids).order_by("pk"))
    for player, user in zip(players, users, strict=True):
        player.user = user
    Player.objects.bulk_update(players, ["user"], batch_size=2_000)
    by_player = dict(Player.objects.filter(pk__in=player_ids).values_list("pk", "user_id"))
    admin = User.objects.create_user(username="bench-admin", password="x", is_staff=True, role="treasurer")
    now = timezone.now()
    owners = [player_ids[i % len(player_ids)] for i in range(args.sockets)] + [None] * args.admin_sockets
    sessions, tickets = [], []
    for owner in owners:
        sid = secrets.token_urlsafe(24)
        user_id = admin.pk if owner is None else by_player[owner]
        sessions.append(
            BankSession(sid=sid, user_id=user_id, token_jti=secrets.token_hex(16), expires_at=now + timedelta(hours=2))
        )
        # a ticket lives 30 s when the app asks for it; these wait for thousands of sockets before them
        tickets.append(
            WsTicket(
                key=secrets.token_urlsafe(32), user_id=user_id, session_id=sid, expires_at=now + timedelta(hours=1)
            )
        )
    BankSession.objects.bulk_create(sessions, batch_size=2_000)
    WsTicket.objects.bulk_create(tickets, batch_size=2_000)
    admin_token = token_issue(user=admin).access_token

    open_files = _open_files_raised()
    if open_files < len(owners) + 100:
        sys.exit(f"this process may open {open_files} files, fewer than the {len(owners)} sockets and some")
    with (
        production_layout(
            http_workers=2,
            socket_workers=2,
            task_workers=1,
            pool_max=10,
            REDIS_URL=redis_url,
            DJANGO_SECRET_KEY=secret,
            LOG_LEVEL="WARNING",
            BANK_SESSION_SECONDS="7200",
        ) as layout,
        ConnectionSampler() as sampler,
    ):
        server = layout.base_url
        servers = [server, server]  # one port: nginx gives the samples' calls to either HTTP worker
        processes = _socket_server_pids(layout)
        rss_before = [_rss_kb(pid) for pid in processes]
        plan = [
            (f"{layout.ws_url}/ws/bank/?ticket={ticket.key}", server, owner)
            for ticket, owner in zip(tickets, owners, strict=True)
        ]
        sockets = Sockets()

        async def run() -> dict:
            open_s = await _open_all(sockets, plan, args.concurrency)
            # the client's own 10,000 sockets out of its collector's walks: a full collection here
            # delayed reading the notices it times
            gc.collect()
            gc.freeze()
            await asyncio.sleep(2)  # let the servers settle after the connection storm
            rss_after = [_rss_kb(pid) for pid in processes]
            latencies, misrouted = await _samples(sockets, servers, admin_token, player_ids, args.samples)
            migration_s, missed, call_s, first_s = await _migration(sockets, servers[0], admin_token)
            return {
                "closed": sorted(set(sockets.closed.values()))[:5],
                "closed_count": len(sockets.closed),
                "refused": sockets.refused,
                "open_s": open_s,
                "rss_after": rss_after,
                "latencies": latencies,
                "misrouted": misrouted,
                "migration_s": migration_s,
                "missed": missed,
                "migration_call_s": call_s,
                "migration_first_s": first_s,
            }

        outcome = asyncio.run(run())

    latencies = outcome["latencies"]
    per_socket_kb = (sum(outcome["rss_after"]) - sum(rss_before)) / len(owners)
    result = {
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "machine": f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}",
        "sockets": len(owners),
        "players": args.players,
        "servers": 2,
        "open_all_s": round(outcome["open_s"], 1),
        "handshakes_refused_4013_and_retried": outcome["refused"],
        "memory_per_socket_kb": round(per_socket_kb, 1),
        "server_rss_mb": [round(kb / 1024, 1) for kb in outcome["rss_after"]],
        "notice_p50_ms": round(statistics.median(latencies), 1),
        "notice_p95_ms": round(_percentile(latencies, 0.95), 1),
        "notice_max_ms": round(max(latencies), 1),
        "samples": args.samples,
        "deliveries_timed": len(latencies),
        "misrouted": outcome["misrouted"],
        "migration_all_players_s": round(outcome["migration_s"], 2),
        "migration_sockets_missed": outcome["missed"],
        "migration_call_s": round(outcome["migration_call_s"], 2),
        "migration_first_socket_s": round(outcome["migration_first_s"], 2),
        "sockets_closed_during_run": outcome["closed_count"],
        "how_they_closed": outcome["closed"],
        "layout": (
            "make serve's since issue 31: nginx on one port, /ws/ to 2 daphne processes (socket files), HTTP to "
            "2 gunicorn workers, 1 task worker, production settings"
        ),
        "load_average_at_end": [round(value, 1) for value in os.getloadavg()],
        "database_connections_peak": sampler.peak,
        "database_connections_bound": layout.connection_bound,
    }
    problems = []
    if result["notice_p95_ms"] >= GOALS["p95_ms"]:
        problems.append(f"notice p95 {result['notice_p95_ms']} ms, the goal is under {GOALS['p95_ms']:.0f} ms")
    if result["misrouted"]:
        problems.append(f"{result['misrouted']} notices reached a socket they were not for")
    if result["migration_sockets_missed"] or result["migration_all_players_s"] >= GOALS["migration_s"]:
        problems.append(
            f"the migration reached every player in {result['migration_all_players_s']} s "
            f"({result['migration_sockets_missed']} sockets missed), the goal is under {GOALS['migration_s']:.0f} s"
        )
    if sampler.peak > layout.connection_bound:
        problems.append(
            f"the layout held {sampler.peak} database connections, over its bound {layout.connection_bound}"
        )
    return results_written(RESULTS, result, problems)


if __name__ == "__main__":
    sys.exit(main())

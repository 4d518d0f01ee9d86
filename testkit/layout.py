"""Start Guild Bank the production way (deploy/serve: supervisor, nginx in front of gunicorn's HTTP workers,
daphne processes for the sockets, the task workers, production settings) on the test run's own database,
for tests that load and break it."""

import os
import secrets
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

from testkit.servers import ROOT, env_for_test_database, free_port, wait_until_healthy

APPLICATION_NAME = "guild-bank-layout-test"  # how the test tells its servers' connections apart


@dataclass(frozen=True)
class Layout:
    base_url: str
    http_workers: int
    socket_workers: int
    task_workers: int
    pool_max: int
    run_dir: Path
    supervisor_pid: int = 0

    def kill(self) -> None:
        """Every process of the layout dies at once (SIGKILL), as when its machine is lost: supervisor,
        nginx, the HTTP workers, the socket servers and the task workers, with no chance to finish."""
        for pid in [self.supervisor_pid, *descendants(self.supervisor_pid)]:
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)

    @property
    def ws_url(self) -> str:
        return self.base_url.replace("http://", "ws://", 1)

    @property
    def programs(self) -> list[str]:
        """supervisor's names of the layout's processes."""
        return [
            "proxy",
            "http",
            *(f"sockets{index}" for index in range(self.socket_workers)),
            *(f"tasks{index}" for index in range(self.task_workers)),
        ]

    @property
    def connection_bound(self) -> int:
        """The most database connections the layout may hold: its Django processes x the pool's size."""
        return (self.http_workers + self.socket_workers + self.task_workers) * self.pool_max

    def logs(self) -> str:
        return "\n".join(f"--- {path.name}\n{path.read_text()[-4000:]}" for path in sorted(self.run_dir.glob("*.log")))


@contextmanager
def production_layout(
    *,
    http_workers: int = 2,
    socket_workers: int = 1,
    task_workers: int = 1,
    pool_max: int = 4,
    bind: str = "127.0.0.1",
    port: int | None = None,
    **env: str,
) -> Iterator[Layout]:
    """deploy/serve with production settings on `bind` and a free port (or `port`); stopped (SIGTERM to
    supervisor) at the end."""
    port = port or free_port(bind)
    run_dir = Path(tempfile.mkdtemp(prefix="bank-layout-"))
    full_env = {k: v for k, v in os.environ.items() if k not in {"PYTEST_CURRENT_TEST", "DJANGO_SETTINGS_MODULE"}}
    full_env |= env_for_test_database()
    full_env |= {
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(64),
        "DJANGO_SECURE_SSL_REDIRECT": "false",  # plain HTTP on 127.0.0.1: no TLS proxy in front here
        "HTTP_WORKERS": str(http_workers),
        "SOCKET_WORKERS": str(socket_workers),
        "TASK_WORKERS": str(task_workers),
        "PORT": str(port),
        "BANK_BIND": bind,
        "BANK_RUN_DIR": str(run_dir),
        # its own copy of the static files: deploy/serve collects them at start, and two layouts of a
        # parallel run collecting into one folder would rewrite files the other's nginx is serving
        "BANK_STATIC_ROOT": str(run_dir / "static"),
        "BANK_DB_POOL_MAX": str(pool_max),
        "PGAPPNAME": APPLICATION_NAME,
        "BANK_SESSION_SECONDS": "1800",
        "BANK_LOGIN_RATE": "100000/min",  # every sign-in of a load test comes from 127.0.0.1
        # the test calls a machine on its own address too (and HAProxy checks it as localhost)
        "DJANGO_ALLOWED_HOSTS": f"127.0.0.1,localhost,{bind}",
    }
    full_env |= env
    supervisor = subprocess.Popen(
        [str(ROOT / "deploy" / "serve")],
        cwd=ROOT,
        env=full_env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    base_url = f"http://{bind}:{port}"
    layout = Layout(
        base_url=base_url,
        http_workers=http_workers,
        socket_workers=socket_workers,
        task_workers=task_workers,
        pool_max=pool_max,
        run_dir=run_dir,
        supervisor_pid=supervisor.pid,
    )
    try:
        try:
            # deploy/serve collects the static files first: half a minute on a busy machine
            wait_until_healthy(base_url, supervisor, timeout=120)
            _wait_for_every_worker(layout)
        except RuntimeError as error:
            raise RuntimeError(f"{error}\n{layout.logs()}") from None
        yield layout
    finally:
        supervisor.send_signal(signal.SIGTERM)
        try:
            supervisor.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(supervisor.pid, signal.SIGKILL)
            supervisor.wait(timeout=10)
        shutil.rmtree(run_dir / "static", ignore_errors=True)  # 35 MB a layout; the logs stay


def descendants(pid: int) -> list[int]:
    """Every process started by `pid`, its children's children included (read from /proc: supervisor
    puts each program in a process group of its own, so one killpg does not reach them all)."""
    children: dict[int, list[int]] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # the process ended while we looked
        children.setdefault(int(fields[1]), []).append(int(stat.parent.name))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


@dataclass(frozen=True)
class Balancer:
    base_url: str
    run_dir: Path

    @property
    def ws_url(self) -> str:
        return self.base_url.replace("http://", "ws://", 1)

    def _stats(self) -> list[dict[str, str]]:
        """HAProxy's `show stat` rows of the machines, from its stats socket."""
        with socket.socket(socket.AF_UNIX) as sock:
            sock.connect(str(self.run_dir / "haproxy.sock"))
            sock.sendall(b"show stat\n")
            raw = b""
            while chunk := sock.recv(65536):
                raw += chunk
        lines = raw.decode().splitlines()
        header = lines[0].lstrip("# ").split(",")
        rows = [dict(zip(header, line.split(","), strict=False)) for line in lines[1:] if line]
        return [row for row in rows if row["pxname"] == "machines" and row["svname"].startswith("machine")]

    def machines(self) -> dict[str, str]:
        """Each machine's state as HAProxy sees it now: "UP", "DOWN", "DOWN 1/2" and so on."""
        return {row["svname"]: row["status"] for row in self._stats()}

    def sessions(self) -> dict[str, int]:
        """How many connections HAProxy has sent each machine so far."""
        return {row["svname"]: int(row["stot"]) for row in self._stats()}

    def logs(self) -> str:
        return "\n".join(f"--- {path.name}\n{path.read_text()[-4000:]}" for path in sorted(self.run_dir.glob("*.log")))


@contextmanager
def balancer(machines: list[Layout]) -> Iterator[Balancer]:
    """deploy/balance (HAProxy, deploy/haproxy.cfg) on 127.0.0.1 and a free port, in front of these
    layouts, as README's "Several machines" runs it; stopped at the end."""
    port = free_port()
    run_dir = Path(tempfile.mkdtemp(prefix="bank-balancer-"))
    env = {k: v for k, v in os.environ.items() if k not in {"PYTEST_CURRENT_TEST", "DJANGO_SETTINGS_MODULE"}}
    env |= env_for_test_database() | {
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(64),
        "PORT": str(port),
        "BANK_BIND": "127.0.0.1",
        "BANK_RUN_DIR": str(run_dir),
        "MACHINES": " ".join(machine.base_url.removeprefix("http://") for machine in machines),
    }
    log = (run_dir / "haproxy.log").open("w")
    process = subprocess.Popen(
        [str(ROOT / "deploy" / "balance")],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    proxy = Balancer(base_url=f"http://127.0.0.1:{port}", run_dir=run_dir)
    try:
        deadline = time.monotonic() + 30
        while set(_machines_or_none(proxy).values()) != {"UP"}:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"the balancer did not see every machine up\n{proxy.logs()}")
            time.sleep(0.2)
        yield proxy
    finally:
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)
        log.close()


def _machines_or_none(proxy: Balancer) -> dict[str, str]:
    try:
        return proxy.machines()
    except OSError:
        return {}  # not listening yet


def _wait_for_every_worker(layout: Layout, timeout: float = 60) -> None:
    """supervisor starts the processes together; the first healthy answer says only that nginx and one
    HTTP worker answer."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        log = (layout.run_dir / "supervisord.log").read_text()
        running = all(f"success: {name} entered RUNNING state" in log for name in layout.programs)
        if running and all(_listens(layout.run_dir / f"ws{index}.sock") for index in range(layout.socket_workers)):
            return
        time.sleep(0.2)
    raise RuntimeError("the layout's processes did not all start")


def _listens(path: Path) -> bool:
    """A daphne process has opened its socket file (it takes a while after supervisor counts it started)."""
    with socket.socket(socket.AF_UNIX) as sock:
        try:
            sock.connect(str(path))
        except OSError:
            return False
    return True


def server_connections(application_name: str = APPLICATION_NAME) -> int:
    """The database connections the layout's processes hold now (they connect under application_name)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND application_name = %s",
            [application_name],
        )
        return cursor.fetchone()[0]


class ConnectionSampler:
    """Counts the layout's database connections every 100 ms while it runs, in a thread of its own."""

    def __init__(self, application_name: str = APPLICATION_NAME):
        self.application_name = application_name
        self.samples: list[int] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        from django.db import connection

        try:
            while not self._stop.wait(0.1):
                self.samples.append(server_connections(self.application_name))
        finally:
            connection.close()

    @property
    def peak(self) -> int:
        return max(self.samples, default=0)

    def __enter__(self):
        self._thread.start()
        return self

    def __exit__(self, *exc):
        self._stop.set()
        self._thread.join(timeout=10)

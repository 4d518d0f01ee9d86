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
from contextlib import contextmanager
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
    *, http_workers: int = 2, socket_workers: int = 1, task_workers: int = 1, pool_max: int = 4, **env: str
) -> Iterator[Layout]:
    """deploy/serve with production settings on a free port; stopped (SIGTERM to supervisor) at the end."""
    port = free_port()
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
        "BANK_RUN_DIR": str(run_dir),
        # its own copy of the static files: deploy/serve collects them at start, and two layouts of a
        # parallel run collecting into one folder would rewrite files the other's nginx is serving
        "BANK_STATIC_ROOT": str(run_dir / "static"),
        "BANK_DB_POOL_MAX": str(pool_max),
        "PGAPPNAME": APPLICATION_NAME,
        "BANK_SESSION_SECONDS": "1800",
        "BANK_LOGIN_RATE": "100000/min",  # every sign-in of a load test comes from 127.0.0.1
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
    base_url = f"http://127.0.0.1:{port}"
    layout = Layout(
        base_url=base_url,
        http_workers=http_workers,
        socket_workers=socket_workers,
        task_workers=task_workers,
        pool_max=pool_max,
        run_dir=run_dir,
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

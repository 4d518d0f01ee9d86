"""Start Guild Bank the production way (deploy/serve: supervisor, N daphne processes on one socket,
the scheduler, production settings) on the test run's own database, for tests that load and break it."""

import os
import secrets
import signal
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from bank.core.testing.servers import ROOT, env_for_test_database, free_port, wait_until_healthy

APPLICATION_NAME = "guild-bank-layout-test"  # how the test tells its servers' connections apart


@dataclass(frozen=True)
class Layout:
    base_url: str
    workers: int
    pool_max: int
    run_dir: Path
    supervisor_pid: int

    def server_pids(self) -> list[int]:
        """The daphne processes' ids (supervisor's children that serve the socket)."""
        found = subprocess.run(
            ["pgrep", "-P", str(self.supervisor_pid), "-f", "bank.server"], check=False, capture_output=True, text=True
        )
        return sorted(int(pid) for pid in found.stdout.split())

    @property
    def connection_bound(self) -> int:
        """The most connections the layout may hold: (servers + the scheduler) x the pool's size."""
        return (self.workers + 1) * self.pool_max

    def logs(self) -> str:
        return "\n".join(f"--- {path.name}\n{path.read_text()[-4000:]}" for path in sorted(self.run_dir.glob("*.log")))


@contextmanager
def production_layout(*, workers: int = 2, pool_max: int = 4, **env: str) -> Iterator[Layout]:
    """deploy/serve with production settings on a free port; stopped (SIGTERM to supervisor) at the end."""
    port = free_port()
    run_dir = Path(tempfile.mkdtemp(prefix="bank-layout-"))
    full_env = {k: v for k, v in os.environ.items() if k not in {"PYTEST_CURRENT_TEST", "DJANGO_SETTINGS_MODULE"}}
    full_env |= env_for_test_database()
    full_env |= {
        "DJANGO_SETTINGS_MODULE": "bank.settings.production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(64),
        "DJANGO_SECURE_SSL_REDIRECT": "false",  # plain HTTP on 127.0.0.1: no TLS proxy in front here
        "WORKERS": str(workers),
        "PORT": str(port),
        "BANK_RUN_DIR": str(run_dir),
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
        base_url=base_url, workers=workers, pool_max=pool_max, run_dir=run_dir, supervisor_pid=supervisor.pid
    )
    try:
        try:
            wait_until_healthy(base_url, supervisor, timeout=60)
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


def _wait_for_every_worker(layout: Layout, timeout: float = 60) -> None:
    """supervisor starts the servers together; the first healthy answer may come from one of them."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        log = (layout.run_dir / "supervisord.log").read_text()
        names = [f"asgi{index}" for index in range(layout.workers)] + ["scheduler"]
        if all(f"success: {name} entered RUNNING state" in log for name in names):
            return
        time.sleep(0.2)
    raise RuntimeError("the layout's processes did not all start")


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

"""A local HTTP server standing in for a Discord webhook, for the outbox tests."""

import json
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


@dataclass
class FakeDiscord:
    """Answers each POST with the next planned behaviour, then "ok" once the plan runs out; keeps
    every body it was sent (a body counts as received as soon as it was read, as Discord posts it):
    - "ok": 204; "fail": 500; "slow": waits `slow_seconds`, then 204;
    - "drip": its status line and headers one byte at a time, over `slow_seconds`, then 200;
    - "drip_body": 200 and its headers at once, then its body one byte at a time over `slow_seconds`.
    A drip never pauses long enough for a socket timeout: only a deadline for the whole send stops it."""

    url: str = ""
    plan: list[str] = field(default_factory=list)
    slow_seconds: float = 2.0
    received: list[dict] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def next_behaviour(self) -> str:
        with self.lock:
            return self.plan.pop(0) if self.plan else "ok"

    @property
    def contents(self) -> list[str]:
        with self.lock:
            return [body["content"] for body in self.received]


@contextmanager
def fake_discord(
    plan: list[str] | None = None, *, slow_seconds: float = 2.0, webhook_token: str = "token"
) -> Iterator[FakeDiscord]:
    """The fake's address is a webhook's, `http://127.0.0.1:<port>/api/webhooks/1/<webhook_token>` (a
    real webhook's last part is the secret that lets anyone post as the bank)."""
    fake = FakeDiscord(plan=list(plan or []), slow_seconds=slow_seconds)

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))) or b"{}")
            behaviour = fake.next_behaviour()
            if behaviour in {"drip", "drip_body"}:
                with fake.lock:
                    fake.received.append(body)
                self._drip(behaviour)
                return
            if behaviour == "slow":
                time.sleep(fake.slow_seconds)
            if behaviour == "fail":
                self.send_response(500)
                self.end_headers()
                return
            with fake.lock:
                fake.received.append(body)
            self.send_response(204)
            self.end_headers()

        def _drip(self, behaviour: str) -> None:
            payload = b'{"id": "1"}' * 20
            head = f"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {len(payload)}\r\n\r\n"
            slow, fast = (head.encode(), payload) if behaviour == "drip" else (payload, head.encode())
            if behaviour == "drip_body":
                self.wfile.write(fast)
                self.wfile.flush()
            pause = fake.slow_seconds / len(slow)
            try:
                for index in range(len(slow)):
                    self.wfile.write(slow[index : index + 1])
                    self.wfile.flush()
                    time.sleep(pause)
                if behaviour == "drip":
                    self.wfile.write(fast)
            except OSError:  # the deliverer cut the connection at its deadline
                pass
            self.close_connection = True

        def log_message(self, *args):  # keep the test output quiet
            pass

    with serving(Handler) as port:
        fake.url = f"http://127.0.0.1:{port}/api/webhooks/1/{webhook_token}"
        yield fake


@contextmanager
def serving(handler: type[BaseHTTPRequestHandler]) -> Iterator[int]:
    """A threaded HTTP server with this handler on 127.0.0.1 and a free port, for as long as the block runs:
    the port. The fakes of Discord (this webhook, testkit/discord_api.py's API) run in one."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()

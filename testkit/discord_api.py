"""A local HTTP server standing in for Discord's REST API and its OAuth2 pages, for the tests of the
bank's Discord application (guild_discord/). The webhook fake, for the outbox's channel messages, is
testkit/discord.py.

What it answers (under `api_base`, `http://127.0.0.1:<port>/api/v10`, as Discord's `/api/v10`):
- `POST /oauth2/token`: an authorization code it issued (once) for an access token; a code used
  twice, unknown, or sent with the wrong client or redirect answers 400 `invalid_grant`;
- `GET /users/@me` with `Authorization: Bearer <access token>`: the user who allowed the link;
- `PUT` or `POST /applications/{app}/commands` (and `/applications/{app}/guilds/{guild}/commands`):
  the commands, as sent, each given an id;
- `POST /users/@me/channels` `{recipient_id}`: a DM channel (one per recipient);
- `POST /channels/{id}/messages`, `PATCH /channels/{id}/messages/{id}`: the message;
- `POST /interactions/{id}/{token}/callback`: 204; `PATCH /webhooks/{app}/{token}/messages/@original`.
Every bot call must carry `Authorization: Bot <bot_token>` (else 401).

And outside the API, `authorize_url` (`http://127.0.0.1:<port>/oauth2/authorize`), the stand-in for
Discord's page where a person allows the link: it sends the browser straight back to `redirect_uri` with
a new `code` and the `state` it was given, as the user `fake.user` (whoever the test says is signed in
to Discord); `fake.deny = True` sends back `error=access_denied` instead.

`fake.rate_limit(path_part, times, retry_after)` answers the next `times` calls whose path contains
`path_part` with 429 and Discord's body `{"message", "retry_after", "global"}` (and `Retry-After`).
Everything it was sent is kept in `fake.calls` (method, path, headers, JSON or form body), the messages
it accepted in `fake.posted`."""

import itertools
import json
import secrets
import threading
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler

from testkit.discord import serving


@dataclass(frozen=True)
class Call:
    method: str
    path: str
    headers: dict[str, str]
    body: dict


@dataclass
class DiscordUser:
    id: str
    username: str
    global_name: str = ""


@dataclass
class FakeDiscordApi:
    client_id: str = "4242"
    client_secret: str = "fake-client-secret"
    bot_token: str = "fake-bot-token"
    application_id: str = "4242"
    user: DiscordUser = field(default_factory=lambda: DiscordUser(id="111000111000111001", username="linky"))
    deny: bool = False
    base: str = ""
    calls: list[Call] = field(default_factory=list)
    codes: dict[str, tuple[DiscordUser, str]] = field(default_factory=dict)  # code -> user, redirect_uri
    tokens: dict[str, DiscordUser] = field(default_factory=dict)
    channels: dict[str, str] = field(default_factory=dict)  # recipient id -> channel id
    posted: list[tuple[str, dict]] = field(default_factory=list)  # (channel id, message) it accepted
    limits: list[list] = field(default_factory=list)  # [path part, times left, retry_after]
    lock: threading.Lock = field(default_factory=threading.Lock)
    ids: Iterator[int] = field(default_factory=lambda: itertools.count(900_000_000_000_000_001))

    @property
    def api_base(self) -> str:
        return f"{self.base}/api/v10"

    @property
    def authorize_url(self) -> str:
        return f"{self.base}/oauth2/authorize"

    def settings(self) -> dict[str, str]:
        """The bank's settings (or a server's environment) that point it at this fake."""
        return {
            "DISCORD_API_BASE": self.api_base,
            "DISCORD_AUTHORIZE_URL": self.authorize_url,
            "DISCORD_CLIENT_ID": self.client_id,
            "DISCORD_CLIENT_SECRET": self.client_secret,
            "DISCORD_BOT_TOKEN": self.bot_token,
            "DISCORD_APPLICATION_ID": self.application_id,
        }

    def rate_limit(self, path_part: str, times: int = 1, retry_after: float = 1.0) -> None:
        with self.lock:
            self.limits.append([path_part, times, retry_after])

    def new_id(self) -> str:
        with self.lock:
            return str(next(self.ids))

    def calls_to(self, method: str, path_part: str) -> list[Call]:
        with self.lock:
            return [call for call in self.calls if call.method == method and path_part in call.path]

    def messages_to(self, recipient_id: str) -> list[str]:
        """The contents it accepted (not a 429) in the DM channel of this Discord user."""
        with self.lock:
            channel = self.channels.get(recipient_id)
            return [body.get("content", "") for posted_to, body in self.posted if posted_to == channel]

    def limited(self, path: str) -> float | None:
        with self.lock:
            for limit in self.limits:
                if limit[0] in path and limit[1] > 0:
                    limit[1] -= 1
                    return limit[2]
        return None

    def issue_code(self, redirect_uri: str) -> str:
        code = secrets.token_urlsafe(16)
        with self.lock:
            self.codes[code] = (self.user, redirect_uri)
        return code


@contextmanager
def fake_discord_api(**options) -> Iterator[FakeDiscordApi]:
    fake = FakeDiscordApi(**options)

    class Handler(BaseHTTPRequestHandler):
        def _answer(self, status: int, body: dict | list | None = None, headers: dict[str, str] | None = None) -> None:
            payload = b"" if body is None else json.dumps(body).encode()
            self.send_response(status)
            for name, value in (headers or {}).items():
                self.send_header(name, value)
            if body is not None:
                self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def _read(self) -> dict:
            raw = self.rfile.read(int(self.headers.get("Content-Length", 0) or 0))
            if not raw:
                return {}
            if self.headers.get("Content-Type", "").startswith("application/x-www-form-urlencoded"):
                return dict(urllib.parse.parse_qsl(raw.decode()))
            return json.loads(raw)

        def _handle(self, method: str) -> None:
            parts = urllib.parse.urlsplit(self.path)
            body = self._read() if method in {"POST", "PUT", "PATCH"} else {}
            with fake.lock:
                fake.calls.append(Call(method, parts.path, dict(self.headers.items()), body))
            if parts.path == "/oauth2/authorize" and method == "GET":
                self._authorize(dict(urllib.parse.parse_qsl(parts.query)))
                return
            if not parts.path.startswith("/api/v10/"):
                self._answer(404, {"message": "404: Not Found", "code": 0})
                return
            path = parts.path.removeprefix("/api/v10")
            retry_after = fake.limited(path)
            if retry_after is not None:
                self._answer(
                    429,
                    {"message": "You are being rate limited.", "retry_after": retry_after, "global": False},
                    {"Retry-After": str(retry_after), "X-RateLimit-Scope": "user"},
                )
                return
            if path == "/oauth2/token" and method == "POST":
                self._token(body)
                return
            if path == "/users/@me" and method == "GET":
                user = fake.tokens.get(self.headers.get("Authorization", "").removeprefix("Bearer "))
                if user is None:
                    self._answer(401, {"message": "401: Unauthorized", "code": 0})
                    return
                self._answer(
                    200,
                    {"id": user.id, "username": user.username, "global_name": user.global_name or None, "avatar": None},
                )
                return
            segments = path.strip("/").split("/")
            if segments[0] in {"interactions", "webhooks"}:  # the interaction's token authorizes these
                self._answer(
                    204 if segments[0] == "interactions" else 200,
                    None if segments[0] == "interactions" else {"id": fake.new_id(), **body},
                )
                return
            if self.headers.get("Authorization") != f"Bot {fake.bot_token}":
                self._answer(401, {"message": "401: Unauthorized", "code": 0})
                return
            if segments[0] == "applications" and segments[-1] == "commands" and method in {"PUT", "POST"}:
                commands = body if isinstance(body, list) else [body]
                self._answer(
                    200, [{"id": fake.new_id(), "application_id": segments[1], **command} for command in commands]
                )
                return
            if path == "/users/@me/channels" and method == "POST":
                recipient = str(body.get("recipient_id", ""))
                with fake.lock:
                    channel = fake.channels.setdefault(recipient, str(next(fake.ids)))
                self._answer(200, {"id": channel, "type": 1, "recipients": [{"id": recipient}]})
                return
            if segments[0] == "channels" and len(segments) >= 3 and segments[2] == "messages":
                if method == "POST" and len(segments) == 3:
                    with fake.lock:
                        fake.posted.append((segments[1], body))
                    self._answer(200, {"id": fake.new_id(), "channel_id": segments[1], **body})
                    return
                if method == "PATCH" and len(segments) == 4:
                    self._answer(200, {"id": segments[3], "channel_id": segments[1], **body})
                    return
            self._answer(404, {"message": "404: Not Found", "code": 0})

        def _authorize(self, query: dict[str, str]) -> None:
            redirect = query.get("redirect_uri", "")
            if query.get("client_id") != fake.client_id or not redirect or query.get("response_type") != "code":
                self._answer(400, {"message": "Invalid OAuth2 request"})
                return
            if fake.deny:
                back = {"error": "access_denied", "state": query.get("state", "")}
            else:
                back = {"code": fake.issue_code(redirect), "state": query.get("state", "")}
            self.send_response(302)
            self.send_header("Location", f"{redirect}?{urllib.parse.urlencode(back)}")
            self.send_header("Content-Length", "0")
            self.end_headers()

        def _token(self, body: dict) -> None:
            with fake.lock:
                issued = fake.codes.pop(body.get("code", ""), None)
            if (
                issued is None
                or body.get("grant_type") != "authorization_code"
                or body.get("client_id") != fake.client_id
                or body.get("client_secret") != fake.client_secret
                or body.get("redirect_uri") != issued[1]
            ):
                self._answer(400, {"error": "invalid_grant", "error_description": 'Invalid "code" in request.'})
                return
            token = secrets.token_urlsafe(16)
            with fake.lock:
                fake.tokens[token] = issued[0]
            self._answer(
                200,
                {
                    "access_token": token,
                    "token_type": "Bearer",
                    "expires_in": 604800,
                    "refresh_token": "r",
                    "scope": "identify",
                },
            )

        def do_GET(self):
            self._handle("GET")

        def do_POST(self):
            self._handle("POST")

        def do_PUT(self):
            self._handle("PUT")

        def do_PATCH(self):
            self._handle("PATCH")

        def log_message(self, *args):  # keep the test output quiet
            pass

    with serving(Handler) as port:
        fake.base = f"http://127.0.0.1:{port}"
        yield fake

"""Write the proxies' own error answers in the API's error shape, from the bank's texts:
`manage.py proxy_error_pages DIR` (deploy/serve runs it at every start for nginx, deploy/nginx.conf;
deploy/balance for HAProxy, deploy/haproxy.cfg, which reads whole HTTP answers: the `.http` files)."""

import json
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from bank.errors import error_body
from bank.middleware import URI_TOO_LONG

HEADER_TOO_LONG = "A request header is too long: at most 16 KB."
# the proxy cannot tell whether a call it lost on the way had already changed something
NO_ANSWER = (
    "The bank did not answer in time. If you were changing something, refresh to see whether it was saved "
    "before you try again."
)
# the balancer found no machine in rotation: the call reached none, so nothing was changed
NO_MACHINE = "The bank is not reachable right now. Nothing was changed; please try again in a moment."


def body_too_large() -> str:
    return f"The request body is too large: at most {settings.DATA_UPLOAD_MAX_MEMORY_SIZE / 2**20:g} MB."


def pages() -> dict[str, dict]:
    return {
        "414.json": error_body(URI_TOO_LONG, "uri_too_long"),
        "431.json": error_body(HEADER_TOO_LONG, "header_too_long"),
        "413.json": error_body(body_too_large(), "body_too_large"),
        "502.json": error_body(NO_ANSWER, "no_answer"),
    }


def balancer_pages() -> dict[str, bytes]:
    """HAProxy's error files are whole HTTP answers."""
    answers = {
        "502.http": (502, "Bad Gateway", NO_ANSWER, "no_answer"),
        "503.http": (503, "Service Unavailable", NO_MACHINE, "unavailable"),
    }
    pages = {}
    for name, (status, reason, detail, code) in answers.items():
        body = (json.dumps(error_body(detail, code)) + "\n").encode()
        head = (
            f"HTTP/1.1 {status} {reason}\r\nContent-Type: application/json\r\nCache-Control: no-store\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
        )
        pages[name] = head.encode() + body
    return pages


class Command(BaseCommand):
    help = "Write the front proxy's error answers (JSON) into a folder."

    def add_arguments(self, parser):
        parser.add_argument("folder")

    def handle(self, *args, folder: str, **options):
        target = Path(folder)
        target.mkdir(parents=True, exist_ok=True)
        for name, body in pages().items():
            (target / name).write_text(json.dumps(body) + "\n")
        for name, answer in balancer_pages().items():
            (target / name).write_bytes(answer)
        # nginx's body limit, the same as Django's (DATA_UPLOAD_MAX_MEMORY_SIZE), in kilobytes
        (target / "body-max").write_text(f"{-(-settings.DATA_UPLOAD_MAX_MEMORY_SIZE // 1024)}k\n")

"""Write the front proxy's own error answers (deploy/nginx.conf) in the API's error shape, from the
bank's texts: `manage.py proxy_error_pages DIR` (deploy/serve runs it at every start)."""

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


def body_too_large() -> str:
    return f"The request body is too large: at most {settings.DATA_UPLOAD_MAX_MEMORY_SIZE / 2**20:g} MB."


def pages() -> dict[str, dict]:
    return {
        "414.json": error_body(URI_TOO_LONG, "uri_too_long"),
        "431.json": error_body(HEADER_TOO_LONG, "header_too_long"),
        "413.json": error_body(body_too_large(), "body_too_large"),
        "502.json": error_body(NO_ANSWER, "no_answer"),
    }


class Command(BaseCommand):
    help = "Write the front proxy's error answers (JSON) into a folder."

    def add_arguments(self, parser):
        parser.add_argument("folder")

    def handle(self, *args, folder: str, **options):
        target = Path(folder)
        target.mkdir(parents=True, exist_ok=True)
        for name, body in pages().items():
            (target / name).write_text(json.dumps(body) + "\n")
        # nginx's body limit, the same as Django's (DATA_UPLOAD_MAX_MEMORY_SIZE), in kilobytes
        (target / "body-max").write_text(f"{-(-settings.DATA_UPLOAD_MAX_MEMORY_SIZE // 1024)}k\n")

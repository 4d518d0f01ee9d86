"""The HTTP server's own line limit answers 414, not a dropped connection.

daphne reads requests with Twisted's HTTPChannel, whose lines (the request line, each header) are
at most MAX_LENGTH bytes (16 KB). A longer line reached `LineReceiver.lineLengthExceeded`, which
closes the connection without a word: a client sending a long query string saw its connection
drop. Here the request line answers 414 (a header line 431) in the API's error shape, then closes.
Lines up to the limit reach the bank, whose own limit is lower (bank/core/middleware.py).

Twisted's class is patched once, when the ASGI application loads in a daphne process; the test in
bank/tests/test_http_limits.py fails loudly if Twisted stops calling this hook.
"""

import json

from bank.core.middleware import URI_TOO_LONG

HEADER_TOO_LONG = "A request header is too long: at most 16 KB."


def _answer(status: str, detail: str, code: str) -> bytes:
    body = json.dumps({"detail": detail, "code": code, "fields": {}}).encode()
    head = (
        f"HTTP/1.1 {status}\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n"
        "Connection: close\r\n\r\n"
    )
    return head.encode() + body


def line_length_exceeded(self, line):
    # the request line is the first one: nothing of this request was read yet
    first = getattr(self, "_HTTPChannel__first_line", True)
    if first:
        self.transport.write(_answer("414 URI Too Long", URI_TOO_LONG, "uri_too_long"))
    else:
        self.transport.write(_answer("431 Request Header Fields Too Large", HEADER_TOO_LONG, "header_too_long"))
    self.transport.loseConnection()


def install() -> None:
    """Make Twisted's HTTP server answer over-long lines (once per process; daphne only)."""
    from twisted.web.http import HTTPChannel

    HTTPChannel.lineLengthExceeded = line_length_exceeded

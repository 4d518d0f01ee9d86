"""Over-long addresses answer 414 in the error shape, from the bank and from daphne's own HTTP server."""

import http.client
import json

import pytest
from twisted.protocols.basic import LineReceiver
from twisted.web.http import HTTPChannel

from bank.core import http_limits
from bank.core.middleware import MAX_URL_PART
from bank.core.testing.servers import asgi_server, env_for_test_database

pytestmark = pytest.mark.django_db(transaction=True)


def get(base_url: str, path: str) -> tuple[int, bytes]:
    host, port = base_url.removeprefix("http://").split(":")
    connection = http.client.HTTPConnection(host, int(port), timeout=10)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        return response.status, response.read()
    finally:
        connection.close()


def test_twisted_still_calls_the_hook_this_patch_replaces():
    """A Twisted upgrade that stops calling lineLengthExceeded (or renames the first-line flag) must fail here."""
    assert "lineLengthExceeded" in LineReceiver.__dict__
    assert "_HTTPChannel__first_line" in HTTPChannel.__dict__
    http_limits.install()
    assert HTTPChannel.lineLengthExceeded is http_limits.line_length_exceeded


@pytest.mark.parametrize(
    "query_length",
    [
        MAX_URL_PART + 1,  # over the bank's own limit: the middleware answers
        20_000,  # over Twisted's 16 KB line: daphne answered nothing, now 414
    ],
)
def test_a_query_string_over_the_limit_answers_414_through_a_real_server(query_length):
    with asgi_server(env_for_test_database()) as base_url:
        answer_status, body = get(base_url, "/api/search/players?term=" + "a" * query_length)
    assert answer_status == 414
    assert json.loads(body)["code"] == "uri_too_long"

"""A change that got no answer (issue 22, item 11, the honest variant): when a gateway gives up
waiting for the bank, or the connection drops, the change may have been made; the screen says so
instead of "nothing was changed" or a bare status code."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from bank_ui import open_and_sign_in, open_tab, path_is
from playwright.sync_api import Page, Route, expect
from test_loans import admin_token, new_player

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, Server

MAYBE_SAVED = (
    "No answer came back from the bank, so this may have been saved. "
    "Refresh to check before trying again: a retry is not made twice."
)


def gateway_timeout_page(route: Route) -> None:
    # what nginx answers when the bank behind it took too long: its own HTML page, not the API's
    route.fulfill(
        status=504,
        content_type="text/html",
        body="<html><head><title>504 Gateway Time-out</title></head><body><center><h1>504 Gateway Time-out</h1>"
        "</center><hr><center>nginx</center></body></html>",
    )


def dropped_connection(route: Route) -> None:
    route.abort("connectionreset")


@pytest.mark.parametrize(
    "answer", [gateway_timeout_page, dropped_connection], ids=["gateway-timeout", "dropped-connection"]
)
def test_a_payment_with_no_answer_says_it_may_have_been_saved(
    page: Page, server: Server, shoot, answer: Callable[[Route], None]
):
    player_id, name = new_player(server, "Gata")
    status, loan = server.api(
        "POST", "/api/loans", {"player_id": player_id, "value": 100_000, "total_days": 10}, token=admin_token(server)
    )
    assert status == 201, loan
    writes: list[str] = []

    def no_answer(route: Route) -> None:
        writes.append(route.request.method)
        answer(route)

    page.route(re.compile(r".*/api/loans/\d+/payment.*"), no_answer)
    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    open_tab(page, "Check Loans")
    page.get_by_label("Search player or loan").fill(name)
    card = page.get_by_test_id(f"check-loan-{loan['id']}")
    expect(page.get_by_text("Showing 1 of 1 active loan", exact=True)).to_be_visible()
    card.get_by_role("button", name="Mark Paid", exact=True).click()

    expect(card.get_by_role("alert")).to_have_text(f"Error processing payment: {MAYBE_SAVED}")
    assert writes == ["POST"]  # asked once: the screen does not try again by itself
    shoot(page, "maybe-saved")

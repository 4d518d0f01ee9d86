"""Visual blemishes of issue 22, item 11: figures under their headers, a rate on one line, a
savings breakdown with room to read, and an unexpected server error in words a person can act on."""

from __future__ import annotations

import re

import pytest
from bank_ui import PHONE_VIEWPORT, axe_violations, open_and_sign_in, open_tab, path_is, scroll_to_top
from playwright.sync_api import Page, Route, expect
from test_savings import PASSWORD, admin_token, new_player, open_savings

from conftest import ADMIN_PASSWORD, ADMIN_USERNAME, Server

SERVER_TROUBLE = "Something went wrong on our side; nothing was changed. Try again."


def line_count(page: Page, locator) -> int:
    """How many lines the element's text takes: one client rect per line box of its text."""
    return locator.evaluate(
        """(element) => {
            const range = document.createRange();
            range.selectNodeContents(element);
            const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            return tops.size;
        }"""
    )


def text_box(locator) -> dict:
    """Where the element's text itself is drawn (its box may stretch wider than the text)."""
    return locator.evaluate(
        """(element) => {
            const range = document.createRange();
            range.selectNodeContents(element);
            const rect = range.getBoundingClientRect();
            return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
        }"""
    )


def test_my_savings_projection_headers_stand_over_their_figures(page: Page, server: Server, shoot):
    player_id, name = new_player(server, "Prova")
    open_savings(server, player_id, 250_000)
    open_and_sign_in(page, server.base_url, name, PASSWORD)
    expect(page).to_have_url(path_is("/dashboard"))
    open_tab(page, "My Savings")
    table = page.get_by_role("table", name="Compounding projections")
    expect(table.get_by_role("row")).to_have_count(4)
    for column, header in ((2, "Final Amount"), (3, "Total Earnings")):
        head = table.get_by_role("columnheader", name=header)
        figures = table.locator(f"tbody tr td:nth-child({column})")
        head_align = head.evaluate("(cell) => getComputedStyle(cell).textAlign")
        assert head_align == "right", f"{header} is aligned {head_align}"
        for index in range(figures.count()):
            assert figures.nth(index).evaluate("(cell) => getComputedStyle(cell).textAlign") == head_align
        # the header's right edge is the figures' right edge
        head_box, figure_box = head.bounding_box(), figures.first.bounding_box()
        assert head_box is not None and figure_box is not None
        assert abs((head_box["x"] + head_box["width"]) - (figure_box["x"] + figure_box["width"])) < 1
    scroll_to_top(page)
    shoot(page, "projections")


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 800}, PHONE_VIEWPORT], ids=["desktop", "phone"])
def test_a_pearl_rate_reads_on_one_line_in_the_settings(page: Page, server: Server, shoot, viewport):
    page.set_viewport_size(viewport)
    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    open_tab(page, "Pearl Exchange Settings")
    for test_id in ("current-sell-rate", "current-buy-rate"):
        rate = page.get_by_test_id(test_id)
        expect(rate).to_have_text(re.compile(r"^€[\d,]+ per pearl$"))
        assert line_count(page, rate) == 1, f"{test_id} breaks over lines"
        box, card = rate.bounding_box(), page.get_by_role("article").filter(has=rate).bounding_box()
        assert box is not None and card is not None
        assert box["x"] + box["width"] <= card["x"] + card["width"], "the rate spills out of its card"
    scroll_to_top(page)
    shoot(page, "pearl-settings")


def test_the_withdrawal_breakdown_gives_each_account_room(page: Page, server: Server, shoot):
    player_id, name = new_player(server, "Brea")
    for value in (1_250_000, 200_000):
        open_savings(server, player_id, value)
    open_and_sign_in(page, server.base_url, name, PASSWORD)
    open_tab(page, "Request Withdrawal")
    rows = page.get_by_role("list", name="Savings breakdown").get_by_role("listitem")
    expect(rows).to_have_count(2)
    for index in range(2):
        row = rows.nth(index)
        account = text_box(row.get_by_text(re.compile(r"^Savings #\d+$")))
        amount = text_box(row.get_by_text(re.compile(r"^€[\d,]+$")))
        facts = text_box(row.get_by_text(re.compile(r"weekly · \d+ payments?$")))
        # the account and its amount on one line, far apart; its rate and payments on a line of their own
        assert abs(account["y"] - amount["y"]) < 6
        assert amount["x"] - (account["x"] + account["width"]) > 24
        assert facts["y"] >= account["y"] + account["height"]
        assert line_count(page, row.get_by_text(re.compile(r"weekly · "))) == 1
    scroll_to_top(page)
    shoot(page, "withdrawal-breakdown")


def test_an_unexpected_server_error_says_nothing_was_changed(page: Page, server: Server):
    def proxy_error_page(route: Route) -> None:
        route.fulfill(status=502, content_type="text/html", body="<html><body><h1>502 Bad Gateway</h1></body></html>")

    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    # a read answered by a proxy's HTML page
    page.route(re.compile(r".*/api/admin/report\b.*"), proxy_error_page)
    open_tab(page, "Report")
    expect(page.get_by_text(f"Error loading the report: {SERVER_TROUBLE}", exact=True)).to_be_visible()


def test_an_unexpected_server_error_shows_its_reference_to_quote(page: Page, server: Server):
    """The proxy's own error page (deploy/nginx.conf) and the bank's answers say their request id in
    X-Request-ID: the screen shows it after the message, as text a person can select and copy."""
    reference = "51db1fc605873cb38a59495605801e35"

    def proxy_error_page(route: Route) -> None:
        route.fulfill(
            status=502,
            content_type="application/json",
            headers={"X-Request-ID": reference},
            body='{"detail": "", "code": "bad_gateway", "fields": {}}',
        )

    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    page.route(re.compile(r".*/api/admin/report\b.*"), proxy_error_page)
    open_tab(page, "Report")
    message = page.get_by_text(f"Error loading the report: {SERVER_TROUBLE} (Reference: {reference})", exact=True)
    expect(message).to_be_visible()
    assert axe_violations(page) == []


def test_a_server_error_on_a_payment_says_nothing_was_changed_unless_the_server_says_more(page: Page, server: Server):
    token = admin_token(server)
    player_id, name = new_player(server, "Erra")
    status, loan = server.api(
        "POST", "/api/loans", {"player_id": player_id, "value": 100_000, "total_days": 5}, token=token
    )
    assert status == 201, loan
    answers = iter(
        [
            {"status": 500, "content_type": "text/plain", "body": "Internal Server Error"},
            {
                "status": 500,
                "content_type": "application/json",
                "body": '{"detail": "The bank is being upgraded.", "code": "server_error", "fields": {}}',
            },
        ]
    )
    page.route(re.compile(r".*/api/loans/\d+/payment.*"), lambda route: route.fulfill(**next(answers)))

    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    open_tab(page, "Check Loans")
    page.get_by_label("Search player or loan").fill(name)
    card = page.get_by_test_id(f"check-loan-{loan['id']}")
    expect(page.get_by_text("Showing 1 of 1 active loan", exact=True)).to_be_visible()
    card.get_by_role("button", name="Mark Paid", exact=True).click()
    expect(card.get_by_role("alert")).to_have_text(f"Error processing payment: {SERVER_TROUBLE}")
    card.get_by_role("button", name="Mark Paid", exact=True).click()
    expect(card.get_by_role("alert")).to_have_text("Error processing payment: The bank is being upgraded.")


# --- issue 30, layout: nothing touches what is next to it ---------------------------------------

ROOM = 12  # px: the least space between two things that must not touch


def test_the_register_card_keeps_room_above_the_bottom_at_1280x800(page: Page, server: Server, shoot):
    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"{server.base_url}/register")
    card = page.locator(".auth-card")
    expect(card.get_by_role("button", name="Create Player Account")).to_be_visible()
    box = card.bounding_box()
    assert box is not None
    assert box["y"] >= ROOM, box
    assert box["y"] + box["height"] <= 800 - ROOM, f"the register card reaches {box['y'] + box['height']} of 800"
    shoot(page, "register-1280x800")


def test_the_overview_cards_and_check_savings_paragraph_do_not_touch(page: Page, server: Server, shoot):
    open_and_sign_in(page, server.base_url, ADMIN_USERNAME, ADMIN_PASSWORD)
    expect(page).to_have_url(path_is("/admin-panel"))
    quick = page.get_by_role("article").filter(has=page.get_by_role("heading", name="Quick Actions"))
    expect(quick).to_be_visible()
    # Quick Actions and Daily Jobs (shown once a job has run) stand in a column with a gap
    gap = quick.evaluate("(card) => parseFloat(getComputedStyle(card.parentElement).rowGap) || 0")
    assert gap >= ROOM, f"the Overview's cards are {gap}px apart"
    jobs = page.get_by_role("article").filter(has=page.get_by_test_id("daily-jobs"))
    if jobs.count():
        jobs_box, quick_box = jobs.bounding_box(), quick.bounding_box()
        assert jobs_box is not None and quick_box is not None
        assert jobs_box["y"] - (quick_box["y"] + quick_box["height"]) >= ROOM

    open_tab(page, "Check Savings")
    intro = page.get_by_text(re.compile(r"^Mark Paid and Mark Not Paid record the next week due"))
    expect(intro).to_be_visible()
    below = intro.evaluate(
        """(paragraph) => {
            let next = paragraph.nextElementSibling;
            while (next && next.getBoundingClientRect().height === 0) next = next.nextElementSibling;
            return next ? next.getBoundingClientRect().top - paragraph.getBoundingClientRect().bottom : null;
        }"""
    )
    assert below is None or below >= ROOM, f"Check Savings' paragraph is {below}px above what follows"
    scroll_to_top(page)
    shoot(page, "check-savings-top")


def test_my_savings_figures_keep_off_the_chart_divider(page: Page, server: Server, shoot):
    player_id, name = new_player(server, "Spaz")
    open_savings(server, player_id, 400_000)
    open_and_sign_in(page, server.base_url, name, PASSWORD)
    open_tab(page, "My Savings")
    figures = page.get_by_test_id("current-weekly-earnings").locator("xpath=ancestor::dl[1]")
    chart = page.get_by_role("region", name="Weekly earnings chart")
    expect(chart).to_be_visible()
    chart_box, figures_box = chart.bounding_box(), figures.bounding_box()
    assert chart_box is not None and figures_box is not None
    space = chart_box["y"] - (figures_box["y"] + figures_box["height"])
    assert space >= ROOM, f"the stat boxes are {space}px above the chart's divider"
    scroll_to_top(page)
    shoot(page, "my-savings-weekly-earnings")
